import { expect, test, type Page } from '@playwright/test';
import { storeItem } from '../testkit/documents';
import { uniqueCode } from './support/api';
import { fill } from './support/page';
import { coveredFeeCents, dollars, enterCard, expectFreshCardForm, mailTo } from './support/payments';
import {
  buyer,
  continueToRegistration,
  expectAmounts,
  expectCartTab,
  expectConfirmation,
  expectDisabled,
  expectTab,
  expectUnits,
  fillBilling,
  galaStore,
  importStore,
  itemNamed,
  itemOnPage,
  openStore,
  RED,
  storedCart,
  storeOrders,
  storeStock,
  takeUnits,
} from './support/store';

// The event store (issue 11): the landing page, the tabs with held quantities, the cart with its
// promo code, donation and fee, checkout by card, FREE and Bill Me, the hold running out, two
// buyers racing for the last ticket, the page's refusals and the offline banner (accessibility: store-checkout.spec.ts).

const next = (page: Page) => page.getByTestId('store-next').click();

test('the landing page, then two tickets and a shirt with a promo code, a donation and the fee, paid by card: the Registration tab and the receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const code = uniqueCode('store');
  const items = await importStore(request, code, galaStore());
  const single = itemNamed(items, 'Single Ticket').id;
  const shirt = itemNamed(items, 'Gala T-Shirt').id;
  const ann = buyer('Ann');

  await page.goto(`/${code}/event`);
  await expect(page.getByTestId('store-header')).toHaveText('Spring Gala Tickets');
  await expect(page.getByTestId('store-landing-html')).toHaveText('Join us for an evening of music under the stars.');
  await expect(page.getByTestId('store-landing-footer')).toHaveText('Questions? Call the gala office at 555-0100.');
  await expect(page.getByTestId('store-register')).toHaveText('Register for the Event');
  await expect(page.getByTestId('store-auction')).toHaveText('Go to the Auction');
  await expect(page.getByTestId('store-donate')).toHaveText('Donate');
  await page.getByTestId('store-register').click();
  await expect(page).toHaveURL(new RegExp(`/${code}/event/register/$`));

  // Two single tickets on the Tickets tab, then a shirt on Merchandise; the hold counts down from the first item.
  await expectTab(page, 'Tickets');
  await expect(itemOnPage(page, single).price).toHaveText('$150.00');
  await takeUnits(page, single, 2);
  await expect(page.getByTestId('cart-countdown')).toHaveText(/^Cart Expires in 1[45]m \d\ds$/);
  await next(page);
  await expectTab(page, 'Merchandise');
  await takeUnits(page, shirt, 1, 3);
  // Registration is not open before checkout: Next goes on to the Cart.
  await next(page);
  await expectCartTab(page, 2);
  await expect(page.getByTestId(`cart-line-${single}`)).toHaveText(/^Single Ticket\s*2 × \$150\.00\s*\$300\.00$/);
  await expect(page.getByTestId(`cart-line-${shirt}`)).toHaveText(/^Gala T-Shirt\s*1 × \$25\.00\s*\$25\.00$/);
  await expect(page.getByTestId('cart-subtotal')).toHaveText('$325.00');
  // The card before any other field: Ionic's scroll assist moves the page for up to a second after a
  // field takes focus, and a tap in the card form's iframe cannot tell when it landed elsewhere.
  // Typed only: Checkout takes it, in the same tap.
  await enterCard(page, '4242424242424242');

  // Worked out here: 10% off $325.00, a $25 donation, 2.9% of what is left rounded half up.
  const subtotal = 325_00;
  const discount = 32_50;
  const donation = 25_00;
  const fee = coveredFeeCents(subtotal + donation - discount, 290);
  const total = subtotal + donation - discount + fee;
  expect([fee, total]).toEqual([9_21, 326_71]);

  await fill(page, 'promo-input', 'gala10');
  await page.getByTestId('promo-apply').click();
  await expect(page.getByTestId('promo-message')).toHaveText('Promo code applied.');
  await expect(page.getByTestId('cart-discount')).toHaveText(`−${dollars(discount)}`);
  await fill(page, 'donation-input', '25');
  await expect(page.getByTestId('cart-donation')).toHaveText(dollars(donation));
  await expect(page.getByTestId('fee-checkbox')).toContainText(
    `Add 2.90% to cover card processing fees (${dollars(fee)})`,
  );
  await page.getByTestId('fee-checkbox').click();
  await expect(page.getByTestId('cart-fee')).toHaveText(dollars(fee));
  await expect(page.getByTestId('cart-total')).toHaveText(dollars(total));

  await fillBilling(page, ann);
  await expect(page.getByTestId('cart-countdown')).toHaveText(/^Cart Expires in \d+m \d\ds$/);
  await page.getByTestId('checkout-button').click();

  // The confirmation first: the order's number, the lines bought and the total; the cart's badge clears.
  await expectConfirmation(page, request, code, [
    [single, /^Single Ticket\s*2 × \$150\.00\s*\$300\.00$/],
    [shirt, /^Gala T-Shirt\s*1 × \$25\.00\s*\$25\.00$/],
  ]);
  await expect(page.getByTestId('summary-total')).toHaveText(dollars(total));
  await expectUnits(page, 0);
  // The tickets have seats: on to the Registration tab with the order's amounts; the hold no longer counts down.
  await continueToRegistration(page);
  await expect(page.getByTestId('store-registration')).toContainText('2 × Single Ticket');
  const paidBy = 'Credit / Debit Card (Visa ending in 4242)';
  await expectAmounts(page, 'registration', {
    subtotal: dollars(subtotal),
    discount: `−${dollars(discount)}`,
    donation: dollars(donation),
    fee: dollars(fee),
    total: dollars(total),
    method: paidBy,
  });
  await expect(page.getByTestId('cart-countdown')).toHaveCount(0);

  const receipt = await mailTo(request, ann.email, 'Your receipt from');
  // Each line bought with its quantity and amount (the receipt's own layout is the mail's to decide).
  expect(receipt.text).toMatch(/Single Ticket.*\b2\b.*\$300\.00/);
  expect(receipt.text).toMatch(/Gala T-Shirt.*\b1\b.*\$25\.00/);
  for (const line of [
    'Subtotal: $325.00',
    'Promo code GALA10: −$32.50',
    'Additional donation: $25.00',
    'Card processing fee you covered: $9.21',
    'Total: $326.71',
    'Paid with Visa ending in 4242.',
  ])
    expect(receipt.text).toContain(line);
  expect(receipt.text).toMatch(
    new RegExp(`Update Registration: https?://\\S+/${code}/event/purchaserregistration/\\S+`),
  );
  expect(receipt.links.some((l) => l.includes(`/${code}/event/purchaserregistration/`))).toBe(true);

  // Finish asks first; Ok forgets the cart and goes back to the landing page.
  await page.getByTestId('finish-button').click();
  await expect(page.getByTestId('complete-dialog')).toContainText('Complete Registration');
  await page.getByTestId('complete-ok').click();
  await expect(page).toHaveURL(new RegExp(`/${code}/event$`));
  expect(await storedCart(page, code)).toBeNull();
});

