import { expect, test, type Page } from './support/test';
import { storeItem } from '../testkit/documents';
import { apiBidder, importEvent, testEvent, uniqueCode } from './support/api';
import { buyNow, cardFrame, enterCard, expectFreshCardForm, itemIds, ordersOf } from './support/payments';
import { lookAt, openSignedIn, thanksScreen } from './support/page';
import {
  buyer,
  expectCartTab,
  expectConfirmation,
  fillBilling,
  galaStore,
  importStore,
  itemNamed,
  openStore,
  storeOrders,
  takeUnits,
} from './support/store';

// Paying with a new card is one step (issue 26, item 1): the card typed into the hosted form is
// taken by the page's own Pay or Checkout, in the same tap; a declined card is cleared and the
// buyer told what to do next; another card then pays. A double tap pays once.

const email = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
const DECLINED = '4000 0000 0000 0002';
const GOOD = '4242 4242 4242 4242';
const CLEARED = 'The card entry has been cleared: please check the card details or use another card.';

/** Counts the calls the page makes to an API path from now on. */
function countCalls(page: Page, path: string): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() !== 'GET' && new URL(r.url()).pathname === path) n++;
  });
  return () => n;
}

test('the single-item and the auction checkout each pay with a typed card in one tap; a declined card is cleared, then another pays, and a double tap pays once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const code = uniqueCode('onetap');
  const items = [
    { itemnum: '1', name: 'Gift Card', buyitnowonly: true, buyitnowprice: 25, quantity: 10 },
    { itemnum: '2', name: 'Wine Crate', buyitnowonly: true, buyitnowprice: 60, quantity: 3 },
  ];
  await importEvent(request, testEvent(code, { items }));
  const lu = await apiBidder(request, code, email('lu'), 'Lu');
  const ids = await itemIds(request, code, lu.token);
  await buyNow(request, code, lu.token, ids['Gift Card']!);
  await buyNow(request, code, lu.token, ids['Wine Crate']!);
  const checkouts = countCalls(page, '/api/checkout');
  const tokens = countCalls(page, '/api/testpay/tokens');

  // The gift card alone (/checkout-item/{historyid}): type the card, tap Pay once.
  await openSignedIn(page, `/${code}/cart`, lu.token);
  await page.getByTestId('pay-item').filter({ hasText: 'Gift Card' }).click();
  await expect(page).toHaveURL(new RegExp(`/${code}/checkout-item/\\d+$`));
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  await expect(page.getByTestId('use-new-card')).toBeChecked();
  await expect(cardFrame(page).getByTestId('use-card')).toHaveCount(0);
  await enterCard(page, GOOD);
  await page.getByTestId('card-frame').scrollIntoViewIfNeeded();
  await lookAt(page, 'one-step-pay-typed');
  const giftThanks = thanksScreen(page);
  await page.getByTestId('pay-button').click();
  await expect.poll(async () => (await ordersOf(request, lu.token)).length).toBe(1);
  const [gift] = await ordersOf(request, lu.token);
  const shown = await giftThanks;
  expect(shown.order).toBe(`Payment received — order ${gift?.checkoutid}`);
  expect(shown.thanks).toContain('Thank you for your purchase!');
  await expect(page.getByTestId('checkout-thanks-message')).toHaveText(
    'You can view the pickup instructions in your order history!',
  );
  await lookAt(page, 'one-step-pay-thanks');
  // The thank-you leaves for the order history by itself, after 3 seconds.
  await expect(page).toHaveURL(new RegExp(`/${code}/my-orders$`), { timeout: 8_000 });
  await expect(page.getByRole('heading', { name: `Order #${gift?.checkoutid}` })).toBeVisible();
  expect([checkouts(), tokens()]).toEqual([1, 1]);

  // The wine crate through /checkout: the declined test card, one tap.
  await page.goto(`/${code}/cart`);
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('checkout-line')).toContainText('Wine Crate');
  await enterCard(page, DECLINED);
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('checkout-error-message')).toHaveText(
    'Your card was declined. Please use another card.',
  );
  await expect(page.getByTestId('checkout-error-hint')).toHaveText(CLEARED);
  await lookAt(page, 'one-step-pay-declined');
  await page.getByTestId('checkout-error-ok').click();
  expect(await ordersOf(request, lu.token)).toHaveLength(1);

  // The declined card is not the chosen one any more: the form is empty, and Pay alone says so.
  await expectFreshCardForm(page);
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('checkout-message')).toHaveText('Please enter a valid credit card.');
  expect(checkouts()).toBe(2);

  // Another card, typed in its place; a double tap pays once.
  await enterCard(page, GOOD);
  const paidThanks = thanksScreen(page);
  await page.getByTestId('pay-button').dblclick();
  expect((await paidThanks).order).toMatch(/^Payment received — order \d+$/);
  await expect(page).toHaveURL(new RegExp(`/${code}/my-orders$`), { timeout: 8_000 });
  await expect(page.getByTestId('order-group')).toHaveCount(2);
  const orders = await ordersOf(request, lu.token);
  expect(new Set(orders.map((o) => o.checkoutid)).size).toBe(2);
  expect(orders.every((o) => o.paid)).toBe(true);
  expect([checkouts(), tokens()]).toEqual([3, 3]);
});

test('the store checks out with a typed card in one tap; a declined card is cleared and another then pays', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const code = uniqueCode('storetap');
  const items = await importStore(
    request,
    code,
    galaStore({
      items: [
        storeItem('shirt', {
          tab: 'Merchandise',
          section: 'Shirts',
          name: 'Gala T-Shirt',
          price: 25,
          quantity: 20,
          seats: 0,
        }),
      ],
    }),
  );
  const shirt = itemNamed(items, 'Gala T-Shirt').id;
  const checkouts = countCalls(page, '/api/storecheckout');

  await openStore(page, code);
  await page.getByTestId('store-tab-Merchandise').click();
  await takeUnits(page, shirt, 2);
  await page.getByTestId('store-tab-Cart').click();
  await expectCartTab(page, 1);
  await expect(cardFrame(page).getByTestId('use-card')).toHaveCount(0);
  await enterCard(page, DECLINED);
  await fillBilling(page, buyer('Mo'));
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('notice')).toContainText(`Your card was declined. Please use another card. ${CLEARED}`);
  await expectFreshCardForm(page);
  expect((await storeOrders(request, code)).map((o) => o.state)).toEqual(['failed']);

  await enterCard(page, GOOD);
  await page.getByTestId('checkout-button').click();
  await expectConfirmation(page, request, code, [[shirt, /^Gala T-Shirt\s*2 × \$25\.00\s*\$50\.00$/]]);
  await expect(page.getByTestId('summary-method')).toHaveText('Credit / Debit Card (Visa ending in 4242)');
  expect((await storeOrders(request, code)).map((o) => o.state).sort()).toEqual(['failed', 'paid']);
  expect(checkouts()).toBe(2);
});
