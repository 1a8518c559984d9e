import { expect, test, type APIRequestContext, type Page } from './support/test';
import { ADMIN_TOKEN, apiBidder, emailedLink, importEvent, testEvent, uniqueCode, uniqueEmail } from './support/api';
import { expectAccessible, fill, openSignedIn } from './support/page';

// Issue 9: no lost notices, no accidental bids, every item state told right.
test.use({ timezoneId: 'America/Chicago' });

const code = uniqueCode('items');
const svg = (fill: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="${fill}"/></svg>`).toString('base64')}`;
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const items = [
  {
    itemnum: '1',
    name: 'Weekend in Napa Valley',
    startingbid: 200,
    minimumbidincrease: 10,
    photos: [svg('#8a2be2'), svg('#2e8b57'), svg('#b8860b')],
  },
  { itemnum: '2', name: 'Harbor Cruise', startingbid: 50, minimumbidincrease: 5 },
  { itemnum: '3', name: 'Chef Dinner', startingbid: 80, minimumbidincrease: 5 },
  { itemnum: '4', name: 'Live Painting', itemisliveonly: true, startingbid: 0 },
  { itemnum: '5', name: 'Coffee Basket', buyitnowonly: true, buyitnowprice: 40, quantity: 1 },
  { itemnum: '6', name: 'Spa Day', startingbid: 60, minimumbidincrease: 5, closing: inMinutes(5) },
  { itemnum: '7', name: 'Gift Card', buyitnowonly: true, buyitnowprice: 25, quantity: 50 },
];

const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

async function itemIds(request: APIRequestContext, token: string): Promise<Record<string, number>> {
  const res = await request.post('/api/auctionitems', {
    headers: { authorization: `Bearer ${token}` },
    data: { eventcode: code },
  });
  const body = (await res.json()) as { auctionitems: Array<{ name: string; itemid: number }> };
  return Object.fromEntries(body.auctionitems.map((i) => [i.name, i.itemid]));
}

async function itemOf(
  request: APIRequestContext,
  token: string,
  itemid: number,
): Promise<{ numberofbids: number; currentbid: number }> {
  const res = await request.post('/api/itemdetails', {
    headers: { authorization: `Bearer ${token}` },
    data: { eventcode: code, itemid },
  });
  return ((await res.json()) as { item: { numberofbids: number; currentbid: number } }).item;
}

function bid(request: APIRequestContext, token: string, itemid: number, amount: number) {
  return request.post('/api/submitbid', {
    headers: { authorization: `Bearer ${token}` },
    data: { eventcode: code, itemid, bid: amount },
  });
}

test.beforeAll(async ({ request }) => {
  await importEvent(request, testEvent(code, { items, event: { eventallowguestentry: true } }));
});

test('three outbid notices all reach the bidder, hide nothing, open their items, and stay findable under the bell', async ({
  page,
  request,
}) => {
  const ann = await apiBidder(request, code, uniqueEmail('ann'), 'Ann');
  const bob = await apiBidder(request, code, uniqueEmail('bob'), 'Bob');
  const ids = await itemIds(request, ann.token);
  const three = ['Weekend in Napa Valley', 'Harbor Cruise', 'Chef Dinner'] as const;
  for (const [i, name] of three.entries())
    expect((await bid(request, ann.token, ids[name] ?? 0, [200, 50, 80][i] ?? 0)).ok()).toBe(true);

  await openSignedIn(page, `/${code}/auction-items`, ann.token);
  await expect(page.getByTestId('item-card')).toHaveCount(items.length);
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected');
  for (const [i, name] of three.entries())
    expect((await bid(request, bob.token, ids[name] ?? 0, [250, 60, 90][i] ?? 0)).ok()).toBe(true);

  const notices = page.getByTestId('notice');
  await expect(notices).toHaveCount(3);
  for (const name of three) await expect(notices.filter({ hasText: name })).toHaveAttribute('data-kind', 'outbid');
  // Below the header, in a colour of their own, and the page can scroll clear of them.
  const header = await page.locator('.gavel-header:visible .gavel-toolbar').boundingBox();
  const stack = await page.getByTestId('notices').boundingBox();
  expect(header && stack && stack.y >= header.y + header.height).toBe(true);
  const colours = await notices.first().evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(colours).not.toBe('rgb(75, 31, 115)');
  await expect(page.getByTestId('menu-button')).toBeVisible();
  await expect(page.getByTestId('cart-button')).toBeVisible();
  await expectAccessible(page);

  // Dismissing one leaves the others; the bell keeps all three, with times and 'Bid again'.
  await notices.filter({ hasText: 'Harbor Cruise' }).getByTestId('notice-dismiss').click();
  await expect(notices).toHaveCount(2);
  await expect(page.getByTestId('notices-badge')).toHaveText('3');
  await page.getByTestId('notices-bell').click();
  const entries = page.getByTestId('notices-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.filter({ hasText: 'Harbor Cruise' })).toContainText('Outbid');
  await expect(entries.first().locator('time')).toHaveText(/^\d{1,2}:\d{2} [AP]M$/);
  await entries.filter({ hasText: 'Harbor Cruise' }).getByTestId('notices-bid-again').click();
  await expect(page).toHaveURL(new RegExp(`/${code}/place-bid/${ids['Harbor Cruise']}$`));
  await expect(visible(page, 'min-bid')).toHaveText('$65.00');

  // A notice on screen opens its item.
  await notices.filter({ hasText: 'Chef Dinner' }).getByTestId('notice-open').click();
  await expect(page).toHaveURL(new RegExp(`/${code}/auction-items/${ids['Chef Dinner']}$`));
  await expect(notices).toHaveCount(1);
  await expect(notices.getByTestId('notice-bid-again')).toBeVisible();
});

test('a notice that follows another is not dropped', async ({ page, request }) => {
  const pat = await apiBidder(request, code, uniqueEmail('pat'), 'Pat');
  expect((await request.post('/api/passwordresetlink', { data: { email: pat.email, eventcode: code } })).ok()).toBe(
    true,
  );
  const link = await emailedLink(request, pat.email, '/auth/resetPassword/');
  let first = true;
  await page.route('**/api/passwordreset', async (route) => {
    if (!first) return route.continue();
    first = false;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'failure', message: 'Please try again.' }),
    });
  });
  await page.goto(link);
  await fill(page, 'new-password', 'another new pass');
  await fill(page, 'confirm-password', 'another new pass');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText(/^Password reset failed/)).toBeVisible();
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Password was reset successfully.')).toBeVisible();
  await expect(page.getByText(/^Password reset failed/)).toBeVisible();
});

