import { expect, type APIRequestContext, type Page, test } from './support/test';
import { testCardOutcome } from '@gavel/domain';
import { verifiedBidder } from '../testkit/bidders';
import { eventDocument, item, timesAround } from '../testkit/documents';
import { bearer, expectOk, stringField, type Transport } from '../testkit/transport';
import { importEvent, uniqueCode } from './support/api';
import {
  addStaff,
  type ConsoleSession,
  type ConsoleStaffMember,
  lookAt,
  newOrganization,
  openConsole,
  organizationTransport,
} from './support/console';
import { DESKTOP, expectAccessible, openSignedIn } from './support/page';
import { mailTo } from './support/payments';

/**
 * The checkout desk on a tablet: a volunteer takes cash for one bidder and charges the saved card
 * of another; the bidder's phone, open on their cart, shows the items paid at once, and their
 * order history says how. Screens at the tablet's and the phone's size.
 */
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

interface Setup {
  origin: string;
  eventcode: string;
  owner: ConsoleSession;
  volunteer: ConsoleStaffMember;
  ann: string;
  bob: string;
}

async function cryptogram(api: Transport, eventcode: string): Promise<string> {
  const card = '4242424242424242';
  const answer = await expectOk(
    'card',
    api.post('/api/testpay/tokens', {
      eventcode,
      brand: 'Visa',
      last4: '4242',
      expmonth: 12,
      expyear: 2030,
      outcome: testCardOutcome(card),
      authenticated: false,
    }),
  );
  return stringField(answer, 'cryptogram');
}

/** A bidder who bought the basket and the tote on their phone ($65.50 due); with a saved card when `card`. */
async function bidder(api: Transport, eventcode: string, name: string, card: boolean): Promise<string> {
  const who = await verifiedBidder(api, {
    eventcode,
    email: `${name.toLowerCase()}-${eventcode}@example.org`,
    profile: { firstname: name, lastname: 'Lee', zip: '60601', setupcomplete: true },
  });
  const items = await expectOk('items', api.post('/api/auctionitems', { eventcode }, bearer(who.token)));
  for (const i of (items as { auctionitems: Array<{ itemid: number }> }).auctionitems)
    await expectOk(
      'buying',
      api.post('/api/submitbid', { eventcode, itemid: i.itemid, buyitnow: true, quantity: 1 }, bearer(who.token)),
    );
  if (card)
    await expectOk(
      'saving a card',
      api.post('/api/updatecard', { eventcode, processortoken: await cryptogram(api, eventcode) }, bearer(who.token)),
    );
  return who.token;
}

async function setUp(request: APIRequestContext): Promise<Setup> {
  const org = await newOrganization(request, { name: 'Checkout Foundation', prefix: 'desk' });
  const eventcode = uniqueCode('dgala');
  const buy = (itemnum: string, name: string, price: number) =>
    item(itemnum, { name, buyitnowonly: true, buyitnowprice: price, quantity: 20, startingbid: 0 });
  await importEvent(
    request,
    eventDocument(timesAround(new Date(), { biddingcloses: 48, eventcloses: 72 }), {
      auctioncode: org.auctioncode,
      orgname: org.name,
      eventcode,
      eventname: 'Autumn Gala',
      event: { ccfeespercent: 0 },
      items: [buy('101', 'Gift Basket', 40), buy('102', 'Gala Tote', 25.5)],
    }),
  );
  const api = organizationTransport(request, org.origin);
  const ann = await bidder(api, eventcode, 'Ann', false);
  const bob = await bidder(api, eventcode, 'Bob', true);
  const volunteer = await addStaff(request, { origin: org.origin, ownerToken: org.owner.token, role: 'volunteer' });
  return { origin: org.origin, eventcode, owner: org.owner.session, volunteer, ann, bob };
}

/** The page checked by axe and saved at the phone's size and the tablet's, back at the tablet's after. */
async function atBothSizes(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['tablet', TABLET],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectAccessible(page);
    await lookAt(page, `${name}-${size}`);
  }
}