test('merchandise only: the summary dialog with every amount and the payment method, closed with Close; a store without the donate button shows two', async ({
  page,
  request,
}) => {
  const code = uniqueCode('merch');
  const store = galaStore({
    buttons: {
      event: { label: 'Buy Tickets', show: true },
      auction: { label: 'Go to the Auction', show: true },
      donate: { label: 'Donate', show: false },
    },
  });
  const shirt = itemNamed(await importStore(request, code, store), 'Gala T-Shirt').id;
  const bo = buyer('Bo');

  await page.goto(`/${code}/event`);
  await expect(page.getByTestId('store-register')).toHaveText('Buy Tickets');
  await expect(page.getByTestId('store-auction')).toBeVisible();
  await expect(page.getByTestId('store-donate')).toHaveCount(0);
  await page.getByTestId('store-register').click();
  await expectTab(page, 'Tickets');
  await next(page);
  await takeUnits(page, shirt, 2);
  await next(page);
  await expectCartTab(page, 1);
  await enterCard(page, '4242 4242 4242 4242');

  // 10% off $50.00, a $10 donation, and 2.9% of $55.00 ($1.595) rounded half up.
  const fee = coveredFeeCents(50_00 + 10_00 - 5_00, 290);
  expect(fee).toBe(1_60);
  await fill(page, 'promo-input', 'Gala10');
  await page.getByTestId('promo-apply').click();
  await expect(page.getByTestId('cart-discount')).toHaveText('−$5.00');
  await fill(page, 'donation-input', '10');
  await page.getByTestId('fee-checkbox').click();
  await expect(page.getByTestId('cart-total')).toHaveText(dollars(55_00 + fee));
  await fillBilling(page, bo);
  await page.getByTestId('checkout-button').click();

  const summary = page.getByTestId('store-summary');
  await expectConfirmation(page, request, code, [[shirt, /^Gala T-Shirt\s*2 × \$25\.00\s*\$50\.00$/]]);
  await expect(page.getByTestId('store-summary-message')).toHaveText('Your receipt is on its way to your email.');
  await expect(page.getByTestId('store-summary-continue')).toHaveCount(0);
  await expectAmounts(page, 'summary', {
    subtotal: '$50.00',
    discount: '−$5.00',
    donation: '$10.00',
    fee: dollars(fee),
    total: dollars(55_00 + fee),
    method: 'Credit / Debit Card (Visa ending in 4242)',
  });
  await page.getByTestId('store-summary-close').click();
  await expect(summary).toBeHidden();
  await expect(page.getByTestId('finish-button')).toBeVisible();
  await expect(page.getByTestId('cart-countdown')).toHaveCount(0);

  // Nothing to register: the receipt has no Update Registration link.
  const receipt = await mailTo(request, bo.email, 'Your receipt from');
  expect(receipt.text).toMatch(/Gala T-Shirt.*\b2\b.*\$50\.00/);
  expect(receipt.links).toEqual([]);
});

