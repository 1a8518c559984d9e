import { expect, test } from './support/test';
import { storeItem } from '../testkit/documents';
import { uniqueCode } from './support/api';
import { fill } from './support/page';
import { coveredFeeCents, dollars, enterCard, mailTo } from './support/payments';
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
  nextTab,
  openStore,
  storedCart,
  storeOrders,
  storeStock,
  takeUnits,
} from './support/store';

// The event store (issue 11): the landing page, the tabs with held quantities, the cart with its
// promo code, donation and fee, checkout by card, FREE and Bill Me (what the store refuses:
// store-refusals.spec.ts; accessibility: store-checkout.spec.ts).

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
  await nextTab(page);
  await expectTab(page, 'Merchandise');
  await takeUnits(page, shirt, 1, 3);
  // Registration is not open before checkout: Next goes on to the Cart.
  await nextTab(page);
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
  await nextTab(page);
  await takeUnits(page, shirt, 2);
  await nextTab(page);
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
  await nextTab(page);
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
  await nextTab(page);
  await takeUnits(page, poster, 2);
  await takeUnits(page, book, 2, 4);
  await nextTab(page);
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
  await nextTab(eve);
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

test('taps faster than the network: each change waits for the one before, and the cart ends at the last tap', async ({
  page,
  request,
}) => {
  const code = uniqueCode('taps');
  const items = await importStore(request, code, galaStore());
  const single = itemNamed(items, 'Single Ticket').id;
  // Every change of the cart answers late, as on a venue's Wi-Fi: the taps overtake their answers.
  let inFlight = 0;
  let most = 0;
  await page.route('**/api/storecartadditem', async (route) => {
    most = Math.max(most, ++inFlight);
    const answer = await route.fetch();
    // The network's delay, not a wait on the page: the answer is held back a quarter second.
    await new Promise((resolve) => setTimeout(resolve, 250));
    inFlight--;
    await route.fulfill({ response: answer });
  });
  await openStore(page, code);
  const item = itemOnPage(page, single);
  for (let n = 1; n <= 3; n++) {
    const sent = page.waitForRequest('**/api/storecartadditem');
    await item.plus.click();
    await expect(item.box).toHaveValue(String(n));
    if (n < 3) await sent;
  }
  await expectUnits(page, 3);
  await expect(item.box).toHaveValue('3');
  // Never two changes on their way at once; the page again from the server says 3.
  expect(most).toBe(1);
  await page.reload();
  await expect(itemOnPage(page, single).box).toHaveValue('3');
});
