import { expect, type APIRequestContext, test } from './support/test';
import { testCardOutcome } from '@gavel/domain';
import { eventDocument, item, timesAround } from '../testkit/documents';
import { verifiedBidder } from '../testkit/bidders';
import { bearer, expectOk, numberField, stringField, type Transport } from '../testkit/transport';
import { importEvent, uniqueCode } from './support/api';
import {
  addStaff,
  type ConsoleStaffMember,
  lookAt,
  newOrganization,
  openConsole,
  organizationTransport,
} from './support/console';
import { DESKTOP, expectAccessible, openSignedIn } from './support/page';

/**
 * The pickup desk on auction night: a volunteer types the code from a bidder's receipt, sees what
 * they won by location (the paid items ticked, the unpaid one greyed), marks the paid ones
 * collected, and finds them on the pickup list. The bidder's order history shows the code and its QR.
 */
interface Setup {
  origin: string;
  eventcode: string;
  volunteer: ConsoleStaffMember;
  bidderToken: string;
  code: string;
}

const buyItNow = (itemnum: string, name: string, price: number, location: string) =>
  item(itemnum, { name, buyitnowonly: true, buyitnowprice: price, quantity: 20, startingbid: 0, location });

/** Buys through the phone's calls and pays the wine and the tote by card; the print stays in the cart. */
async function buyAndPay(api: Transport, eventcode: string, token: string): Promise<void> {
  const items = await expectOk('items', api.post('/api/auctionitems', { eventcode }, bearer(token)));
  const ids = new Map(
    (items as { auctionitems: Array<{ name: string; itemid: number }> }).auctionitems.map((i) => [i.name, i.itemid]),
  );
  const buy = async (name: string) =>
    numberField(
      await expectOk(
        `buying ${name}`,
        api.post('/api/submitbid', { eventcode, itemid: ids.get(name), buyitnow: true, quantity: 1 }, bearer(token)),
      ),
      'historyid',
    );
  const paid = [await buy('Wine Tasting'), await buy('Gala Tote')];
  await buy('Signed Print');
  const card = '4242424242424242';
  const cryptogram = stringField(
    await expectOk(
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
    ),
    'cryptogram',
  );
  await expectOk(
    'checkout',
    api.post(
      '/api/checkout',
      { eventcode, historyid: paid, processortoken: cryptogram, totalamount: 65 },
      { ...bearer(token), 'idempotency-key': uniqueCode('pay') },
    ),
  );
}

async function setUp(request: APIRequestContext): Promise<Setup> {
  const org = await newOrganization(request, { name: 'Pickup Foundation', prefix: 'pick' });
  const eventcode = uniqueCode('pgala');
  await importEvent(
    request,
    eventDocument(timesAround(new Date(), { biddingcloses: 48, eventcloses: 72 }), {
      auctioncode: org.auctioncode,
      orgname: org.name,
      eventcode,
      eventname: 'Spring Gala',
      event: { ccfeespercent: 0, pickupinstructions: 'Ballroom desk from 9 pm.' },
      items: [
        buyItNow('101', 'Wine Tasting', 40, 'Gift table'),
        buyItNow('102', 'Gala Tote', 25, 'Coat check'),
        buyItNow('103', 'Signed Print', 60, 'Gift table'),
      ],
    }),
  );
  const api = organizationTransport(request, org.origin);
  const bidder = await verifiedBidder(api, {
    eventcode,
    email: `ann-${eventcode}@example.org`,
    profile: { firstname: 'Ann', lastname: 'Lee', zip: '60601', setupcomplete: true },
  });
  await buyAndPay(api, eventcode, bidder.token);
  const orders = await expectOk('orders', api.get('/api/myorders', bearer(bidder.token)));
  const code = stringField((orders as { pickup?: unknown }).pickup, 'code');
  const volunteer = await addStaff(request, { origin: org.origin, ownerToken: org.owner.token, role: 'volunteer' });
  return { origin: org.origin, eventcode, volunteer, bidderToken: bidder.token, code };
}

test.use({ ...DESKTOP, viewport: { width: 1024, height: 768 } });

test('a volunteer marks a paid bidder’s items collected, and finds them on the pickup list', async ({
  page,
  request,
  browser,
}) => {
  const s = await setUp(request);
  await openConsole(page, { origin: s.origin, path: `/${s.eventcode}/console/pickup`, session: s.volunteer.session });
  await expect(page.getByTestId('live-state')).toHaveText('Live');

  // A receipt's code as a volunteer might type it: small letters, a space. Enter finds it.
  const typed = `${s.code.slice(0, 3).toLowerCase()} ${s.code.slice(3)}`;
  await page.getByTestId('pickup-code').fill(typed);
  await page.getByTestId('pickup-code').press('Enter');
  await expect(page.getByTestId('pickup-bidder')).toContainText('Ann Lee');
  const items = page.getByTestId('pickup-item');
  await expect(items).toHaveCount(3);
  const print = items.filter({ hasText: 'Signed Print' });
  await expect(print.getByTestId('pickup-item-state')).toHaveText('Not paid yet');
  await expect(print.getByTestId('pickup-item-check')).toBeDisabled();
  await expect(items.filter({ hasText: 'Wine Tasting' }).getByTestId('pickup-item-check')).toBeChecked();
  await expect(page.getByTestId('pickup-collect')).toHaveText('Mark collected (2)');
  await expectAccessible(page);
  await lookAt(page, 'pickup-found-tablet');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await lookAt(page, 'pickup-found-phone');
  await page.setViewportSize({ width: 1024, height: 768 });

  // Enter again hands over what is ticked; the box is ready for the next bidder.
  await expect(page.getByTestId('pickup-collect')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pickup-notice')).toHaveText('Marked 2 items collected.');
  await expect(items.filter({ hasText: 'Gala Tote' }).getByTestId('pickup-item-state')).toContainText(
    'by Vera Volunteer',
  );
  await expect(page.getByTestId('pickup-code')).toBeFocused();
  await lookAt(page, 'pickup-collected-tablet');

  await page.getByTestId('pickup-tab-list').click();
  const rows = page.getByTestId('pickup-list-row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('pickup-list-count')).toHaveText('3 items · 2 collected · 1 waiting');
  await page.getByTestId('pickup-list-collected').selectOption('no');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Signed Print');
  await page.getByTestId('pickup-list-collected').selectOption('all');
  await expect(rows).toHaveCount(3);
  await expectAccessible(page);
  await lookAt(page, 'pickup-list-tablet');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await lookAt(page, 'pickup-list-phone');

  // The bidder's order history shows the code and its QR (drawn by the server).
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await openSignedIn(phone, `${s.origin}/${s.eventcode}/my-orders`, s.bidderToken);
  await expect(phone.getByTestId('pickup-code-value')).toHaveText(s.code);
  await expect
    .poll(() =>
      phone
        .getByTestId('pickup-code')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await lookAt(phone, 'my-orders-pickup-phone');
  await phone.close();
});