test('a bid cannot be placed without the bidder seeing and confirming the amount', async ({ page, request }) => {
  const cy = await apiBidder(request, code, uniqueEmail('cy'), 'Cy');
  const ids = await itemIds(request, cy.token);
  const napa = ids['Weekend in Napa Valley'] ?? 0;
  const before = await itemOf(request, cy.token, napa);
  await openSignedIn(page, `/${code}/place-bid/${napa}`, cy.token);

  // An empty field is an error, not the minimum.
  await visible(page, 'submit-bid').click();
  await expect(visible(page, 'bid-error')).toHaveText('Please enter your bid amount.');

  // Over the cap and a third decimal: shown corrected before anything is sent.
  await fill(page, 'bid-amount', '1234567.899');
  await visible(page, 'submit-bid').click();
  await expect(visible(page, 'confirm-amount')).toHaveText('$1,000,000.00');
  await expect(visible(page, 'bid-corrections')).toHaveText(
    'You typed 1234567.899 as your bid; the most it may be is $1,000,000.00.',
  );
  await visible(page, 'change-bid').click();
  await expect(visible(page, 'bid-amount').locator('input')).toHaveValue('1234567.899');

  // 2500 for 250: the amount stands in large type in the question, and Change sends nothing.
  await fill(page, 'bid-amount', '2500');
  await visible(page, 'submit-bid').click();
  await expect(visible(page, 'confirm-question')).toHaveText('Bid $2,500.00 on Weekend in Napa Valley?');
  const size = await visible(page, 'confirm-amount').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(32);
  await expectAccessible(page);
  await visible(page, 'change-bid').click();
  expect((await itemOf(request, cy.token, napa)).numberofbids).toBe(before.numberofbids);

  // Quick bids: the minimum and a step or two above it, confirmed like any bid.
  const quick = visible(page, 'quick-bid');
  const min = before.currentbid > 0 ? before.currentbid + 10 : 200;
  await expect(quick).toHaveText([`$${min}.00`, `$${min + 10}.00`, `$${min + 20}.00`]);
  await quick.nth(1).click();
  await expect(visible(page, 'confirm-question')).toHaveText(`Bid $${min + 10}.00 on Weekend in Napa Valley?`);
  await visible(page, 'confirm-bid').click();
  await expect(visible(page, 'bid-result-title')).toHaveText('Thank you for bidding!');
  expect((await itemOf(request, cy.token, napa)).currentbid).toBe(min + 10);
});