test('a free volunteer ticket checks out as FREE: no card, no promo code, a total of $0.00', async ({
  page,
  request,
}) => {
  const code = uniqueCode('free');
  const items = await importStore(
    request,
    code,
    galaStore({ items: [storeItem('vol', { name: 'Volunteer', itemtypecode: 4, price: 0, quantity: 5 })] }),
  );
  const vol = itemNamed(items, 'Volunteer').id;
  const cy = buyer('Cy');

  await openStore(page, code);
  await expect(itemOnPage(page, vol).price).toHaveText('FREE');
  await takeUnits(page, vol, 1);
  await next(page);
  await expectCartTab(page, 1);
  await expect(page.getByTestId(`cart-line-${vol}`)).toContainText('1 × FREE');
  await expect(page.getByTestId('cart-subtotal')).toHaveText('$0.00');
  await expect(page.getByTestId('cart-total')).toHaveText('$0.00');
  await expect(page.getByTestId('payment-method-shown')).toHaveText('Payment Method: FREE');
  await expect(page.getByTestId('card-frame')).toHaveCount(0);
  await expect(page.getByTestId('fee-checkbox')).toHaveCount(0);
  await expect(page.getByTestId('promo-input').locator('input')).toBeDisabled();
  await expectDisabled(page, 'promo-apply');

  await fillBilling(page, cy);
  await page.getByTestId('checkout-button').click();
  await expectConfirmation(page, request, code, [[vol, /^Volunteer\s*1 × FREE\s*FREE$/]]);
  await continueToRegistration(page);
  await expectAmounts(page, 'registration', {
    subtotal: '$0.00',
    discount: '$0.00',
    donation: '$0.00',
    fee: '$0.00',
    total: '$0.00',
    method: 'FREE',
  });
  expect((await storeOrders(request, code)).map((o) => [o.state, o.paymentmethod, o.totalamount])).toEqual([
    ['paid', 'FREE', 0],
  ]);
  expect((await mailTo(request, cy.email, 'Your receipt from')).text).toContain('Nothing to pay.');
});

