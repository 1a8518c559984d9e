import { expect, test as base, type APIRequestContext } from './support/test';
import type { ImportDocumentInput } from '@gavel/domain';
import { verifiedBidder } from '../testkit/bidders';
import { apiBidder, importEvent, requestTransport, testEvent, uniqueCode } from './support/api';
import { buyNow, enterStripeCard, itemIds, mailTo, ordersOf, standInCalls, useStripeStandIn } from './support/payments';
import { fill, openSignedIn, thanksScreen } from './support/page';

// Payments through Stripe (processor code 2), with no network: Stripe's script is replaced by the
// stand-in (e2e/support/stripe-standin.js) and the server talks to the fake Stripe API.

const email = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

function stripeEvent(
  code: string,
  items: ImportDocumentInput['items'] = [
    { itemnum: '1', name: 'Harbor Cruise', startingbid: 50, minimumbidincrease: 5 },
  ],
): ImportDocumentInput {
  return testEvent(code, {
    items,
    event: {
      paymentprocessorcode: 2,
      processorpublickey: 'pk_test_e2e',
      processorsecretkey: 'sk_test_e2e',
      pickupinstructions: 'Collect at the coat check.',
    },
  });
}

/** A card kept on file through the API, as the page would after Stripe confirmed it. */
async function saveCardByApi(
  request: APIRequestContext,
  eventcode: string,
  token: string,
  card: string,
): Promise<void> {
  const res = await request.post('/api/updatecard', {
    headers: { authorization: `Bearer ${token}` },
    data: { eventcode, processortoken: `ctoken_${card}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  expect(((await res.json()) as { status: string }).status).toBe('success');
}

/** Every page gets the stand-in; `stripe.authenticated` lists the intents its handleNextAction finished. */
const test = base.extend<{ stripe: { authenticated: string[] } }>({
  stripe: [async ({ page }, use) => use(await useStripeStandIn(page)), { auto: true }],
});

test('the setup wizard has a card step for Stripe: four steps, the card saved on Next', async ({ page, request }) => {
  const code = uniqueCode('swiz');
  await importEvent(request, stripeEvent(code));
  // A bidder who has not finished setup yet.
  const gus = await verifiedBidder(requestTransport(request), { eventcode: code, email: email('gus') });

  await openSignedIn(page, `/${code}/setup-account`, gus.token);
  const steps = page.getByTestId('setup-step');
  await expect(steps).toHaveAttribute('aria-valuemax', '4');
  await expect(steps).toHaveAttribute('aria-label', 'Step 1 of 4');
  await fill(page, 'firstname', 'Gus');
  await fill(page, 'lastname', 'Lindqvist');
  await fill(page, 'zip', '60601');
  await page.getByTestId('setup-next').click();
  await expect(steps).toHaveAttribute('aria-label', 'Step 2 of 4');
  await expect(page.getByTestId('notification-matrix')).toBeVisible();
  await page.getByTestId('setup-next').click();

  await expect(steps).toHaveAttribute('aria-label', 'Step 3 of 4');
  await expect(page.getByRole('heading', { name: 'Your card' })).toBeVisible();
  // Next takes the card typed in and saves it, in the same tap.
  await enterStripeCard(page, 'visa');
  await page.getByTestId('setup-next').click();
  await expect(steps).toHaveAttribute('aria-label', 'Step 4 of 4');
  await expect(page.getByRole('heading', { name: 'Your address (optional)' })).toBeVisible();
  await page.getByTestId('setup-finish').click();
  await expect(page.getByTestId('welcome-page')).toBeVisible();

  await page.goto(`/${code}/account-update-payment-method`);
  await expect(page.getByTestId('card-message')).toHaveText('Visa ending in 4242, expires 12/30');
});

test('a card saved on the payment method page through Stripe Elements', async ({ page, request }) => {
  const code = uniqueCode('svisa');
  await importEvent(request, stripeEvent(code));
  const hal = await apiBidder(request, code, email('hal'), 'Hal');

  await openSignedIn(page, `/${code}/account-update-payment-method`, hal.token);
  await expect(page.getByTestId('card-message')).toHaveText('You have no card on file.');
  // Nothing typed: Save Card waits for a card; a card typed and wiped again is nothing typed.
  await expect(page.getByTestId('save-card')).toHaveAttribute('aria-disabled', 'true');
  await enterStripeCard(page, 'visa');
  await expect(page.getByTestId('save-card')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('textbox', { name: 'Test card' }).fill('');
  await expect(page.getByTestId('save-card')).toHaveAttribute('aria-disabled', 'true');
  expect(await standInCalls(page, 'createConfirmationToken')).toEqual([]);

  // One tap of Save Card takes the card typed in (a confirmation token) and saves it.
  await enterStripeCard(page, 'visa');
  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('card-message')).toHaveText('Visa ending in 4242, expires 12/30');
  await expect(page.getByTestId('replace-card')).toBeVisible();
  expect(await standInCalls(page, 'createConfirmationToken')).toEqual(['visa']);
  expect(await standInCalls(page, 'handleNextAction')).toEqual([]);
});

test('a card that needs 3-D Secure is saved once the browser has confirmed it (handleNextAction)', async ({
  page,
  request,
  stripe: { authenticated },
}) => {
  const code = uniqueCode('s3ds');
  await importEvent(request, stripeEvent(code));
  const ivy = await apiBidder(request, code, email('ivy'), 'Ivy');

  await openSignedIn(page, `/${code}/account-update-payment-method`, ivy.token);
  await enterStripeCard(page, '3ds');
  await page.getByTestId('save-card').click();
  await expect(page.getByTestId('card-message')).toHaveText('Visa ending in 3155, expires 12/30');
  const confirmed = await standInCalls(page, 'handleNextAction');
  expect(confirmed).toHaveLength(1);
  expect(String(confirmed[0])).toMatch(/^seti_/);
  expect(authenticated).toEqual(confirmed);
});

test('checkout pays with the card on file, and a new card that needs 3-D Secure is confirmed and paid', async ({
  page,
  request,
  stripe: { authenticated },
}) => {
  const code = uniqueCode('spay');
  await importEvent(
    request,
    stripeEvent(code, [
      { itemnum: '1', name: 'Gift Card', buyitnowonly: true, buyitnowprice: 25, quantity: 10 },
      { itemnum: '2', name: 'Wine Crate', buyitnowonly: true, buyitnowprice: 60, quantity: 3 },
    ]),
  );
  const jo = await apiBidder(request, code, email('jo'), 'Jo');
  const ids = await itemIds(request, code, jo.token);
  await buyNow(request, code, jo.token, ids['Gift Card']!);
  await buyNow(request, code, jo.token, ids['Wine Crate']!);
  await saveCardByApi(request, code, jo.token, 'visa');

  // The gift card alone, with the card on file.
  await openSignedIn(page, `/${code}/cart`, jo.token);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await page.getByTestId('pay-item').filter({ hasText: 'Gift Card' }).click();
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  await expect(page.getByTestId('checkout-line')).toContainText('Gift Card');
  await expect(
    page
      .getByTestId('checkout-page')
      .locator('label')
      .filter({ has: page.getByTestId('use-saved-card') }),
  ).toContainText('Visa ending in 4242');
  await page.getByTestId('use-saved-card').check();
  await expect(page.getByTestId('stripe-card')).toHaveCount(0);
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('checkout-thanks')).toContainText('Thank you for your purchase!');
  await expect(page.getByTestId('checkout-thanks-message')).toHaveText(
    'You can view the pickup instructions in your order history!',
  );
  await expect(page).toHaveURL(new RegExp(`/${code}/my-orders$`), { timeout: 8_000 });
  const first = page.getByTestId('order-group').filter({ hasText: 'Gift Card' });
  await expect(first.getByTestId('order-state')).toHaveText('Paid');
  await expect(first.getByTestId('order-paid-with')).toHaveText('Visa ending in 4242');
  await expect(first.getByTestId('order-pickup')).toContainText('Collect at the coat check.');
  const receipt = await mailTo(request, jo.email, 'Your receipt from');
  expect(receipt.text).toContain('Total: $25.00');
  expect(receipt.text).toContain('Visa ending in 4242');

  // The wine crate with a new card that the bank wants confirmed: Stripe's next action, then paid.
  await page.goto(`/${code}/cart`);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('checkout-line')).toContainText('Wine Crate');
  await page.getByTestId('use-new-card').check();
  // One tap of Pay: the card is taken from the element, the bank's confirmation asked, and paid.
  await enterStripeCard(page, '3ds');
  const confirmedThanks = thanksScreen(page);
  await page.getByTestId('pay-button').click();
  const shown = await confirmedThanks;
  expect(shown.thanks).toContain('Thank you for your purchase!');
  expect(shown.order).toMatch(/^Payment received — order \d+$/);
  const confirmed = await standInCalls(page, 'handleNextAction');
  expect(confirmed).toHaveLength(1);
  expect(String(confirmed[0])).toMatch(/^pi_/);
  expect(authenticated).toEqual(confirmed);
  await expect(page).toHaveURL(new RegExp(`/${code}/my-orders$`), { timeout: 8_000 });
  const second = page.getByTestId('order-group').filter({ hasText: 'Wine Crate' });
  await expect(second.getByTestId('order-state')).toHaveText('Paid');
  await expect(second.getByTestId('order-paid-with')).toHaveText('Visa ending in 3155');
  await expect(page.getByTestId('order-group')).toHaveCount(2);
});

test('a declined card is refused and cleared: when saving it, and at checkout with the error dialog; another card then pays in one tap', async ({
  page,
  request,
}) => {
  const code = uniqueCode('sdecl');
  await importEvent(
    request,
    stripeEvent(code, [{ itemnum: '1', name: 'Gift Card', buyitnowonly: true, buyitnowprice: 25, quantity: 10 }]),
  );
  const kit = await apiBidder(request, code, email('kit'), 'Kit');
  await buyNow(request, code, kit.token, (await itemIds(request, code, kit.token))['Gift Card']!);

  await openSignedIn(page, `/${code}/account-update-payment-method`, kit.token);
  await enterStripeCard(page, 'declined');
  await page.getByTestId('save-card').click();
  await expect(page.locator('[data-testid=notice][data-kind=error]')).toContainText(
    'Your card was declined. Please use another card.',
  );
  await expect(page.getByTestId('card-message')).toHaveText('You have no card on file.');
  // The declined card is no longer the one chosen: the element is fresh.
  await expect(page.getByRole('textbox', { name: 'Test card' })).toHaveValue('');
  await expect(page.getByTestId('card-chosen')).toHaveCount(0);
  await expect(page.getByTestId('save-card')).toHaveAttribute('aria-disabled', 'true');

  await page.goto(`/${code}/cart`);
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('checkout-line')).toContainText('Gift Card');
  await enterStripeCard(page, 'declined');
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('checkout-error')).toContainText('An error has occurred!');
  await expect(page.getByTestId('checkout-error-message')).toHaveText(
    'Your card was declined. Please use another card.',
  );
  await expect(page.getByTestId('checkout-error-hint')).toHaveText(
    'The card entry has been cleared: please check the card details or use another card.',
  );
  await page.getByTestId('checkout-error-ok').click();
  await expect(page.getByTestId('checkout-error')).toBeHidden();
  expect(await ordersOf(request, kit.token)).toEqual([]);
  await expect(page.getByRole('textbox', { name: 'Test card' })).toHaveValue('');

  // Another card, typed in its place: one tap of Pay pays.
  await enterStripeCard(page, 'visa');
  const paidThanks = thanksScreen(page);
  await page.getByTestId('pay-button').click();
  expect((await paidThanks).order).toMatch(/^Payment received — order \d+$/);
  await expect(page).toHaveURL(new RegExp(`/${code}/my-orders$`), { timeout: 8_000 });
  await expect(page.getByTestId('order-group')).toHaveCount(1);
  await expect(page.getByTestId('order-paid-with')).toHaveText('Visa ending in 4242');
  // Each card was taken once, by the tap that paid with it.
  expect(await standInCalls(page, 'createConfirmationToken')).toEqual(['declined', 'visa']);
});
