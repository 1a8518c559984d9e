import { expect, test, type Page } from './support/test';
import { apiBidder, importEvent, testEvent, uniqueCode } from './support/api';
import {
  buyNow,
  cardFrame,
  coveredFeeCents,
  dollars,
  enterCard,
  expectFreshCardForm,
  futureExpiry,
  itemIds,
  mailTo,
  ordersOf,
  typeCard,
} from './support/payments';
import { expectAccessible, fill, lookAt, openSignedIn, thanksScreen } from './support/page';

// Payments through the built-in test gateway (processor code 1): the hosted card form in its
// iframe, checkout, the card on file, Bill Me, the receipt and the order history.

const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const email = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

/** A cart line's own check box. */
const lineBox = (page: Page, name: string) =>
  page.getByTestId('cart-line').filter({ hasText: name }).locator('ion-checkbox');

test('win one item and buy another, pay for one of them with a new card, the fee covered and a donation added', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const code = uniqueCode('pay');
  const getawayPickup = 'Collect the getaway voucher at the front desk, Saturday 9-12.';
  const items = [
    {
      itemnum: '1',
      name: 'Weekend Getaway',
      startingbid: 80,
      minimumbidincrease: 10,
      pickupinstructions: getawayPickup,
      closing: inMinutes(60),
    },
    { itemnum: '2', name: 'Coffee Basket', buyitnowonly: true, buyitnowprice: 40, quantity: 5 },
  ];
  // 2.9% of $85.00 is $2.465: only rounding half up in whole cents gives $2.47 (floating point or
  // rounding half to even give $2.46).
  const event = {
    ccfeespercent: 2.9,
    allowpayccfees: true,
    pickupinstructions: 'Collect your items at the coat check.',
  };
  await importEvent(request, testEvent(code, { items, event }));
  const ann = await apiBidder(request, code, email('ann'), 'Ann');

  // Ann bids on the getaway from its page.
  await openSignedIn(page, `/${code}/auction-items`, ann.token);
  await page.getByTestId('item-card').filter({ hasText: 'Weekend Getaway' }).click();
  await visible(page, 'place-bid').click();
  await fill(page, 'bid-amount', '80');
  await visible(page, 'submit-bid').click();
  await visible(page, 'confirm-bid').click();
  await expect(visible(page, 'bid-result-title')).toHaveText('Thank you for bidding!');

  // She buys a coffee basket with Buy It Now.
  await page.goto(`/${code}/auction-items`);
  await page.getByTestId('item-card').filter({ hasText: 'Coffee Basket' }).click();
  await visible(page, 'buy-now').click();
  await page.getByTestId('buynow-next').click();
  await page.getByTestId('buynow-confirm').click();
  await expect(page.getByTestId('buynow-thanks')).toBeVisible();
  await page.getByTestId('continue-bidding').click();

  // The organizer closes the getaway in a moment; the closing job makes Ann its winner.
  await importEvent(
    request,
    testEvent(code, {
      items: items.map((i) => (i.itemnum === '1' ? { ...i, closing: new Date(Date.now() + 1500).toISOString() } : i)),
      event,
    }),
  );
  await page.goto(`/${code}/cart`);
  await expect(page.getByTestId('cart-line').filter({ hasText: 'Weekend Getaway' })).toContainText('1 × $80.00', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('cart-line').filter({ hasText: 'Coffee Basket' })).toContainText('1 × $40.00');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toHaveText('$120.00');

  // She leaves the basket for later: the total follows, and checkout shows only the getaway.
  await lineBox(page, 'Coffee Basket').click();
  await expect(lineBox(page, 'Coffee Basket')).not.toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('cart-total')).toHaveText('$80.00');
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('checkout-page')).toBeVisible();
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  await expect(page.getByTestId('checkout-line')).toContainText('Weekend Getaway');
  await expect(page.getByTestId('checkout-subtotal')).toHaveText('$80.00');

  // She covers the fee and adds a donation; the total is worked out here, not read back.
  const subtotal = 80_00;
  const donation = 5_00;
  const fee = coveredFeeCents(subtotal + donation, 290);
  const total = subtotal + donation + fee;
  expect(fee).toBe(247);
  await fill(page, 'donation-input', '5');
  await page.getByTestId('fee-checkbox').click();
  await expect(page.getByTestId('fee-checkbox')).toContainText('cover the 2.9% card processing fee');
  await expect(page.getByTestId('checkout-donation')).toHaveText(dollars(donation));
  await expect(page.getByTestId('checkout-fee')).toHaveText(dollars(fee));
  await expect(page.getByTestId('checkout-total')).toHaveText(dollars(total));
  await expect(page.getByTestId('pay-button')).toHaveText(`Pay ${dollars(total)}`);

  // A new card, typed into the hosted form (the number stays in the form); one tap of Pay takes it and pays.
  await expect(page.getByTestId('use-new-card')).toBeChecked();
  await enterCard(page, '4242 4242 4242 4242');
  const paidThanks = thanksScreen(page);
  await page.getByTestId('pay-button').click();
  const shown = await paidThanks;
  expect(shown.thanks).toContain('Thank you for your purchase!');
  expect(shown.message).toBe('You can view the pickup instructions in your order history!');
  const [paid] = await ordersOf(request, ann.token);
  expect(shown.order).toBe(`Payment received — order ${paid?.checkoutid}`);

  // After 3 seconds, without a tap, Order History with the order and its pickup instructions.
  await expect(page).toHaveURL(new RegExp(`/${code}/my-orders$`), { timeout: 8_000 });
  await expect(page.getByTestId('my-orders-page')).toBeVisible();
  const order = page.getByTestId('order-group');
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('order-item')).toHaveCount(1);
  await expect(order.getByTestId('order-item')).toContainText('Weekend Getaway');
  await expect(order.getByTestId('order-state')).toHaveText('Paid');
  await expect(order.getByTestId('order-paid-with')).toHaveText('Visa ending in 4242');
  // Paid through the test gateway: the history says no money moved.
  await expect(order.getByTestId('order-test-payment')).toHaveText('TEST PAYMENT — no money was moved.');
  await lookAt(page, 'order-history-test-payment');
  await expect(order.getByTestId('order-pickup')).toContainText(getawayPickup);
  await expect(order.getByTestId('order-total')).toHaveText(dollars(total));

  // The receipt is in the mailbox.
  const receipt = await mailTo(request, ann.email, 'Your receipt from');
  expect(receipt.text).toContain(`Total: ${dollars(total)}`);
  expect(receipt.text).toContain('Visa ending in 4242');
  expect(receipt.text).toContain(getawayPickup);
  expect(receipt.text).not.toContain('Coffee Basket');

  // The basket she left is still in her cart.
  await page.goto(`/${code}/cart`);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText('Coffee Basket');
  await expect(page.getByTestId('cart-total')).toHaveText('$40.00');
});

