import { expect, test } from '@playwright/test';
import { apiBidder, importEvent, testEvent, uniqueCode } from './support/api';
import { openSignedIn } from './support/page';

const code = uniqueCode('live');

test.beforeAll(async ({ request }) => {
  await importEvent(request, testEvent(code, { items: [{ itemnum: '1', name: 'Harbor Cruise', startingbid: 50, minimumbidincrease: 5 }] }));
});

test("a bid in one browser shows in another's list and item page without a reload, and a dropped connection catches up", async ({ browser, request }) => {
  const ann = await apiBidder(request, code, `ann-${Date.now()}@example.org`, 'Ann');
  const bob = await apiBidder(request, code, `bob-${Date.now()}@example.org`, 'Bob');
  const cy = await apiBidder(request, code, `cy-${Date.now()}@example.org`, 'Cy');
  const items = await (await request.post('/api/auctionitems', { headers: { authorization: `Bearer ${ann.token}` }, data: { eventcode: code } })).json();
  const itemid = items.auctionitems[0].itemid as number;
  const bid = (token: string, amount: number) =>
    request.post('/api/submitbid', { headers: { authorization: `Bearer ${token}` }, data: { eventcode: code, itemid, bid: amount } });

  const watcherContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const list = await watcherContext.newPage();
  await openSignedIn(list, `/${code}/auction-items`, bob.token);
  const price = list.getByTestId('item-card').filter({ hasText: 'Harbor Cruise' }).getByTestId('item-price');
  await expect(price).toContainText('Starting Bid $50.00');
  const detail = await watcherContext.newPage();
  await openSignedIn(detail, `/${code}/auction-items/${itemid}`, bob.token);
  await expect(detail.locator('[data-testid="detail-current-bid"]:visible')).toHaveText('$50.00');

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