async function findBidder(page: Page, name: string): Promise<void> {
  await page.getByTestId('desk-search').fill(name);
  await expect(page.getByTestId('desk-found-bidder')).toHaveCount(1);
  await expect(page.getByTestId('desk-found-bidder')).toContainText('$65.50 due');
  await page.getByTestId('desk-search').press('Enter');
  await expect(page.getByTestId('desk-due')).toContainText('$65.50');
}

test.use({ ...DESKTOP, viewport: TABLET });

test('the desk takes cash for one bidder and the saved card for another; the phone shows them paid', async ({
  page,
  request,
  browser,
}) => {
  const s = await setUp(request);
  // Ann's phone is open on her cart: the desk's payment shows there at once.
  const phone = await browser.newPage({ viewport: PHONE });
  await openSignedIn(phone, `${s.origin}/${s.eventcode}/cart`, s.ann);
  await expect(phone.getByTestId('cart-line')).toHaveCount(2);

  await openConsole(page, { origin: s.origin, path: `/${s.eventcode}/console/desk`, session: s.volunteer.session });
  await expect(page.getByTestId('live-state')).toHaveText('Live');
  await findBidder(page, 'Ann');
  await expect(page.getByTestId('group-items')).toContainText('Gift Basket');
  await expect(page.getByTestId('desk-method-card')).toBeDisabled();
  await page.getByTestId('desk-method-cash').click();
  await expect(page.getByTestId('desk-amount')).toHaveValue('65.50');
  await expect(page.getByTestId('desk-pay-button')).toHaveText('Take $65.50 in cash');
  await atBothSizes(page, 'desk-balance');

  await page.getByTestId('desk-amount').press('Enter');
  await expect(page.getByTestId('desk-outcome-title')).toHaveText('Paid');
  await expect(page.getByTestId('desk-due')).toContainText('$0.00');
  await expect(page.getByTestId('group-payments')).toContainText('Cash');
  await atBothSizes(page, 'desk-paid');
  await expect(phone.getByTestId('cart-line')).toHaveCount(0);
  await phone.goto(`${s.origin}/${s.eventcode}/my-orders`);
  await expect(phone.getByTestId('order-paid-with').first()).toHaveText('Paid at the checkout desk: cash');
  await lookAt(phone, 'desk-phone-my-orders');
  await phone.close();

  await page.getByTestId('desk-print').click();
  await expect(page.getByTestId('desk-receipt')).toContainText('Autumn Gala');
  await expect(page.getByTestId('desk-pickup')).toContainText('Pickup code');
  await lookAt(page, 'desk-receipt-tablet');
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByTestId('desk-next').click();
  await expect(page.getByTestId('desk-search')).toBeFocused();

  // Bob has a card on file: it is the first method offered.
  await findBidder(page, 'Bob');
  await expect(page.getByTestId('desk-method-card')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('desk-pay-button')).toHaveText('Charge $65.50 to the card on file');
  await page.getByTestId('desk-pay-button').click();
  await expect(page.getByTestId('desk-outcome-title')).toHaveText('Paid');
  await expect(page.getByTestId('group-payments')).toContainText('Visa ending in 4242');
  await lookAt(page, 'desk-card-paid-tablet');
});

const LAPTOP = { width: 1280, height: 800 };
const IPAD = { width: 820, height: 1180 };

