import { expect, test, type APIRequestContext, type Page } from './support/test';
import { apiBidder, importEvent, testEvent, uniqueCode, uniqueEmail } from './support/api';
import { expectAccessible, fill, lookAt, openSignedIn } from './support/page';

// Issue 26, items 4–8: what a bidder is told offline, their own maximum, Buy It Now's price and
// limit, and the soonest item close.
test.use({ timezoneId: 'America/Chicago' });

const code = uniqueCode('clarity');
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const svg = (fill: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="${fill}"/></svg>`).toString('base64')}`;
const items = [
  {
    itemnum: '1',
    name: 'Weekend Getaway',
    startingbid: 100,
    minimumbidincrease: 10,
    imageurl: svg('#8a2be2'),
    photos: [svg('#8a2be2'), svg('#2e8b57')],
  },
  {
    itemnum: '2',
    name: 'Harbor Cruise',
    startingbid: 50,
    minimumbidincrease: 5,
    buyitnowavailable: true,
    buyitnowprice: 500,
    quantity: 1,
  },
  { itemnum: '3', name: 'Coffee Basket', buyitnowonly: true, buyitnowprice: 45, quantity: 5, maxpurchasequantity: 2 },
  { itemnum: '4', name: 'Spa Day', startingbid: 60, minimumbidincrease: 5, closing: inMinutes(118) },
  { itemnum: '5', name: 'Chef Dinner', startingbid: 80, minimumbidincrease: 5 },
  { itemnum: '6', name: 'Tea Basket', buyitnowonly: true, buyitnowprice: 30, quantity: 10 },
];

const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

/** A screenshot in the test's output folder (under test-results/, git-ignored), to look at. */
async function shot(page: Page, name: string): Promise<void> {
  await lookAt(page, `clarity-${name}`);
}

/** Waits for the page transitions to end, so a screenshot shows the page arrived at. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('.ion-page-invisible') &&
      document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

async function itemIds(request: APIRequestContext, token: string): Promise<Record<string, number>> {
  const res = await request.post('/api/auctionitems', {
    headers: { authorization: `Bearer ${token}` },
    data: { eventcode: code },
  });
  const body = (await res.json()) as { auctionitems: Array<{ name: string; itemid: number }> };
  return Object.fromEntries(body.auctionitems.map((i) => [i.name, i.itemid]));
}

async function bidsOn(request: APIRequestContext, token: string, itemid: number): Promise<number> {
  const res = await request.post('/api/itemdetails', {
    headers: { authorization: `Bearer ${token}` },
    data: { eventcode: code, itemid },
  });
  return ((await res.json()) as { item: { numberofbids: number } }).item.numberofbids;
}

test.beforeAll(async ({ request }) => {
  await importEvent(request, testEvent(code, { items }));
});

test('offline, the item page says its bid history failed to load, never that there are no bids, and loads it once back', async ({
  page,
  context,
  request,
}) => {
  const ann = await apiBidder(request, code, uniqueEmail('ann'), 'Ann');
  const max = await apiBidder(request, code, uniqueEmail('max'), 'Max');
  const ids = await itemIds(request, ann.token);
  for (const [who, amount] of [
    [ann, 100],
    [max, 110],
    [ann, 120],
    [max, 130],
  ] as const) {
    const res = await request.post('/api/submitbid', {
      headers: { authorization: `Bearer ${who.token}` },
      data: { eventcode: code, itemid: ids['Weekend Getaway'], bid: amount },
    });
    expect(res.ok()).toBe(true);
  }
  await openSignedIn(page, `/${code}/auction-items`, ann.token);
  await expect(page.getByTestId('item-card')).toHaveCount(items.length);

  await context.setOffline(true);
  await page.getByTestId('item-card').filter({ hasText: 'Weekend Getaway' }).click();
  await expect(visible(page, 'detail-bid-count')).toHaveText('4 bids');
  await expect(visible(page, 'history-failed')).toContainText('Couldn’t load the bid history — check your connection.');
  await expect(visible(page, 'history-failed-retry')).toBeVisible();
  await expect(visible(page, 'bid-history')).not.toContainText('No bids yet');
  await settled(page);
  await shot(page, 'offline-history');
  // Trying again offline still says it failed.
  await visible(page, 'history-failed-retry').click();
  await expect(visible(page, 'history-failed')).toBeVisible();

  await context.setOffline(false);
  await expect(visible(page, 'history-entry')).toHaveCount(4);
  await expect(visible(page, 'history-failed')).toHaveCount(0);
  await expect(visible(page, 'history-empty')).toHaveCount(0);

  // An item with no bids still says so in the empty state's words.
  await page.goto(`/${code}/auction-items/${ids['Chef Dinner']}`);
  await expect(visible(page, 'history-empty')).toHaveText('No bids yet. Be the first!');
});

test('offline, a bid cannot be confirmed and the page says it needs a connection; back online it is placed once', async ({
  page,
  context,
  request,
}) => {
  const bea = await apiBidder(request, code, uniqueEmail('bea'), 'Bea');
  const ids = await itemIds(request, bea.token);
  const chef = ids['Chef Dinner'] ?? 0;
  const before = await bidsOn(request, bea.token, chef);
  await openSignedIn(page, `/${code}/place-bid/${chef}`, bea.token);
  await expect(visible(page, 'min-bid')).toBeVisible();
  const min = Number((await visible(page, 'min-bid').innerText()).replace(/[$,]/g, ''));
  await fill(page, 'bid-amount', String(min + 20));
  await visible(page, 'submit-bid').click();
  await expect(visible(page, 'confirm-question')).toHaveText(`Bid $${min + 20}.00 on Chef Dinner?`);

  // Offline nothing is sent (a bid is never queued): Confirm waits for the connection.
  await context.setOffline(true);
  await expect(visible(page, 'needs-connection')).toHaveText('You’re offline. Bidding needs a connection.');
  await expect(visible(page, 'confirm-bid')).toHaveAttribute('aria-disabled', 'true');
  await expect(visible(page, 'confirm-amount')).toHaveText(`$${min + 20}.00`);
  await shot(page, 'offline-bid');
  expect(await bidsOn(request, bea.token, chef)).toBe(before);

  await context.setOffline(false);
  await expect(visible(page, 'needs-connection')).toHaveCount(0);
  await expect(visible(page, 'confirm-bid')).not.toHaveAttribute('aria-disabled', 'true');
  await shot(page, 'back-online-bid');
  await expectAccessible(page);
  await visible(page, 'confirm-bid').click();
  await expect(visible(page, 'bid-result-title')).toHaveText('Thank you for bidding!');
  expect(await bidsOn(request, bea.token, chef)).toBe(before + 1);
});

test('offline, Buy It Now says it needs a connection, and buys once back online', async ({
  page,
  context,
  request,
}) => {
  const cal = await apiBidder(request, code, uniqueEmail('cal'), 'Cal');
  const ids = await itemIds(request, cal.token);
  await openSignedIn(page, `/${code}/auction-items/${ids['Coffee Basket']}`, cal.token);
  await visible(page, 'buy-now').click();
  await page.getByTestId('buynow-next').click();
  await context.setOffline(true);
  await expect(page.getByTestId('needs-connection')).toHaveText('You’re offline. Buying needs a connection.');
  await expect(page.getByTestId('buynow-confirm')).toHaveAttribute('aria-disabled', 'true');
  await shot(page, 'offline-buynow');
  await context.setOffline(false);
  await expect(page.getByTestId('needs-connection')).toHaveCount(0);
  await page.getByTestId('buynow-confirm').click();
  await expect(page.getByTestId('buynow-thanks')).toBeVisible();
  const cart = await request.get('/api/cart', { headers: { authorization: `Bearer ${cal.token}` } });
  const lines = ((await cart.json()) as { auctionswon: Array<{ name: string; quantity: number }> }).auctionswon.filter(
    (l) => l.name === 'Coffee Basket',
  );
  expect(lines.map((l) => l.quantity)).toEqual([1]);
});

test('a Buy It Now whose answer was lost is bought once, even after Back and Next; a purchase that went through lets the next be new', async ({
  page,
  request,
}) => {
  const dee = await apiBidder(request, code, uniqueEmail('dee'), 'Dee');
  const ids = await itemIds(request, dee.token);
  await openSignedIn(page, `/${code}/auction-items/${ids['Tea Basket']}`, dee.token);
  // The first purchase reaches the server, but its answer never reaches the phone.
  await page.route(
    '**/api/submitbid',
    async (route) => {
      await route.fetch();
      await route.abort('failed');
    },
    { times: 1 },
  );
  await visible(page, 'buy-now').click();
  await page.getByTestId('buynow-next').click();
  await page.getByTestId('buynow-confirm').click();
  await expect(page.getByTestId('buynow-error')).toContainText('may not have been made');
  await page.getByTestId('buynow-step-confirm').getByRole('button', { name: 'Back' }).click();
  await page.getByTestId('buynow-next').click();
  await page.getByTestId('buynow-confirm').click();
  await expect(page.getByTestId('buynow-thanks')).toBeVisible();
  const bought = async () => {
    const cart = await request.get('/api/cart', { headers: { authorization: `Bearer ${dee.token}` } });
    return ((await cart.json()) as { auctionswon: Array<{ name: string; quantity: number }> }).auctionswon
      .filter((l) => l.name === 'Tea Basket')
      .reduce((n, l) => n + l.quantity, 0);
  };
  expect(await bought()).toBe(1);
  // A second, deliberate purchase of the same quantity is a new one.
  await page.getByTestId('continue-bidding').click();
  await visible(page, 'buy-now').click();
  await page.getByTestId('buynow-next').click();
  await page.getByTestId('buynow-confirm').click();
  await expect(page.getByTestId('buynow-thanks')).toBeVisible();
  expect(await bought()).toBe(2);
});

