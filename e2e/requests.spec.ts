import { expect, test, type Page } from './support/test';
import { apiBidder, importEvent, testEvent, uniqueCode, uniqueEmail } from './support/api';
import { fill, openSignedIn } from './support/page';

/**
 * A bid costs one request: the phone that bids patches its pages from the answer and the live
 * messages, and a second phone on the item page updates from the live message alone.
 */
const code = uniqueCode('req');
const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

test.beforeAll(async ({ request }) => {
  await importEvent(
    request,
    testEvent(code, {
      items: [{ itemnum: '1', name: 'Lake Cabin Weekend', startingbid: 100, minimumbidincrease: 10 }],
    }),
  );
});

/** The data requests a page makes to our server (API calls, and hub polling if it ever falls back to it). */
function countRequests(page: Page): { urls: string[] } {
  const seen = { urls: [] as string[] };
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/hubs/'))
      seen.urls.push(`${r.method()} ${url.pathname}`);
  });
  return seen;
}

test('placing a bid issues only the bid itself, and another phone on the item page issues none', async ({
  browser,
  request,
}) => {
  const ann = await apiBidder(request, code, uniqueEmail('ann'), 'Ann');
  const bob = await apiBidder(request, code, uniqueEmail('bob'), 'Bob');
  const items = await (
    await request.post('/api/auctionitems', {
      headers: { authorization: `Bearer ${ann.token}` },
      data: { eventcode: code },
    })
  ).json();
  const itemid = items.auctionitems[0].itemid as number;

  const annPhone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const bobPhone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  for (const [page, who] of [
    [annPhone, ann],
    [bobPhone, bob],
  ] as const) {
    await openSignedIn(page, `/${code}/auction-items/${itemid}`, who.token);
    await expect(visible(page, 'detail-current-bid')).toHaveText('$100.00');
    await expect(visible(page, 'bid-history')).toContainText('No bids yet');
    await expect(page.locator('html')).toHaveAttribute('data-live', 'connected');
  }
  await visible(annPhone, 'place-bid').click();
  await expect(visible(annPhone, 'bid-amount')).toBeVisible();

  const annRequests = countRequests(annPhone);
  const bobRequests = countRequests(bobPhone);
  await fill(annPhone, 'bid-amount', '120');
  await visible(annPhone, 'submit-bid').click();
  await visible(annPhone, 'confirm-bid').click();
  await expect(visible(annPhone, 'bid-result-title')).toHaveText('Thank you for bidding!');
  // Back on the item page (after the thanks), everything shows the bid without fetching again.
  await expect(visible(annPhone, 'item-title')).toHaveText('Lake Cabin Weekend', { timeout: 10_000 });
  await expect(visible(annPhone, 'detail-current-bid')).toHaveText('$120.00');
  await expect(visible(annPhone, 'history-entry')).toHaveCount(1);
  await expect(visible(annPhone, 'history-entry')).toContainText('(you)');

  await expect(visible(bobPhone, 'detail-current-bid')).toHaveText('$120.00');
  await expect(visible(bobPhone, 'history-entry')).toHaveCount(1);
  await expect(visible(bobPhone, 'history-entry')).toContainText('$120.00');
  await expect(visible(bobPhone, 'history-entry')).not.toContainText('(you)');

  expect(annRequests.urls).toEqual(['POST /api/submitbid']);
  expect(bobRequests.urls).toEqual([]);
});
