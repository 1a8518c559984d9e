import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventResponse, type ImportDocumentInput, TEST_PAYMENT_NOTE } from '@gavel/domain';
import { auctionItems } from '../../db/schema';
import { importEvent, mailbox, makeBidder } from '../../test/account-fixtures';
import { call } from '../../test/call';
import { eventDocument, GALA_VENUE, galaRegistration, item, SERVED_GALA_VENUE } from '../../test/documents';
import type { TestApp } from '../../test/harness';
import { buyNow, checkoutAs, testCryptogram } from '../../test/payments-fixtures';
import { addGuest, openGuestLink, purchase, seatAt, useRegistrationGala } from '../../test/registration-fixtures';
import { galaStore } from '../../test/store-state';

/**
 * The event's time and place (issue 26, item 14) where a guest meets them: the event answer, the
 * store's landing page, the ticket receipt, the guest's email and the guest page; and the receipts'
 * order number, time of payment and the organization's contact (item 15), as they are sent.
 */
const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
useRegistrationGala(now, (app) => (t = app));

const VENUE = GALA_VENUE;
const SERVED = SERVED_GALA_VENUE;
const CONTACT = { organizationphone: '(312) 555-0142', organizationemail: 'gala@riverbend.example.org' };

/** The registration gala again, with a venue (or none), the organization's contact and an item to buy now. */
function galaWith(venue: ImportDocumentInput['event']['venue'], timezone = 'America/Chicago'): ImportDocumentInput {
  return eventDocument(now, {
    orgname: 'Riverbend Community Foundation',
    event: { ccfeespercent: 3, allowbillme: true, timezone, ...CONTACT, ...(venue ? { venue } : {}) },
    items: [
      item('wine', { name: 'Wine <Tasting> & "Tour"', buyitnowavailable: true, buyitnowprice: 40, startingbid: 20 }),
    ],
    store: galaStore(now, { registration: galaRegistration() }),
  });
}

const eventAnswer = async () => {
  const res = await call(t.app, 'POST /event', { eventcode: 'gala' });
  if (!res.ok) throw new Error(res.failure.message);
  return res.answer;
};
const landing = async () => {
  const res = await call(t.app, 'POST /storesetup1', { eventcode: 'gala' });
  if (!res.ok) throw new Error(res.failure.message);
  return res.answer;
};

describe('the venue', () => {
  it("is served by the event and the store's landing page, its time in the event's zone", async () => {
    await importEvent(t, galaWith(VENUE));
    const event = await eventAnswer();
    expect(eventResponse.strict().safeParse(event).success).toBe(true);
    expect(event.venue).toEqual(SERVED);
    expect((await landing()).venue).toEqual(SERVED);
    await importEvent(t, galaWith(VENUE, 'America/New_York'));
    expect((await landing()).venue?.when).toBe('Saturday, December 5, 2026, 8:00 PM – 12:00 AM EST');
  });

  it('is null everywhere once a re-import leaves it out', async () => {
    await importEvent(t, galaWith(VENUE));
    await importEvent(t, galaWith(undefined));
    expect((await eventAnswer()).venue).toBeNull();
    expect((await landing()).venue).toBeNull();
  });

  it("is on the ticket receipt, the guest's email and the guest's page", async () => {
    await importEvent(t, galaWith(VENUE));
    const p = await purchase(t, { table: 1 });
    await addGuest(t, p.token, seatAt(p.groups, 1), {
      'First Name': 'Bo',
      'Last Name': 'Diaz',
      Email: 'bo@example.org',
    });
    const guest = await openGuestLink(t, 'bo@example.org');
    expect(guest.venue).toEqual(SERVED);
    const mails = await mailbox(t);
    const receipt = mails.find((m) => m.to === 'ann@example.org' && m.subject.startsWith('Your receipt'));
    const invite = mails.find((m) => m.to === 'bo@example.org');
    for (const mail of [receipt, invite]) {
      expect(mail?.text).toContain(
        `When:  ${SERVED.date}\n       ${SERVED.time}\nWhere: The Grand Ballroom\n       Riverbend Hotel\n       210 River Street`,
      );
      expect(mail?.html).toContain('The Grand Ballroom<br>Riverbend Hotel<br>210 River Street');
    }
  });

  it('is on no mail when there is none', async () => {
    await importEvent(t, galaWith(undefined));
    const p = await purchase(t, { table: 1 });
    await addGuest(t, p.token, seatAt(p.groups, 1), {
      'First Name': 'Bo',
      'Last Name': 'Diaz',
      Email: 'bo@example.org',
    });
    expect((await openGuestLink(t, 'bo@example.org')).venue).toBeNull();
    for (const mail of await mailbox(t)) expect(mail.text).not.toContain('When:');
  });
});

describe('the receipts as sent', () => {
  it("give the store order's number, the time it was paid in the event's zone, the organization's contact and a table of the lines", async () => {
    await importEvent(t, galaWith(VENUE));
    await purchase(t, { single: 2, shirt: 1 });
    const receipt = (await mailbox(t)).find((m) => m.subject.startsWith('Your receipt'));
    const order = /order (S-\d+)\)$/.exec(receipt?.subject ?? '')?.[1];
    expect(order).toBeDefined();
    expect(receipt?.text).toContain(
      `Order number: ${order}\nPaid:         Tuesday, December 1, 2026, 12:00 PM CST\nOrganization: Riverbend Community Foundation\nContact:      (312) 555-0142\n              gala@riverbend.example.org`,
    );
    expect(receipt?.text).toMatch(/\nsingle +Single Ticket +2 +\$300\.00\n/);
    expect(receipt?.text).toMatch(/\nshirt +Shirt +1 +\$25\.00\n/);
    expect(receipt?.text).toContain(`Paid with Visa ending in 4242.\n${TEST_PAYMENT_NOTE}`);
    expect(receipt?.html).toMatch(
      /<td[^>]*>single<\/td><td[^>]*>Single Ticket<\/td><td[^>]*>2<\/td><td[^>]*>\$300\.00<\/td>/,
    );
  });

  it("give the auction order's number, the time it was paid in the event's zone, the contact, and escape the item's name", async () => {
    await importEvent(t, galaWith(VENUE, 'America/Los_Angeles'));
    const ann = await makeBidder(t, 'gala', 'ann@example.org');
    const [wine] = await t.ctx.db
      .select({ id: auctionItems.id })
      .from(auctionItems)
      .where(eq(auctionItems.itemnum, 'wine'));
    const historyid = await buyNow(t, ann, 'gala', wine?.id ?? 0);
    const res = await checkoutAs(t, ann, {
      historyid: [historyid],
      processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
      totalamount: 40,
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderid: number = res.json().checkoutid;
    const receipt = (await mailbox(t)).find((m) => m.subject === `Your receipt from Test Gala (order ${orderid})`);
    expect(receipt?.text).toContain(
      `Order number: ${orderid}\nPaid:         Tuesday, December 1, 2026, 10:00 AM PST\nOrganization: Riverbend Community Foundation\nContact:      (312) 555-0142`,
    );
    expect(receipt?.text).toMatch(/\nwine +Wine <Tasting> & "Tour" +1 +\$40\.00\n/);
    expect(receipt?.html).toMatch(
      /<td[^>]*>wine<\/td><td[^>]*>Wine &lt;Tasting&gt; &amp; &quot;Tour&quot;<\/td><td[^>]*>1<\/td><td[^>]*>\$40\.00<\/td>/,
    );
    expect(receipt?.html).not.toContain('<Tasting>');
  });
});