test('an unauthorized bidder is told why wherever a bid or buy button would be', async ({ page, request }) => {
  const dee = await apiBidder(request, code, uniqueEmail('dee'), 'Dee');
  const off = await request.post('/api/admin/bidders/authorize', {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { eventcode: code, email: dee.email, authorizebidder: false },
  });
  expect(off.ok()).toBe(true);
  const ids = await itemIds(request, dee.token);
  await openSignedIn(page, `/${code}/auction-items/${ids['Harbor Cruise']}`, dee.token);
  await expect(visible(page, 'item-not-authorized')).toHaveText('Not authorized to bid. Contact the event organizer.');
  await expect(visible(page, 'place-bid')).toHaveCount(0);
  await page.goto(`/${code}/place-bid/${ids['Harbor Cruise']}`);
  await expect(visible(page, 'no-bid-reason')).toHaveText('Not authorized to bid. Contact the event organizer.');
  await expect(visible(page, 'submit-bid')).toHaveCount(0);
});

test('every item state reads right on the card and on the item page', async ({ page, request }) => {
  const eve = await apiBidder(request, code, uniqueEmail('eve'), 'Eve');
  const fay = await apiBidder(request, code, uniqueEmail('fay'), 'Fay');
  const ids = await itemIds(request, eve.token);
  const buy = await request.post('/api/submitbid', {
    headers: { authorization: `Bearer ${fay.token}` },
    data: { eventcode: code, itemid: ids['Coffee Basket'], buyitnow: true, quantity: 1 },
  });
  expect(buy.ok()).toBe(true);
  expect((await bid(request, eve.token, ids['Spa Day'] ?? 0, 60)).ok()).toBe(true);

  await openSignedIn(page, `/${code}/auction-items`, eve.token);
  const card = (name: string) => page.getByTestId('item-card').filter({ hasText: name });
  await expect(card('Live Painting').getByTestId('item-price')).toHaveText('Live Auction');
  await expect(card('Coffee Basket').getByTestId('item-price')).toHaveText('SOLD OUT');
  await expect(card('Coffee Basket').getByTestId('item-closing')).toHaveText('Closed');
  await expect(card('Harbor Cruise').getByTestId('item-closing')).toHaveText(/^\d+(d \d+h|h \d+m) left$/);
  // In the last minutes the time left turns urgent.
  await expect(card('Spa Day').getByTestId('item-closing')).toHaveText(/^0h [0-5]m left$/);
  await expect(card('Spa Day').getByTestId('item-closing')).toHaveClass(/gavel-urgent/);

  // Live-only: no starting bid, no bid count.
  await card('Live Painting').click();
  await expect(visible(page, 'detail-state')).toHaveText('Live Auction');
  await expect(visible(page, 'price-box')).not.toContainText('Starting Bid');
  await expect(visible(page, 'detail-bid-count')).toHaveCount(0);
  await page.goBack();

  // Sold out: SOLD OUT and Closed, no Buy It Now price, no '0 available', no future close date.
  await card('Coffee Basket').click();
  await expect(visible(page, 'detail-state')).toHaveText('SOLD OUT');
  await expect(visible(page, 'detail-time-left')).toHaveText('Closed');
  await expect(visible(page, 'price-box')).not.toContainText('available');
  await expect(visible(page, 'detail-buy-now')).toHaveCount(0);
  await expect(visible(page, 'detail-closing-time')).toHaveCount(0);
  await page.goBack();

  // An open item: its close in the bidder's zone with the zone's name, and 'just now' for a new bid.
  await card('Spa Day').click();
  await expect(visible(page, 'detail-closing-time')).toHaveText(/^\d{2}-\d{2}-\d{4} \d{1,2}:\d{2} [AP]M CST$/);
  await expect(visible(page, 'history-entry')).toContainText('just now');
  await expectAccessible(page);

  // After close the winner sees the winning bid, never SOLD OUT.
  await importEvent(
    request,
    testEvent(code, {
      items: items.map((i) =>
        i.name === 'Spa Day' ? { ...i, closing: new Date(Date.now() + 1500).toISOString() } : i,
      ),
      event: { eventallowguestentry: true },
    }),
  );
  await page.goto(`/${code}/auction-items/${ids['Spa Day']}`);
  await expect(visible(page, 'detail-status')).toHaveText('Winner', { timeout: 15_000 });
  await expect(visible(page, 'price-box')).toContainText('Winning Bid');
  await expect(visible(page, 'price-box')).not.toContainText('SOLD OUT');
  await page.goto(`/${code}/auction-items`);
  await expect(card('Spa Day').getByTestId('item-price')).toHaveText('Winning Bid $60.00');
  await expect(card('Spa Day').getByTestId('item-status')).toHaveText('Winner');
});