test('Bill Me: the order holds its units for the organizer, a second buyer finds them gone, and the report lists it unpaid', async ({
  page,
  browser,
  request,
}) => {
  const code = uniqueCode('billme');
  const keepsake = { tab: 'Merchandise', section: 'Keepsakes', seats: 0 } as const;
  const posters = storeItem('poster', { ...keepsake, name: 'Signed Poster', price: 40, quantity: 2 });
  const items = await importStore(
    request,
    code,
    galaStore({
      billme: true,
      items: [posters, storeItem('book', { ...keepsake, name: 'Program Book', price: 15, quantity: 5 })],
    }),
  );
  const poster = itemNamed(items, 'Signed Poster').id;
  const book = itemNamed(items, 'Program Book').id;
  const di = buyer('Di');

  await openStore(page, code);
  // No tickets in this store: the Tickets tab says so, and Next goes on to Merchandise.
  await expect(page.getByTestId('store-empty-Tickets')).toBeVisible();
  await next(page);
  await takeUnits(page, poster, 2);
  await takeUnits(page, book, 2, 4);
  await next(page);
  await expectCartTab(page, 2);
  await page.getByTestId('payment-method').selectOption('BILLME');
  await expect(page.getByTestId('card-frame')).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText('$110.00');
  await fillBilling(page, di);
  await page.getByTestId('checkout-button').click();
  await expectConfirmation(page, request, code, [
    [poster, /2 × \$40\.00/],
    [book, /2 × \$15\.00/],
  ]);
  await expect(page.getByTestId('store-summary-message')).toHaveText(
    'Your order is saved. The organizer will bill you later; your receipt is on its way to your email.',
  );
  await expectAmounts(page, 'summary', {
    subtotal: '$110.00',
    discount: '$0.00',
    donation: '$0.00',
    fee: '$0.00',
    total: '$110.00',
    method: 'Bill Me',
  });
  await page.getByTestId('store-summary-close').click();

  // A second buyer, on a phone of their own: the posters are sold out, and only three books are left.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const eve = await other.newPage();
  await openStore(eve, code);
  await next(eve);
  await expect(itemOnPage(eve, poster).soldOut).toHaveText('SOLD OUT');
  await expect(itemOnPage(eve, poster).box).toHaveCount(0);
  await itemOnPage(eve, book).box.fill('4');
  await expect(eve.getByTestId('store-notice-title')).toHaveText('Insuffcient Quantity Available');
  await expect(eve.getByTestId('store-notice-name')).toHaveText('Program Book');
  await expect(eve.getByTestId('store-notice-line')).toHaveText('3 Remaining');
  await eve.getByTestId('store-notice-ok').click();
  await expect(itemOnPage(eve, book).box).toHaveValue('0');
  await other.close();
  expect(itemNamed(await storeStock(request, code), 'Program Book').quantityremaining).toBe(3);

  const orders = await storeOrders(request, code);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({
    state: 'unpaid',
    paymentmethod: 'BILLME',
    email: di.email,
    totalamount: 110_00,
    card: '',
  });
  expect(orders[0]?.lines.map((l) => `${l.quantity} × ${l.name}`)).toEqual(['2 × Signed Poster', '2 × Program Book']);
});