test('a declined card: the error dialog with the processor’s words, and nothing is taken from the cart', async ({
  page,
  request,
}) => {
  const code = uniqueCode('decl');
  await importEvent(
    request,
    testEvent(code, {
      items: [{ itemnum: '1', name: 'Gift Card', buyitnowonly: true, buyitnowprice: 25, quantity: 10 }],
    }),
  );
  const bo = await apiBidder(request, code, email('bo'), 'Bo');
  await buyNow(request, code, bo.token, (await itemIds(request, code, bo.token))['Gift Card']!);

  await openSignedIn(page, `/${code}/cart`, bo.token);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('checkout-line')).toContainText('Gift Card');
  await enterCard(page, '4000 0000 0000 0002');
  await page.getByTestId('pay-button').click();
  const dialog = page.getByTestId('checkout-error');
  await expect(dialog).toContainText('An error has occurred!');
  await expect(page.getByTestId('checkout-error-message')).toHaveText(
    'Your card was declined. Please use another card.',
  );
  await expect(page.getByTestId('checkout-error-hint')).toHaveText(
    'The card entry has been cleared: please check the card details or use another card.',
  );
  await expect(page.getByTestId('checkout-thanks')).toBeHidden();
  await page.getByTestId('checkout-error-ok').click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/${code}/checkout$`));
  // The declined card is not kept as the chosen one.
  await expectFreshCardForm(page);

  expect(await ordersOf(request, bo.token)).toEqual([]);
  await page.goto(`/${code}/cart`);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText('Gift Card');
  await page.goto(`/${code}/my-orders`);
  await expect(page.getByTestId('orders-empty')).toContainText('You have no completed purchases.');
});

test('an event that needs a card to bid sends Place Bid to Add Card to Bid, and back to the item once a card is saved', async ({
  page,
  request,
}) => {
  const code = uniqueCode('cardbid');
  await importEvent(
    request,
    testEvent(code, {
      items: [{ itemnum: '1', name: 'Harbor Cruise', startingbid: 50, minimumbidincrease: 5 }],
      event: { needscardtobid: true },
    }),
  );
  const cy = await apiBidder(request, code, email('cy'), 'Cy');
  const cruise = (await itemIds(request, code, cy.token))['Harbor Cruise']!;

  await openSignedIn(page, `/${code}/auction-items/${cruise}`, cy.token);
  await expect(visible(page, 'item-title')).toHaveText('Harbor Cruise');
  await visible(page, 'place-bid').click();
  await expect(page).toHaveURL(new RegExp(`/${code}/account-update-payment-method/auction-items/${cruise}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Add Card to Bid' })).toBeVisible();
  await expect(page.getByTestId('card-message')).toHaveText('You have no card on file.');
  await expect(page.getByTestId('save-card')).toHaveAttribute('aria-disabled', 'true');
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByTestId('save-card').click();

  // Back on the item; Place Bid now opens the bid form, and the bid goes through.
  await expect(page).toHaveURL(new RegExp(`/${code}/auction-items/${cruise}$`));
  await expect(visible(page, 'item-title')).toHaveText('Harbor Cruise');
  await visible(page, 'place-bid').click();
  await expect(page).toHaveURL(new RegExp(`/${code}/place-bid/${cruise}$`));
  await fill(page, 'bid-amount', '50');
  await visible(page, 'submit-bid').click();
  await expect(visible(page, 'confirm-question')).toHaveText('Bid $50.00 on Harbor Cruise?');
  await visible(page, 'confirm-bid').click();
  await expect(visible(page, 'bid-result-title')).toHaveText('Thank you for bidding!');
  await expect(visible(page, 'detail-status')).toHaveText('Current High Bidder');

  // The card is on file for the event.
  await page.goto(`/${code}/account-update-payment-method`);
  await expect(page.getByTestId('card-message')).toContainText('Visa ending in 4242');
});