test('the leader by an automatic bid sees their maximum, confirmed on the success screen, and is told when it is passed', async ({
  page,
  browser,
  request,
}) => {
  const dee = await apiBidder(request, code, uniqueEmail('dee'), 'Dee');
  const eli = await apiBidder(request, code, uniqueEmail('eli'), 'Eli');
  const ids = await itemIds(request, dee.token);
  const spa = ids['Spa Day'] ?? 0;
  await openSignedIn(page, `/${code}/place-bid/${spa}`, dee.token);
  await page.getByTestId('auto-bid-toggle').click();
  await fill(page, 'max-bid', '1500');
  await fill(page, 'bid-increment', '5');
  await visible(page, 'submit-bid').click();
  await expect(visible(page, 'confirm-question')).toHaveText('Bid up to $1,500.00 on Spa Day?');
  await visible(page, 'confirm-bid').click();
  await expect(visible(page, 'bid-result-title')).toHaveText('Thank you for bidding!');
  await expect(visible(page, 'bid-result-detail')).toHaveText(
    'You are the high bidder at $60.00. Your maximum: $1,500.00.',
  );
  await shot(page, 'auto-bid-thanks');

  await expect(visible(page, 'detail-status')).toHaveText('Current High Bidder');
  await expect(visible(page, 'your-maximum')).toHaveText('Your maximum: $1,500.00');
  await settled(page);
  await shot(page, 'your-maximum');

  // Another bidder never sees it.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'America/Chicago' });
  const elisPage = await other.newPage();
  await openSignedIn(elisPage, `/${code}/auction-items/${spa}`, eli.token);
  await expect(visible(elisPage, 'detail-current-bid')).toHaveText('$60.00');
  await expect(elisPage.getByTestId('your-maximum')).toHaveCount(0);
  await expect(elisPage.getByText('$1,500.00')).toHaveCount(0);
  await other.close();

  // Passed by a higher bid: the leader's status and maximum say so, live.
  const over = await request.post('/api/submitbid', {
    headers: { authorization: `Bearer ${eli.token}` },
    data: { eventcode: code, itemid: spa, bid: 1600 },
  });
  expect(over.ok()).toBe(true);
  await expect(visible(page, 'detail-status')).toHaveText('Current Low Bidder');
  await page.reload();
  await expect(visible(page, 'your-maximum')).toHaveText('Your maximum of $1,500.00 was passed.');
});

