import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { eventDocument, item, timesAround } from '../testkit/documents';
import { apiBidder, importEvent, uniqueCode, uniqueEmail } from './support/api';
import { expectAccessible, lookAt, openSignedIn } from './support/page';
import type { BidderSession } from '../testkit/bidders';

// With the motion a phone shows by default (the journeys' config reduces it): pages and menus slide.
test.use({ reducedMotion: 'no-preference' });

/**
 * Issue 26, item 3: the notices panel under the bell is styled as the rest of the app (each notice
 * a row: title, its text on a line of its own, a muted time, a clear action; no bullets, no
 * underlines), also after a reload, when the notices' stack has not been loaded; and a long event
 * name in the header keeps clear of the menu, the bell and the cart.
 */
const code = uniqueCode('bell');
const LONG_NAME = 'The Riverbend Community Foundation Annual Autumn Harvest Gala and Silent Auction';
const MUTED = 'rgb(95, 91, 102)';
let ann: BidderSession;

async function bid(request: APIRequestContext, who: BidderSession, itemid: number, amount: number): Promise<void> {
  const res = await request.post('/api/submitbid', {
    headers: who.auth,
    data: { eventcode: code, itemid, bid: amount },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function noticeKinds(request: APIRequestContext, who: BidderSession): Promise<string[]> {
  const res = await request.get('/api/notices', { headers: who.auth });
  return ((await res.json()) as { notices: Array<{ kind: string }> }).notices.map((n) => n.kind).sort();
}

const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

async function box(el: Locator) {
  const b = await el.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  // Chef Dinner closes a few seconds from now, so Ann wins it; Bob outbids her on Harbor Cruise.
  const closing = new Date(Date.now() + 8_000).toISOString();
  await importEvent(
    request,
    eventDocument(timesAround(new Date()), {
      orgname: 'Riverbend Community Foundation',
      eventcode: code,
      eventname: LONG_NAME,
      items: [item('1', { name: 'Harbor Cruise' }), item('2', { name: 'Chef Dinner', closing })],
    }),
  );
  ann = await apiBidder(request, code, uniqueEmail('ann'), 'Ann');
  const bob = await apiBidder(request, code, uniqueEmail('bob'), 'Bob');
  const list = await request.post('/api/auctionitems', { headers: ann.auth, data: { eventcode: code } });
  const ids = Object.fromEntries(
    ((await list.json()) as { auctionitems: Array<{ name: string; itemid: number }> }).auctionitems.map((i) => [
      i.name,
      i.itemid,
    ]),
  );
  await bid(request, ann, ids['Harbor Cruise'] ?? 0, 50);
  await bid(request, ann, ids['Chef Dinner'] ?? 0, 50);
  await bid(request, bob, ids['Harbor Cruise'] ?? 0, 60);
  await expect
    .poll(() => noticeKinds(request, ann), { timeout: 45_000 })
    .toEqual(expect.arrayContaining(['outbid', 'won']));
});

test('each notice is a row: its title, its text on a line of its own, a muted time and an action; no bullets, no underlines', async ({
  page,
}) => {
  // A fresh load: no notice comes while the page is open, so the stack's styles never load.
  await openSignedIn(page, `/${code}/auction-items`, ann.token);
  await expect(page.getByTestId('notices-badge')).toBeVisible();
  await page.getByTestId('notices-bell').click();
  const panel = page.getByTestId('notices-panel');
  await expect(panel.getByRole('heading', { name: 'Notices' })).toBeVisible();
  // Measured once the sheet has risen into place.
  await settled(page);
  const entries = panel.getByTestId('notices-entry');
  expect(await entries.count()).toBeGreaterThanOrEqual(2);

  for (const entry of await entries.all()) {
    const title = await box(entry.getByTestId('notices-entry-title'));
    const text = await box(entry.getByTestId('notices-entry-text'));
    const time = entry.locator('time');
    // The text starts below the title, never on its line.
    expect(text.y).toBeGreaterThanOrEqual(title.y + title.height - 1);
    await expect(time).toHaveText(/^\d{1,2}:\d{2} [AP]M$/);
    expect(await time.evaluate((el) => getComputedStyle(el).color)).toBe(MUTED);
    expect(await entry.evaluate((el) => getComputedStyle(el).listStyleType)).toBe('none');
    for (const link of await entry.locator('a').all())
      expect(await link.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');
    const row = await box(entry);
    expect(row.x).toBeGreaterThanOrEqual(0);
    expect(row.x + row.width).toBeLessThanOrEqual(390);
  }
  const outbid = entries.and(page.locator('[data-kind="outbid"]'));
  await expect(outbid.getByTestId('notices-entry-title')).toHaveText('Outbid');
  await expect(outbid.getByTestId('notices-entry-text')).toContainText('You have been outbid on Harbor Cruise');
  await expect(outbid.getByTestId('notices-bid-again')).toHaveText('Bid again');
  // The main action is a filled button in the app's plum.
  expect(await outbid.getByTestId('notices-bid-again').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    'rgb(75, 31, 115)',
  );
  const won = entries.and(page.locator('[data-kind="won"]'));
  await expect(won.getByTestId('notices-entry-title')).toHaveText('You won!');
  await expect(won.getByTestId('notices-cart')).toHaveText('Go to My Cart');
  await settled(page);
  await lookAt(page, 'notices-panel-phone');
  await expectAccessible(page);

  // On a laptop the panel is a column in the middle, not a strip across the screen.
  await page.setViewportSize({ width: 1280, height: 800 });
  await settled(page);
  const sheet = await box(panel.getByRole('dialog'));
  expect(sheet.width).toBeLessThanOrEqual(560);
  expect(Math.abs(sheet.x + sheet.width / 2 - 640)).toBeLessThanOrEqual(2);
  await lookAt(page, 'notices-panel-laptop');
  await page.setViewportSize({ width: 390, height: 844 });

  await panel.getByTestId('notices-close').click();
  await expect(panel).toHaveCount(0);
  await page.getByTestId('notices-bell').click();
  await outbid.getByTestId('notices-bid-again').click();
  await expect(page).toHaveURL(new RegExp(`/${code}/place-bid/\\d+$`));
});

test('with no notices, the panel says what will be kept there', async ({ page, request }) => {
  const cy = await apiBidder(request, code, uniqueEmail('cy'), 'Cy');
  await openSignedIn(page, `/${code}/auction-items`, cy.token);
  await page.getByTestId('notices-bell').click();
  const empty = page.getByTestId('notices-empty');
  await expect(empty).toContainText('No notices yet');
  await expect(empty).toContainText(
    'When you are outbid, win an item or an item you bid on is closing soon, it is kept here.',
  );
  await expect(page.getByTestId('notices-entry')).toHaveCount(0);
  await settled(page);
  await lookAt(page, 'notices-panel-empty');
});

test('a long event name in the header wraps clear of the menu, the bell and the cart, and is cut short after two lines', async ({
  page,
}) => {
  await openSignedIn(page, `/${code}/auction-items`, ann.token);
  const header = page.locator('.gavel-header:visible').first();
  const title = header.locator('.gavel-title-text');
  await expect(title).toHaveText(LONG_NAME);
  await expect(page.getByTestId('cart-badge')).toBeVisible();
  await expect(header.getByTestId('menu-button')).toBeVisible();
  await settled(page);
  const name = await box(title);
  for (const testId of ['menu-button', 'notices-bell', 'cart-button']) {
    const button = await box(header.getByTestId(testId));
    const apart = name.x + name.width <= button.x + 1 || button.x + button.width <= name.x + 1;
    expect(apart, `the title and ${testId} side by side`).toBe(true);
  }
  // Two lines at most, the rest cut: the text is taller than what is shown.
  const lines = await title.evaluate((el) =>
    Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
  );
  expect(lines).toBeLessThanOrEqual(2);
  expect(await title.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await lookAt(page, 'header-long-name', { clip: { x: 0, y: 0, width: 390, height: 140 } });
});
