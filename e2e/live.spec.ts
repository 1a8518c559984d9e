import { expect, test } from './support/test';
import { apiBidder, importEvent, testEvent, uniqueCode, uniqueEmail } from './support/api';
import { openSignedIn } from './support/page';

const code = uniqueCode('live');

test.beforeAll(async ({ request }) => {
  await importEvent(
    request,
    testEvent(code, { items: [{ itemnum: '1', name: 'Harbor Cruise', startingbid: 50, minimumbidincrease: 5 }] }),
  );
});

test("a bid in one browser shows in another's list and item page without a reload, and a dropped connection catches up", async ({
  browser,
  request,
}) => {
  const ann = await apiBidder(request, code, uniqueEmail('ann'), 'Ann');
  const bob = await apiBidder(request, code, uniqueEmail('bob'), 'Bob');
  const cy = await apiBidder(request, code, uniqueEmail('cy'), 'Cy');
  const items = await (
    await request.post('/api/auctionitems', {
      headers: { authorization: `Bearer ${ann.token}` },
      data: { eventcode: code },
    })
  ).json();
  const itemid = items.auctionitems[0].itemid as number;
  const bid = (token: string, amount: number) =>
    request.post('/api/submitbid', {
      headers: { authorization: `Bearer ${token}` },
      data: { eventcode: code, itemid, bid: amount },
    });

  const watcherContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const list = await watcherContext.newPage();
  await openSignedIn(list, `/${code}/auction-items`, bob.token);
  const price = list.getByTestId('item-card').filter({ hasText: 'Harbor Cruise' }).getByTestId('item-price');
  await expect(price).toContainText('Starting Bid $50.00');
  const detail = await watcherContext.newPage();
  await openSignedIn(detail, `/${code}/auction-items/${itemid}`, bob.token);
  await expect(detail.locator('[data-testid="detail-current-bid"]:visible')).toHaveText('$50.00');
  // Both pages' live connections are up: what follows is a live message, not the catch-up a page
  // does once it connects (which a busy machine can delay past the second allowed below).
  for (const page of [list, detail]) await expect(page.locator('html')).toHaveAttribute('data-live', 'connected');

  expect((await bid(ann.token, 60)).ok()).toBe(true);
  await expect(price).toContainText('Last Bid $60.00', { timeout: 1000 });
  await expect(detail.locator('[data-testid="detail-current-bid"]:visible')).toHaveText('$60.00', { timeout: 1000 });
  await expect(detail.locator('[data-testid="history-entry"]:visible')).toHaveCount(1);

  // Cut the watcher's network, bid meanwhile, restore it: the missed change arrives.
  await watcherContext.setOffline(true);
  await expect(list.getByTestId('live-state')).toBeVisible();
  expect((await bid(cy.token, 75)).ok()).toBe(true);
  await watcherContext.setOffline(false);
  await expect(list.getByTestId('live-state')).toBeHidden({ timeout: 10_000 });
  await expect(price).toContainText('Last Bid $75.00', { timeout: 10_000 });
  await expect(detail.locator('[data-testid="detail-current-bid"]:visible')).toHaveText('$75.00', { timeout: 10_000 });
  await watcherContext.close();
});

test('an automatic bid the engine places for a bidder shows as theirs on their phone only, from the live messages alone', async ({
  browser,
  request,
}) => {
  const auto = uniqueCode('mine');
  await importEvent(
    request,
    testEvent(auto, { items: [{ itemnum: '1', name: 'Lighthouse Tour', startingbid: 50, minimumbidincrease: 5 }] }),
  );
  const ann = await apiBidder(request, auto, uniqueEmail('ann'), 'Ann');
  const bob = await apiBidder(request, auto, uniqueEmail('bob'), 'Bob');
  const items = await (
    await request.post('/api/auctionitems', {
      headers: { authorization: `Bearer ${ann.token}` },
      data: { eventcode: auto },
    })
  ).json();
  const itemid = items.auctionitems[0].itemid as number;
  const post = (token: string, data: object) =>
    request.post('/api/submitbid', {
      headers: { authorization: `Bearer ${token}` },
      data: { eventcode: auto, itemid, ...data },
    });

  const annPhone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const bobPhone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const asked: string[] = [];
  for (const [page, who] of [
    [annPhone, ann],
    [bobPhone, bob],
  ] as const) {
    await openSignedIn(page, `/${auto}/auction-items/${itemid}`, who.token);
    await expect(page.locator('[data-testid="bid-history"]:visible')).toContainText('No bids yet');
    await expect(page.locator('html')).toHaveAttribute('data-live', 'connected');
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) asked.push(r.url());
    });
  }

  // Ann sets a maximum elsewhere (the engine bids $50 for her); Bob bids $60 and the engine answers $65 for Ann.
  expect((await post(ann.token, { autobid: true, maxbid: 100, increment: 5 })).ok()).toBe(true);
  expect((await post(bob.token, { bid: 60 })).ok()).toBe(true);

  const entries = (page: typeof annPhone) => page.locator('[data-testid="history-entry"]:visible');
  for (const [page, mine] of [
    [annPhone, [true, false, true]],
    [bobPhone, [false, true, false]],
  ] as const) {
    await expect(entries(page)).toHaveCount(3);
    for (const [i, amount] of ['$65.00', '$60.00', '$50.00'].entries()) {
      await expect(entries(page).nth(i)).toContainText(amount);
      if (mine[i]) await expect(entries(page).nth(i)).toContainText('(you)');
      else await expect(entries(page).nth(i)).not.toContainText('(you)');
    }
  }
  expect(asked).toEqual([]);
});