test('bid pages that cannot take a bid say why and offer a way back; a wrong item id says so at once', async ({
  page,
  request,
}) => {
  const gus = await apiBidder(request, code, uniqueEmail('gus'), 'Gus');
  const ids = await itemIds(request, gus.token);
  await openSignedIn(page, `/${code}/place-bid/${ids['Live Painting']}`, gus.token);
  await expect(visible(page, 'no-bid-reason')).toHaveText(
    'This item is sold at the live auction. Bid on it in the room.',
  );
  await expect(visible(page, 'submit-bid')).toHaveCount(0);
  await visible(page, 'no-bid-back').click();
  await expect(page).toHaveURL(new RegExp(`/${code}/auction-items/${ids['Live Painting']}$`));

  await page.goto(`/${code}/auto-bid/${ids['Chef Dinner']}`);
  await expect(visible(page, 'no-bid-reason')).toHaveText(
    'You have no automatic bid on this item. Place a bid instead.',
  );
  await expect(visible(page, 'current-max')).toHaveCount(0);
  await visible(page, 'no-bid-other').click();
  await expect(visible(page, 'submit-bid')).toBeVisible();

  await page.goto(`/${code}/auction-items/99999999`);
  await expect(visible(page, 'item-not-found')).toHaveText('This item was not found.', { timeout: 3000 });
});

test('guests are offered neither Watchlist nor My Bids', async ({ page }) => {
  await page.goto(`/${code}`);
  await page.getByTestId('guest-link').click();
  await expect(page.getByTestId('item-card').first()).toBeVisible();
  await page.getByTestId('filter-toggle').click();
  await expect(page.getByTestId('filter-Online Auction')).toBeVisible();
  await expect(page.getByTestId('filter-Watchlist')).toHaveCount(0);
  await expect(page.getByTestId('filter-My Bids')).toHaveCount(0);
});

test('the photo strip shows where the bidder is and works from the keyboard', async ({ page, request }) => {
  const hal = await apiBidder(request, code, uniqueEmail('hal'), 'Hal');
  const ids = await itemIds(request, hal.token);
  await openSignedIn(page, `/${code}/auction-items/${ids['Weekend in Napa Valley']}`, hal.token);
  const dots = visible(page, 'photo-dot');
  await expect(dots).toHaveCount(3);
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  await visible(page, 'item-photos').focus();
  await page.keyboard.press('ArrowRight');
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await dots.nth(2).click();
  await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
  await expectAccessible(page);
});

test('the header badge sits beside its icon, the close time stays on one line, and the watch star is a round button', async ({
  page,
  request,
}) => {
  const ivy = await apiBidder(request, code, uniqueEmail('ivy'), 'Ivy');
  const ids = await itemIds(request, ivy.token);
  const buy = await request.post('/api/submitbid', {
    headers: { authorization: `Bearer ${ivy.token}` },
    data: { eventcode: code, itemid: ids['Gift Card'], buyitnow: true, quantity: 1 },
  });
  expect(buy.ok()).toBe(true);
  await openSignedIn(page, `/${code}/auction-items`, ivy.token);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  const icon = await page.getByTestId('cart-button').locator('.gavel-icon').boundingBox();
  const badge = await page.getByTestId('cart-badge').boundingBox();
  if (!icon || !badge) throw new Error('no cart icon or badge');
  const overlapX = Math.max(0, Math.min(icon.x + icon.width, badge.x + badge.width) - Math.max(icon.x, badge.x));
  const overlapY = Math.max(0, Math.min(icon.y + icon.height, badge.y + badge.height) - Math.max(icon.y, badge.y));
  expect(overlapX * overlapY).toBeLessThan(0.35 * badge.width * badge.height);

  await page.goto(`/${code}/auction-items/${ids['Harbor Cruise']}`);
  const closes = visible(page, 'detail-closing-time');
  await expect(closes).toHaveText(/ [AP]M [A-Z]{2,5}$/);
  const lineHeight = await closes.evaluate(
    (el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.2,
  );
  expect((await closes.boundingBox())?.height ?? 0).toBeLessThan(lineHeight * 1.5);
  const star = await visible(page, 'watch-toggle').boundingBox();
  expect(star && Math.abs(star.width - star.height) < 2 && star.height <= 48).toBe(true);
});
