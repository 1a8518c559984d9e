import { expect, test, type Page } from './support/test';
import { PAGE_DATA_ID } from '@gavel/domain';
import { item } from '../testkit/documents';
import { apiBidder, importEvent, testEvent, uniqueCode, uniqueEmail } from './support/api';
import { galaStore } from './support/store';
import { DESKTOP, expectAccessible, lookAt, openSignedIn } from './support/page';
import { importBoardGala } from './support/board';

/**
 * Issue 26, item 2: a page that throws never leaves a blank screen. The crashes here are real ones,
 * provoked from outside the app: an answer the page cannot draw (a time that is no time), and a
 * page element taken away behind React's back (what translation tools and extensions do), which
 * makes React throw when it next removes it.
 */
const code = uniqueCode('crash');
const board = uniqueCode('crashb');

test.beforeAll(async ({ request }) => {
  await importEvent(
    request,
    testEvent(code, {
      items: [item('1', { name: 'Harbor Cruise' }), item('2', { name: 'Chef Dinner' })],
      store: galaStore(),
    }),
  );
  await importBoardGala(request, board);
});

/** The errors the page wrote to its console. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** Holds the page's calls to `path` until released, so the page is caught on its loading screen. */
async function holdCalls(page: Page, path: string): Promise<() => void> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/** Takes an element out of the page behind React's back: React throws when it next removes it. */
async function removeBehindReactsBack(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().waitFor();
  await page
    .locator(selector)
    .first()
    .evaluate((el) => el.remove());
}

/**
 * An answer of the event whose opening time is no time: the home throws when it formats it. The
 * home's page goes without the event's data it carries (server/src/lib/page-data.ts), so the home
 * asks for the event and gets this answer.
 */
async function unreadableOpening(page: Page): Promise<void> {
  await page.route(`**/${code}`, async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(
      new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">.*?</script>`),
      '',
    );
    const headers = Object.fromEntries(
      Object.entries(res.headers()).filter(([name]) => name !== 'content-encoding' && name !== 'content-length'),
    );
    await route.fulfill({ status: res.status(), headers, body: html });
  });
  await page.route('**/api/event', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as Record<string, unknown>;
    await route.fulfill({
      response: res,
      json: { ...body, eventflag: 'biddingnotopen', eventbiddingopen: 'not a time' },
    });
  });
}

test('the event home that throws shows the friendly error with Reload and the way home, and logs what happened', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await unreadableOpening(page);
  await page.goto(`/${code}`);

  const crash = page.getByTestId('crash');
  await expect(crash.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(crash).toContainText('Reload to try again');
  await expect(page.getByTestId('crash-reload')).toHaveText('Reload');
  await expect(page.getByTestId('crash-home')).toHaveText('Go to the Event Home');
  await expect(page.getByTestId('crash-home')).toHaveAttribute('href', `/${code}`);
  await expect(page.getByTestId('event-name')).toHaveCount(0);
  expect(errors.some((e) => e.includes(`Gavel: the page /${code} crashed`))).toBe(true);
  // Styled: a card on the app's background, the button in the app's plum.
  expect(await page.getByTestId('crash-reload').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    'rgb(75, 31, 115)',
  );
  await lookAt(page, 'crash-event-home');
  await expectAccessible(page);

  // Reload draws the page again, now that the answer is one it can draw.
  await page.unroute('**/api/event');
  await page.getByTestId('crash-reload').click();
  await expect(page.getByTestId('event-name')).toHaveText(`Test Gala ${code}`);
  await expect(page.getByTestId('crash')).toHaveCount(0);
});

test('the way home leaves a crashed page for the working home', async ({ page }) => {
  await unreadableOpening(page);
  await page.goto(`/${code}`);
  await expect(page.getByTestId('crash')).toBeVisible();
  await page.unroute('**/api/event');
  await page.getByTestId('crash-home').click();
  await expect(page).toHaveURL(new RegExp(`/${code}$`));
  await expect(page.getByTestId('event-name')).toHaveText(`Test Gala ${code}`);
});