test('an expired cart: the countdown runs out, the page locks and forgets its token, the server frees the units, and a reload starts a new cart', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const code = uniqueCode('hold');
  const items = await importStore(
    request,
    code,
    galaStore({ holdminutes: 1, items: [storeItem('seat', { name: 'Last Seat', price: 90, quantity: 1 })] }),
  );
  const seatId = itemNamed(items, 'Last Seat').id;
  const seat = itemOnPage(page, seatId);
  // The token's end is rounded up to the second, so a fresh minute's hold may read 1m 01s.
  const freshHold = /^Cart Expires in (1m 0\ds|\d{1,2}s)$/;

  await openStore(page, code);
  await takeUnits(page, seatId, 1);
  const oldToken = await storedCart(page, code);
  expect(oldToken).not.toBeNull();
  await expect(page.getByTestId('cart-countdown')).toHaveText(freshHold);
  expect(itemNamed(await storeStock(request, code), 'Last Seat').quantityremaining).toBe(0);

  // The hold is a minute from the last change: wait for the page to say so, by the server's clock.
  await expect(page.getByTestId('cart-countdown')).toHaveText('Cart Expired. Please reload the page', {
    timeout: 75_000,
  });
  await expect(seat.box).toBeDisabled();
  await expectDisabled(page, `qty-plus-${seatId}`);
  await expectDisabled(page, `qty-minus-${seatId}`);
  await expectDisabled(page, 'store-back');
  await expectDisabled(page, 'store-next');
  expect(await storedCart(page, code)).toBeNull();

  // The server agrees (within the page's estimate of its clock): the old token is refused as
  // expired, and the seat is free again without waiting for the holds job.
  const oldCart = async () => {
    const res = await request.get('/api/storecart', { headers: { authorization: `Bearer ${oldToken ?? ''}` } });
    const body: unknown = await res.json();
    return { status: res.status(), body };
  };
  await expect
    .poll(oldCart, { timeout: 3_000 })
    .toMatchObject({ status: 401, body: { status: 'expired', message: 'Cart Expired. Please reload the page' } });
  expect(itemNamed(await storeStock(request, code), 'Last Seat').quantityremaining).toBe(1);

  // Reloading starts a new cart with nothing in it (no hold to count down yet), which can take the seat.
  await page.reload();
  await expect(seat.box).toHaveValue('0');
  await expectUnits(page, 0);
  await expect(page.getByTestId('cart-countdown')).toHaveCount(0);
  await takeUnits(page, seatId, 1);
  await expect(page.getByTestId('cart-countdown')).toHaveText(freshHold);
  await expect(page.getByTestId('store-notice')).toHaveCount(0);
  expect(await storedCart(page, code)).not.toBe(oldToken);
});

test('two buyers race for the last ticket: one holds it, the other is told none remain, and only one can check out', async ({
  page,
  browser,
  request,
}) => {
  const code = uniqueCode('race');
  const items = await importStore(
    request,
    code,
    galaStore({ items: [storeItem('last', { name: 'Last Ticket', price: 200, quantity: 1 })] }),
  );
  const id = itemNamed(items, 'Last Ticket').id;
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const pages = [page, await other.newPage()];
  await Promise.all(pages.map((p) => openStore(p, code)));
  await Promise.all(pages.map((p) => expect(itemOnPage(p, id).box).toHaveValue('0')));

  await Promise.all(pages.map((p) => itemOnPage(p, id).plus.click()));
  // Each page ends holding the ticket or told it is gone.
  const outcome = async (p: Page) => {
    await expect(p.getByTestId('cart-units').or(p.getByTestId('store-notice'))).toBeVisible();
    return (await p.getByTestId('store-notice').count()) > 0 ? 'refused' : 'holds';
  };
  const outcomes = await Promise.all(pages.map(outcome));
  expect([...outcomes].sort()).toEqual(['holds', 'refused']);
  const winner = pages[outcomes.indexOf('holds')]!;
  const loser = pages[outcomes.indexOf('refused')]!;

  await expect(loser.getByTestId('store-notice-title')).toHaveText('Insuffcient Quantity Available');
  await expect(loser.getByTestId('store-notice-name')).toHaveText('Last Ticket');
  await expect(loser.getByTestId('store-notice-line')).toHaveText('0 Remaining');
  await loser.getByTestId('store-notice-ok').click();
  await expectUnits(loser, 0);
  // Its box went back to 0; with none left for it, the item now reads SOLD OUT.
  await expect(itemOnPage(loser, id).soldOut).toHaveText('SOLD OUT');
  await expectUnits(winner, 1);

  // The loser has nothing to check out; the winner pays.
  await loser.getByTestId('store-tab-Cart').click();
  await expect(loser.getByTestId('cart-empty')).toBeVisible();
  await expectDisabled(loser, 'checkout-button');
  await next(winner);
  await expectCartTab(winner, 1);
  await enterCard(winner, '4242424242424242');
  await fillBilling(winner, buyer('Win'));
  await winner.getByTestId('checkout-button').click();
  await continueToRegistration(winner);
  await other.close();
  expect((await storeOrders(request, code)).map((o) => [o.state, o.lines.map((l) => l.quantity)])).toEqual([
    ['paid', [1]],
  ]);
});