test('cards and rows show the Buy It Now price of an item that also takes bids; a Buy-It-Now item shows its price once; the sheet says why the quantity stops', async ({
  page,
  request,
}) => {
  const fay = await apiBidder(request, code, uniqueEmail('fay'), 'Fay');
  await openSignedIn(page, `/${code}/auction-items`, fay.token);
  const card = (name: string) => page.getByTestId('item-card').filter({ hasText: name });
  await expect(card('Harbor Cruise').getByTestId('item-buynow')).toHaveText('Buy It Now $500.00');
  await expect(card('Harbor Cruise').getByTestId('item-price')).toHaveText('Starting Bid $50.00');
  await expect(card('Chef Dinner').getByTestId('item-buynow')).toHaveCount(0);
  await expect(card('Coffee Basket').getByTestId('item-buynow')).toHaveCount(0);
  await expect(card('Coffee Basket').getByTestId('item-price')).toHaveText('Buy Now $45.00');
  await shot(page, 'cards-buynow');
  if ((await page.getByTestId('item-list').getAttribute('data-layout')) === 'card')
    await page.getByTestId('layout-toggle').click();
  await expect(page.getByTestId('item-list')).toHaveAttribute('data-layout', 'list');
  await expect(card('Harbor Cruise').getByTestId('item-buynow')).toHaveText('Buy It Now $500.00');
  await shot(page, 'rows-buynow');
  await page.getByTestId('layout-toggle').click();

  await card('Coffee Basket').click();
  const box = visible(page, 'price-box');
  await expect(box).toContainText('$45.00');
  expect(((await box.innerText()).match(/\$45\.00/g) ?? []).length).toBe(1);
  await expect(visible(page, 'detail-buy-now')).toHaveCount(0);
  await expect(visible(page, 'detail-available')).toHaveText(/^[1-5] available$/);

  await visible(page, 'buy-now').click();
  await expect(page.getByTestId('buynow-limit')).toHaveText('Limit 2 per bidder.');
  await page.getByTestId('buynow-more').click();
  await expect(page.getByTestId('buynow-quantity')).toHaveText('2');
  await expect(page.getByTestId('buynow-more')).toBeDisabled();
  await expect(page.getByTestId('buynow-limit')).toHaveAttribute('data-at-limit', 'true');
  await shot(page, 'buynow-limit');
  await expect(page.getByTestId('buynow-more')).toHaveAttribute('aria-describedby', 'buynow-limit');

  // After buying one, what is left of the limit.
  await page.getByRole('button', { name: 'One fewer' }).click();
  await page.getByTestId('buynow-next').click();
  await page.getByTestId('buynow-confirm').click();
  await page.getByTestId('continue-bidding').click();
  await visible(page, 'buy-now').click();
  await expect(page.getByTestId('buynow-limit')).toHaveText('You can buy 1 more: the limit is 2 per bidder.');
  await expect(page.getByTestId('buynow-more')).toBeDisabled();
});