test('Bill Me where the event allows it: the order is placed unpaid and the history says so', async ({
  page,
  request,
}) => {
  const code = uniqueCode('billme');
  await importEvent(
    request,
    testEvent(code, {
      items: [{ itemnum: '1', name: 'Wine Crate', buyitnowonly: true, buyitnowprice: 60, quantity: 3 }],
      event: { allowbillme: true },
    }),
  );
  const di = await apiBidder(request, code, email('di'), 'Di');
  await buyNow(request, code, di.token, (await itemIds(request, code, di.token))['Wine Crate']!);

  await openSignedIn(page, `/${code}/cart`, di.token);
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('checkout-line')).toContainText('Wine Crate');
  await page.getByTestId('bill-me').check();
  // No card fee with Bill Me: nothing is charged to a card.
  await expect(page.getByTestId('fee-checkbox')).toHaveCount(0);
  await expect(page.getByTestId('card-frame')).toHaveCount(0);
  await expect(page.getByTestId('checkout-total')).toHaveText('$60.00');
  await expect(page.getByTestId('pay-button')).toHaveText('Place Order');
  const placedThanks = thanksScreen(page);
  await page.getByTestId('pay-button').click();
  const shown = await placedThanks;
  expect(shown.thanks).toContain('Thank you for your purchase!');
  // Nothing was paid yet: the order is saved, never 'Payment received'.
  const [placed] = await ordersOf(request, di.token);
  expect(shown.order).toBe(`Order ${placed?.checkoutid} is saved — the organizer will bill you.`);

  await expect(page).toHaveURL(new RegExp(`/${code}/my-orders$`), { timeout: 8_000 });
  const order = page.getByTestId('order-group');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText('Wine Crate');
  await expect(order.getByTestId('order-state')).toHaveText('Not paid yet');
  await expect(order.getByTestId('order-paid-with')).toHaveText('Bill Me: to be billed by the organizer');
  await expect(order.getByTestId('order-test-payment')).toHaveCount(0);
  await expect(order.getByTestId('order-total')).toHaveText('$60.00');
  const receipt = await mailTo(request, di.email, 'Your receipt from');
  expect(receipt.text).toContain('Bill Me');
  await page.goto(`/${code}/cart`);
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  // The order is still owed: the cart says so, with the desk's figures (issue 47).
  await expect(page.getByTestId('cart-balance-line')).toHaveText(['Wine Crate (Bill Me) $60.00']);
  await expect(page.getByTestId('cart-balance-due')).toHaveText('$60.00');
});