test('the owner gives part of a cash payment back and voids a card payment taken by mistake; the phone and the summary agree', async ({
  page,
  browser,
  request,
}) => {
  const s = await setUp(request);
  await page.setViewportSize(LAPTOP);
  await openConsole(page, { origin: s.origin, path: `/${s.eventcode}/console/desk`, session: s.owner });
  await findBidder(page, 'Ann');
  await page.getByTestId('desk-method-cash').click();
  await page.getByTestId('desk-pay-button').click();
  await expect(page.getByTestId('desk-outcome-title')).toHaveText('Paid');
  // Money is given back from the payments shown, never while a payment's outcome is on screen.
  await expect(page.getByTestId('desk-give-back')).toHaveCount(0);
  await page.getByTestId('desk-next').click();
  await page.getByTestId('desk-search').fill('Ann');
  await page.getByTestId('desk-found-bidder').click();
  await page.getByTestId('desk-give-back').click();
  await expect(page.getByTestId('desk-refund-amount')).toHaveValue('65.50');
  await expect(page.getByTestId('desk-refund-void')).not.toBeChecked();
  await page.getByTestId('desk-refund-amount').fill('25.50');
  await page.getByTestId('desk-refund-button').click();
  await expect(page.getByTestId('desk-refund-error')).toHaveText('Please say why the money is given back.');
  await page.getByTestId('desk-refund-reason').fill('Tote returned');
  await expect(page.getByTestId('desk-refund-button')).toHaveText('Give back $25.50 in cash');
  for (const [size, viewport] of [
    ['ipad', IPAD],
    ['laptop', LAPTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectAccessible(page);
    await lookAt(page, `desk-refund-form-${size}`);
  }
  await page.getByTestId('desk-refund-button').click();
  await expect(page.getByTestId('desk-given')).toContainText('Gave back $25.50 in cash.');
  await expect(page.getByTestId('desk-due')).toContainText('$25.50');
  await expect(page.getByTestId('desk-payment-refund')).toContainText('Given back in cash: Tote returned');
  await expect(page.getByTestId('desk-payment-refund')).toContainText('+$25.50');
  await lookAt(page, 'desk-refunded-laptop');
  // Ann's phone says what the desk says: $25.50 due, the cash paid and the cash given back.
  const annPhone = await browser.newPage({ viewport: PHONE });
  await openSignedIn(annPhone, `${s.origin}/${s.eventcode}/cart`, s.ann);
  await expect(annPhone.getByTestId('cart-balance-due')).toHaveText('$25.50');
  // Nothing is left to check out on the phone: the cart says so, and what the desk will take.
  await expect(annPhone.getByTestId('cart-empty')).toBeVisible();
  await lookAt(annPhone, 'desk-refund-phone-cart');
  await annPhone.goto(`${s.origin}/${s.eventcode}/my-orders`);
  await expect(annPhone.getByTestId('order-payment')).toHaveText([
    /Cash, at the checkout desk.*\$65\.50/,
    /Given back in cash.*\+\$25\.50/,
  ]);
  await expectAccessible(annPhone);
  await lookAt(annPhone, 'desk-refund-phone-orders');
  await annPhone.close();

  // Bob's card was charged by mistake: the void gives it all back and his items are owed again.
  const phone = await browser.newPage({ viewport: PHONE });
  await openSignedIn(phone, `${s.origin}/${s.eventcode}/cart`, s.bob);
  await expect(phone.getByTestId('cart-line')).toHaveCount(2);
  await page.getByTestId('desk-back').click();
  await findBidder(page, 'Bob');
  await page.getByTestId('desk-pay-button').click();
  await expect(page.getByTestId('desk-outcome-title')).toHaveText('Paid');
  await expect(phone.getByTestId('cart-line')).toHaveCount(0);
  await page.getByTestId('desk-next').click();
  await page.getByTestId('desk-search').fill('Bob');
  await page.getByTestId('desk-found-bidder').click();
  await page.getByTestId('desk-give-back').click();
  await page.getByTestId('desk-refund-void').check();
  await expect(page.getByTestId('desk-refund-void-warning')).toHaveText(
    'A void gives all of it back and puts what it paid for back on the balance.',
  );
  await page.getByTestId('desk-refund-reason').fill('Charged the wrong bidder');
  await expect(page.getByTestId('desk-refund-button')).toHaveText('Void: give back $65.50 to the card');
  await page.setViewportSize(IPAD);
  await lookAt(page, 'desk-void-form-ipad');
  await page.getByTestId('desk-refund-button').click();
  await expect(page.getByTestId('desk-given')).toContainText('Voided: $65.50 given back to the card');
  await expect(page.getByTestId('desk-due')).toContainText('$65.50');
  await expect(page.getByTestId('desk-pay')).toBeVisible();
  await expect(phone.getByTestId('cart-line')).toHaveCount(2);
  await lookAt(page, 'desk-voided-ipad');
  await phone.close();

  // A volunteer sees no way to give money back; the summary counts what is left.
  const volunteer = await browser.newPage({ viewport: LAPTOP });
  await openConsole(volunteer, {
    origin: s.origin,
    path: `/${s.eventcode}/console/desk`,
    session: s.volunteer.session,
  });
  await volunteer.getByTestId('desk-search').fill('Ann');
  await volunteer.getByTestId('desk-found-bidder').click();
  await expect(volunteer.getByTestId('desk-payment-refund')).toBeVisible();
  await expect(volunteer.getByTestId('desk-give-back')).toHaveCount(0);
  await volunteer.close();
  await page.setViewportSize(LAPTOP);
  await page.goto(`${s.origin}/${s.eventcode}/console/reports`);
  await expect(page.getByTestId('summary-collected')).toHaveText('$40.00');
  await expect(page.getByTestId('summary-refunds')).toHaveText('$91.00');
  await lookAt(page, 'desk-refund-summary-laptop');
});

test("one bidder's card pays a partner's balance too: the desk says whose card before the tap, and the cardholder gets one receipt naming both", async ({
  page,
  request,
}) => {
  const s = await setUp(request);
  await page.setViewportSize(LAPTOP);
  await openConsole(page, { origin: s.origin, path: `/${s.eventcode}/console/desk`, session: s.volunteer.session });
  await findBidder(page, 'Bob');
  await expect(page.getByTestId('desk-whose-card')).toHaveCount(0);
  await page.getByTestId('desk-also-input').fill('Ann');
  await page.getByTestId('desk-also-add').click();
  await expect(page.getByTestId('desk-other')).toContainText('Ann');
  await expect(page.getByTestId('desk-whose-card')).toHaveText(
    "This charges Bob Lee's Visa ending in 4242 for 2 balances. Bob Lee gets one receipt naming each.",
  );
  await expect(page.getByTestId('desk-pay-button')).toHaveText('Charge $131.00 to the card on file');
  await expectAccessible(page);
  await lookAt(page, 'desk-whose-card-laptop');
  await page.getByTestId('desk-pay-button').click();
  await expect(page.getByTestId('desk-outcome-title')).toHaveText('Paid');
  const receipt = await mailTo(request, `bob-${s.eventcode}@example.org`, 'Your payment for 2 balances');
  expect(receipt.text).toContain('we took $131.00 by card (Visa ending in 4242) at the checkout desk');
  expect(receipt.text).toContain('Your balance: $65.50');
  expect(receipt.text).toMatch(/Ann Lee \(bidder \d+\): \$65\.50/);
});

test('a disputed line is held at the desk: the amount due leaves it out until it is released', async ({
  page,
  request,
}) => {
  const s = await setUp(request);
  await page.setViewportSize(IPAD);
  await openConsole(page, { origin: s.origin, path: `/${s.eventcode}/console/desk`, session: s.owner });
  await findBidder(page, 'Ann');
  const tote = page.getByTestId('desk-line').filter({ hasText: 'Gala Tote' });
  await tote.getByTestId('desk-hold').click();
  await expect(page.getByTestId('desk-hold-submit')).toBeDisabled();
  await page.getByTestId('desk-hold-reason').fill('Says the tote is not hers');
  await page.getByTestId('desk-hold-submit').click();
  await expect(page.getByTestId('desk-held-note')).toHaveText(
    '#102 Gala Tote is on hold: nobody is charged for it until it is released or removed.',
  );
  const held = page.getByTestId('desk-line-held');
  await expect(held).toContainText('on hold: Says the tote is not hers');
  await expect(page.getByTestId('desk-due')).toContainText('$40.00');
  await expect(page.getByTestId('desk-held')).toContainText('$25.50');
  await expect(page.getByTestId('desk-pay-button')).toHaveText('Take $40.00 in cash');
  await expectAccessible(page);
  await lookAt(page, 'desk-held-ipad');
  await held.getByTestId('desk-release').click();
  await page.getByTestId('desk-hold-reason').fill('She found her bid sheet');
  await page.getByTestId('desk-hold-submit').click();
  await expect(page.getByTestId('desk-held-note')).toHaveText('#102 Gala Tote is owed again.');
  await expect(page.getByTestId('desk-due')).toContainText('$65.50');
  await expect(page.getByTestId('desk-line-held')).toHaveCount(0);
});
