import { expect, test, type Page } from './support/test';
import { apiBidder, importEvent, testEvent, uniqueCode, uniqueEmail } from './support/api';
import { expectAccessible, fill, openSignedIn } from './support/page';

const code = uniqueCode('bid');
const items = [
  { itemnum: '1', name: 'Weekend Getaway', startingbid: 100, minimumbidincrease: 10, tags: ['Travel'] },
  {
    itemnum: '2',
    name: 'Coffee Basket',
    buyitnowonly: true,
    buyitnowprice: 40,
    quantity: 5,
    maxpurchasequantity: 2,
    tags: ['Food'],
  },
  { itemnum: '3', name: 'Live Painting', itemisliveonly: true, startingbid: 0, tags: ['Art'] },
  { itemnum: '4', name: 'Zen Garden Kit', startingbid: 20, minimumbidincrease: 5, tags: ['Home'] },
];

const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

test.beforeAll(async ({ request }) => {
  await importEvent(request, testEvent(code, { items }));
});

test('browse, search, filter, sort, bid, be outbid, raise the maximum, buy now, watch, and win', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ann = await apiBidder(request, code, uniqueEmail('ann'), 'Ann');
  const bob = await apiBidder(request, code, uniqueEmail('bob'), 'Bob');

  await openSignedIn(page, `/${code}/auction-items`, ann.token);
  await expect(page.getByTestId('item-card')).toHaveCount(4);
  await expect(
    page.getByTestId('item-card').filter({ hasText: 'Coffee Basket' }).getByTestId('item-price'),
  ).toContainText('Buy Now $40.00');
  await expect(page.getByTestId('item-card').filter({ hasText: 'Live Painting' }).getByTestId('item-price')).toHaveText(
    'Live Auction',
  );
  await expectAccessible(page);

  await page.getByTestId('item-search').fill('GARDEN');
  await expect(page.getByTestId('item-name')).toHaveText(['Zen Garden Kit']);
  await page.getByTestId('item-search').fill('nothing like this');
  await expect(page.getByTestId('no-results')).toHaveText('No Results Found');
  await page.getByTestId('item-search').fill('');
  await page.getByTestId('filter-toggle').click();
  await page.getByTestId('filter-Live Auction Only').click();
  await page.getByTestId('tag-Food').click();
  await expect(page.getByTestId('item-name')).toHaveText(['Coffee Basket', 'Live Painting']);
  await page.getByTestId('filter-Live Auction Only').click();
  await page.getByTestId('tag-Food').click();
  await page.getByTestId('sort-select').selectOption('Z to A');
  await expect(page.getByTestId('item-name')).toHaveText([
    'Zen Garden Kit',
    'Weekend Getaway',
    'Live Painting',
    'Coffee Basket',
  ]);
  await page.getByTestId('layout-toggle').click();
  await expect(page.getByTestId('item-list')).toHaveAttribute('data-layout', 'list');

  // Ann bids on the getaway.
  await page.getByTestId('item-card').filter({ hasText: 'Weekend Getaway' }).click();
  await expect(visible(page, 'item-title')).toHaveText('Weekend Getaway');
  await expectAccessible(page);
  await visible(page, 'place-bid').click();
  await fill(page, 'bid-amount', '95');
  await visible(page, 'submit-bid').click();
  await expect(visible(page, 'bid-error')).toHaveText(
    'Please adjust the bid amount. The minimum bid for this item is $100.00.',
  );
  await fill(page, 'bid-amount', '100');
  await visible(page, 'submit-bid').click();
  await expect(visible(page, 'confirm-question')).toHaveText('Bid $100.00 on Weekend Getaway?');
  await visible(page, 'confirm-bid').click();
  await expect(visible(page, 'bid-result-title')).toHaveText('Thank you for bidding!');
  await expect(visible(page, 'detail-status')).toHaveText('Current High Bidder');

  // Bob, in his own browser, sets a maximum of 200 and goes ahead.
  const bobContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const bobPage = await bobContext.newPage();
  const itemId = await page.evaluate(() => Number(location.pathname.split('/').pop()));
  await openSignedIn(bobPage, `/${code}/place-bid/${itemId}`, bob.token);
  await bobPage.getByTestId('auto-bid-toggle').click();
  await fill(bobPage, 'max-bid', '200');
  await fill(bobPage, 'bid-increment', '10');
  await visible(bobPage, 'submit-bid').click();
  await expect(visible(bobPage, 'confirm-question')).toHaveText('Bid up to $200.00 on Weekend Getaway?');
  await visible(bobPage, 'confirm-bid').click();
  await expect(visible(bobPage, 'bid-result-title')).toHaveText('Thank you for bidding!');
  await bobContext.close();

  // Ann sees she was outbid, without reloading, and sets a maximum of 300.
  await expect(visible(page, 'detail-status')).toHaveText('Current Low Bidder');
  await expect(visible(page, 'detail-current-bid')).toHaveText('$110.00');
  await visible(page, 'place-bid').click();
  await page.getByTestId('auto-bid-toggle').click();
  await fill(page, 'max-bid', '300');
  await fill(page, 'bid-increment', '20');
  await visible(page, 'submit-bid').click();
  await visible(page, 'confirm-bid').click();
  await expect(visible(page, 'bid-thanks')).toBeVisible();
  await expect(visible(page, 'detail-current-bid')).toHaveText('$220.00');
  await expect(visible(page, 'detail-status')).toHaveText('Current High Bidder');
  await expect(visible(page, 'your-maximum')).toHaveText('Your maximum: $300.00');

  // She raises her maximum again from Update Max Bid.
  await visible(page, 'update-max-bid').click();
  await fill(page, 'max-bid', '250');
  await visible(page, 'submit-max-bid').click();
  await expect(visible(page, 'bid-error')).toHaveText(
    'Please adjust the max bid amount. The minimum bid for this item is $300.00.',
  );
  await fill(page, 'max-bid', '400');
  await visible(page, 'submit-max-bid').click();
  await expect(visible(page, 'confirm-question')).toHaveText('Raise your maximum to $400.00 on Weekend Getaway?');
  await visible(page, 'confirm-bid').click();
  await expect(visible(page, 'bid-result-title')).toHaveText('Congratulations! You are the high bidder.');

  // Buy It Now: two coffee baskets (the per-purchase limit).
  await page.goto(`/${code}/auction-items`);
  await page.getByTestId('item-card').filter({ hasText: 'Coffee Basket' }).click();
  await visible(page, 'buy-now').click();
  await expect(page.getByRole('dialog', { name: /Buy It Now/ })).toBeVisible();
  await page.getByTestId('buynow-more').click();
  await expect(page.getByTestId('buynow-more')).toBeDisabled();
  await expect(page.getByTestId('buynow-limit')).toHaveText('Limit 2 per bidder.');
  await expect(page.getByTestId('buynow-subtotal')).toHaveText('$80.00');
  await page.getByTestId('buynow-next').click();
  await page.getByTestId('buynow-confirm').click();
  await expect(page.getByTestId('buynow-thanks')).toBeVisible();
  await page.getByTestId('continue-bidding').click();

  // Watch the garden kit.
  await page.goto(`/${code}/auction-items`);
  await page.getByTestId('item-card').filter({ hasText: 'Zen Garden Kit' }).click();
  await visible(page, 'watch-toggle').click();
  await expect(visible(page, 'watch-toggle')).toHaveAttribute('aria-pressed', 'true');

  // The organizer closes the getaway now; Ann wins it.
  const closing = new Date(Date.now() + 1500).toISOString();
  await importEvent(request, testEvent(code, { items: items.map((i) => (i.itemnum === '1' ? { ...i, closing } : i)) }));
  await page.goto(`/${code}/auction-items/${itemId}`);
  await expect(visible(page, 'detail-status')).toHaveText('Winner', { timeout: 15_000 });
  await page.goto(`/${code}/cart`);
  await expect(page.getByTestId('cart-line').filter({ hasText: 'Weekend Getaway' })).toContainText('1 × $220.00');
  await expect(page.getByTestId('cart-line').filter({ hasText: 'Coffee Basket' })).toContainText('2 × $40.00');
  await expect(page.getByTestId('cart-total')).toHaveText('$300.00');
  await expectAccessible(page);
});