test('an item page that throws leaves the rest of the app working, and the next route is drawn afresh', async ({
  page,
  request,
}) => {
  const ann = await apiBidder(request, code, uniqueEmail('ann'), 'Ann');
  // Harbor Cruise closes at no time at all: its page throws when it says when it closes.
  const unreadable = (i: { name: string }) => (i.name === 'Harbor Cruise' ? { ...i, closing: 'not a time' } : i);
  await page.route('**/api/auctionitems', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { auctionitems: Array<{ name: string }> };
    await route.fulfill({ response: res, json: { ...body, auctionitems: body.auctionitems.map(unreadable) } });
  });
  await page.route('**/api/itemdetails', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { item: { name: string } };
    await route.fulfill({ response: res, json: { ...body, item: unreadable(body.item) } });
  });
  await openSignedIn(page, `/${code}/auction-items`, ann.token);
  const cards = page.locator('[data-testid="item-card"]:visible');
  await expect(cards).toHaveCount(2);

  await cards.filter({ hasText: 'Harbor Cruise' }).click();
  const crash = page.locator('[data-testid="crash"]:visible');
  await expect(crash.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(crash.getByTestId('crash-home')).toHaveAttribute('href', `/${code}`);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await lookAt(page, 'crash-item-page');

  // Another route is drawn: back to the list, then the other item.
  await page.goBack();
  await expect(cards).toHaveCount(2);
  await expect(crash).toHaveCount(0);
  await cards.filter({ hasText: 'Chef Dinner' }).click();
  await expect(page).toHaveURL(/\/auction-items\/\d+$/);
  await expect(page.locator('[data-testid="item-page"]:visible')).toContainText('Chef Dinner');
  await expect(crash).toHaveCount(0);
  // Calls still on their way as the test ends are let go.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test("a store page that throws offers the store's landing as its way home", async ({ page }) => {
  const errors = consoleErrors(page);
  const release = await holdCalls(page, '/api/storesetup1');
  await page.goto(`/${code}/event`);
  await removeBehindReactsBack(page, '[data-testid="store-landing"] [role="status"]');
  release();
  const crash = page.getByTestId('crash');
  await expect(crash.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByTestId('crash-home')).toHaveText('Go to the Store');
  await expect(page.getByTestId('crash-home')).toHaveAttribute('href', `/${code}/event`);
  expect(errors.some((e) => e.includes(`Gavel: the page /${code}/event crashed`))).toBe(true);
  await lookAt(page, 'crash-store');

  await page.unroute('**/api/storesetup1');
  await page.getByTestId('crash-home').click();
  await expect(page.getByTestId('store-header')).toHaveText('Spring Gala Tickets');
});

test.describe('the display board', () => {
  test.use({ ...DESKTOP, viewport: { width: 1920, height: 1080 } });

  test('a board that throws says so on the screen, offers Reload, and reloads itself', async ({ page }) => {
    const errors = consoleErrors(page);
    const release = await holdCalls(page, '/api/displayboard');
    await page.goto(`/${board}/list`);
    await expect(page.getByTestId('board-loading')).toBeVisible();
    await removeBehindReactsBack(page, '[data-testid="board"]');
    release();
    const crash = page.getByTestId('crash');
    await expect(crash.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(crash).toContainText('reloads by itself in 30 seconds');
    await expect(page.getByTestId('crash-reload')).toBeVisible();
    await expect(page.getByTestId('crash-home')).toHaveCount(0);
    expect(errors.some((e) => e.includes('Gavel: the display board crashed'))).toBe(true);
    await lookAt(page, 'crash-board');

    await page.unroute('**/api/displayboard');
    await page.getByTestId('crash-reload').click();
    await expect(page.getByTestId('board')).toHaveAttribute('data-page', /^\d+$/);
  });
});