test("the page's refusals: over the limit per transaction, a refused promo code, no first name, and a declined card that sells nothing", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const code = uniqueCode('refuse');
  const single = itemNamed(
    await importStore(
      request,
      code,
      galaStore({
        items: [storeItem('single', { name: 'Single Ticket', price: 150, quantity: 10, maxpertransaction: 4 })],
      }),
    ),
    'Single Ticket',
  ).id;
  const box = itemOnPage(page, single).box;

  await openStore(page, code);
  await box.fill('7');
  await expect(page.getByTestId('store-notice-title')).toHaveText('Max quantity per transaction exceeded');
  await expect(page.getByTestId('store-notice')).toContainText(
    "We're sorry, but the max quantity per transaction was exceeded:",
  );
  await expect(page.getByTestId('store-notice-name')).toHaveText('Single Ticket');
  await expect(page.getByTestId('store-notice-line')).toHaveText('4 Max');
  await page.getByTestId('store-notice-ok').click();
  await expect(box).toHaveValue('4');
  await expectUnits(page, 4);
  await next(page);
  await expectCartTab(page, 1);
  await enterCard(page, '4000000000000002');

  // A good code, then a refused one: the message in red, and the discount gone.
  await fill(page, 'promo-input', 'gala10');
  await page.getByTestId('promo-apply').click();
  await expect(page.getByTestId('cart-discount')).toHaveText('−$60.00');
  await fill(page, 'promo-input', 'nosuchcode');
  await page.getByTestId('promo-apply').click();
  await expect(page.getByTestId('promo-message')).toHaveText('This promo code is not valid.');
  await expect(page.getByTestId('promo-message')).toHaveCSS('color', RED);
  await expect(page.getByTestId('cart-discount')).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText('$600.00');

  // No first name: refused in the page, beside the field, nothing sent.
  await fillBilling(page, { ...buyer('Dee'), first: '' });
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('billing-first-error')).toHaveText('First name is required for checkout.');
  expect(await storeOrders(request, code)).toEqual([]);

  // The declined card: the processor's words in a toast, with what to do next; the order failed,
  // the cart is the buyer's again, and the declined card is no longer the chosen one.
  await fill(page, 'billing-first', 'Dee');
  await expect(page.getByTestId('billing-first-error')).toHaveCount(0);
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('notice')).toContainText(
    'Your card was declined. Please use another card. The card entry has been cleared: please check the card details or use another card.',
  );
  await expectFreshCardForm(page);
  await expect(page.getByTestId(`cart-line-${single}`)).toContainText('4 × $150.00');
  const orders = await storeOrders(request, code);
  expect(orders.map((o) => [o.state, o.failure, o.lines])).toEqual([
    ['failed', 'Your card was declined. Please use another card.', []],
  ]);
  // Nothing was sold: the four are only held by the buyer's cart, and once let go all ten are there.
  expect(itemNamed(await storeStock(request, code), 'Single Ticket').quantityremaining).toBe(6);
  await page.getByTestId('store-tab-Tickets').click();
  await box.fill('0');
  await expectUnits(page, 0);
  expect(itemNamed(await storeStock(request, code), 'Single Ticket').quantityremaining).toBe(10);
});

test('the offline banner comes when the network drops and goes when it returns', async ({ page, context, request }) => {
  const code = uniqueCode('offline');
  await importStore(request, code, galaStore());
  await openStore(page, code);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toHaveText("We're having trouble connecting to the internet");
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});