test('Welcome names the soonest item close when items close before the event’s end', async ({ page, request }) => {
  const gus = await apiBidder(request, code, uniqueEmail('gus'), 'Gus');
  await openSignedIn(page, `/${code}/welcome`, gus.token);
  // Spa Day closes 118 minutes after the import, well before the event's close in two days.
  await expect(page.getByTestId('welcome-items-countdown')).toHaveText(/^First items close in 1h [3-5]\dm$/);
  await expect(page.getByTestId('welcome-countdown')).toHaveText(/^Bidding closes in (1d 23h|2d 0h)$/);
  await expect(page.getByTestId('header-countdown')).toHaveCount(0);
  await shot(page, 'welcome-countdown');
});

test('under an hour to the first item close, the header counts it down', async ({ page, request }) => {
  const soon = uniqueCode('soon');
  await importEvent(
    request,
    testEvent(soon, {
      items: [
        { itemnum: '1', name: 'Early Bird', startingbid: 10, minimumbidincrease: 1, closing: inMinutes(30) },
        { itemnum: '2', name: 'Night Owl', startingbid: 10, minimumbidincrease: 1 },
      ],
    }),
  );
  const hal = await apiBidder(request, soon, uniqueEmail('hal'), 'Hal');
  await openSignedIn(page, `/${soon}/welcome`, hal.token);
  await expect(page.getByTestId('welcome-items-countdown')).toHaveText(/^First items close in 0h (29|30)m$/);
  await expect(page.getByTestId('header-countdown')).toHaveText(/^First items close in (29|30):\d\d$/);
  await shot(page, 'header-items-countdown');
});