test("the hosted card form's own checks, its test-payments note, and the card that asks for confirmation", async ({
  page,
  request,
}) => {
  const code = uniqueCode('form');
  await importEvent(request, testEvent(code));
  const ed = await apiBidder(request, code, email('ed'), 'Ed');
  await openSignedIn(page, `/${code}/account-update-payment-method`, ed.token);
  await expect(page.getByRole('heading', { level: 1, name: 'Update Payment Method' })).toBeVisible();
  const form = cardFrame(page);
  await expect(form.getByTestId('card-form-test-note')).toHaveText('Test payments: no money moves');

  // Nothing typed: Save Card waits for a card.
  await expect(page.getByTestId('save-card')).toHaveAttribute('aria-disabled', 'true');
  // Save Card runs the form's own checks, each shown beside its field.
  await typeCard(page, { number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12', zip: '60601' });
  await page.getByTestId('save-card').click();
  await expect(form.getByTestId('card-number-error')).toHaveText('Please enter a valid card number.');
  await expect(form.getByTestId('card-expiry-error')).toHaveText('This card has expired.');
  await expect(form.getByTestId('card-cvc-error')).toHaveText(
    'Please enter the 3-digit CVC (4 digits for American Express).',
  );
  await expect(form.getByTestId('card-zip-error')).toBeHidden();
  await expect(form.getByTestId('card-number')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByTestId('card-done')).toBeHidden();
  await expect(page.getByTestId('card-message')).toHaveText('You have no card on file.');

  // A number that passes Luhn but is no test card, and an expiry that is not MM/YY.
  await typeCard(page, { number: '4111 1111 1111 1111', expiry: '13/40' });
  await page.getByTestId('save-card').click();
  await expect(form.getByTestId('card-number-error')).toHaveText(
    'Test payments take only the test cards listed below; no real card is needed.',
  );
  await expect(form.getByTestId('card-expiry-error')).toHaveText('Please enter the expiry as MM/YY.');
  await expect(form.getByTestId('card-cvc-error')).toBeHidden();

  // The 3184 card asks the bidder to confirm, in the same tap; confirmed, it is saved without another.
  await typeCard(page, { number: '4000 0027 6000 3184', expiry: futureExpiry() });
  await page.getByTestId('save-card').click();
  await expect(form.getByTestId('card-confirm')).toContainText('Your bank asks you to confirm this card.');
  await expect(form.getByTestId('card-done')).toBeHidden();
  await expect(page.getByTestId('save-card')).toHaveAttribute('aria-disabled', 'true');
  await form.getByTestId('card-confirm-yes').click();
  await expect(page.getByTestId('card-message')).toContainText('Visa ending in 3184');
  await expect(page.getByTestId('replace-card')).toBeVisible();
  await expect(page.getByTestId('remove-card')).toBeVisible();
});

test('the cart, checkout and payment method pages have no serious accessibility problems', async ({
  page,
  request,
}) => {
  const code = uniqueCode('a11y');
  await importEvent(
    request,
    testEvent(code, {
      items: [{ itemnum: '1', name: 'Pottery Class', buyitnowonly: true, buyitnowprice: 35, quantity: 4 }],
      event: { allowbillme: true },
    }),
  );
  const flo = await apiBidder(request, code, email('flo'), 'Flo');
  await buyNow(request, code, flo.token, (await itemIds(request, code, flo.token))['Pottery Class']!);

  await openSignedIn(page, `/${code}/cart`, flo.token);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expectAccessible(page);

  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  await expect(cardFrame(page).getByTestId('card-number')).toBeVisible();
  await expect(page.getByTestId('fee-checkbox')).toBeVisible();
  await expectAccessible(page);
  await page.getByTestId('pay-button').click();
  // Paying with no card entered is refused in the page, with the spec's words.
  await expect(page.getByTestId('checkout-message')).toHaveText('Please enter a valid credit card.');
  await expectAccessible(page);

  await page.goto(`/${code}/account-update-payment-method`);
  await expect(cardFrame(page).getByTestId('card-number')).toBeVisible();
  await expectAccessible(page);
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('replace-card')).toBeVisible();
  await expectAccessible(page);
});
