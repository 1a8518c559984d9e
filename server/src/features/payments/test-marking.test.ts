import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PAYMENT_NOTE } from '@gavel/domain';
import { auctionItems, outbox } from '../../db/schema';
import { ADMIN, createTestApp, type TestApp } from '../../test/harness';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { eventDocument, item } from '../../test/documents';
import { buyNow, checkoutAs, testCryptogram } from '../../test/payments-fixtures';

// The finding's "paid, Visa ending in 4242 with no money moving": an order paid through the test
// gateway must say TEST wherever it reads as paid (the organizer's report, the receipt, the order
// history). A Bill Me order of the same event is not a test payment.
const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
let ann: TestBidder;
let bob: TestBidder;
let paidId = 0;
let billedId = 0;

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(
    t,
    eventDocument(now, {
      event: { allowbillme: true, ccfeespercent: 0 },
      items: [
        item('wine', { name: 'Wine Tasting', buyitnowonly: true, buyitnowprice: 40, quantity: 50, startingbid: 0 }),
      ],
    }),
  );
  const [wine] = await t.ctx.db.select({ id: auctionItems.id }).from(auctionItems);
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
  const paid = await checkoutAs(t, ann, {
    historyid: [await buyNow(t, ann, 'gala', wine!.id)],
    processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
    totalamount: 40,
  });
  const billed = await checkoutAs(t, bob, {
    historyid: [await buyNow(t, bob, 'gala', wine!.id)],
    billme: true,
    totalamount: 40,
  });
  expect([paid.statusCode, billed.statusCode]).toEqual([200, 200]);
  paidId = paid.json().checkoutid;
  billedId = billed.json().checkoutid;
});
afterAll(async () => t.close());

describe('an order paid through the test gateway says TEST', () => {
  it('in the payments report: testpayment in the JSON, TEST in the CSV’s Test payment column', async () => {
    const report = (
      await t.app.inject({ method: 'GET', url: '/api/admin/payments?eventcode=gala', headers: ADMIN })
    ).json();
    expect(
      report.orders.map((o: { orderid: number; state: string; card: string; testpayment: boolean }) => [
        o.orderid,
        o.state,
        o.card,
        o.testpayment,
      ]),
    ).toEqual([
      [paidId, 'paid', 'Visa ending in 4242', true],
      [billedId, 'unpaid', '', false],
    ]);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments?eventcode=gala&format=csv',
      headers: ADMIN,
    });
    const rows = csv.body
      .trimEnd()
      .split('\r\n')
      .map((row) => row.slice(1, -1).split('","'));
    expect(rows.map((r) => [r[0], r.at(-1)])).toEqual([
      ['Order', 'Test payment'],
      [String(paidId), 'TEST'],
      [String(billedId), ''],
    ]);
  });

  it('in the receipt, beside the card it was paid with; not in the Bill Me receipt', async () => {
    const [paid] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, 'ann@example.org'));
    expect(paid?.text).toContain(`Paid with Visa ending in 4242.\n${TEST_PAYMENT_NOTE}`);
    const [billed] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, 'bob@example.org'));
    expect(billed?.text).toContain('Payment: Bill Me.');
    expect(billed?.text).not.toContain('TEST');
  });

  it('in the bidder’s order history', async () => {
    const mine = (await t.app.inject({ method: 'GET', url: '/api/myorders', headers: ann.auth })).json();
    expect(mine.orderitems).toEqual([
      expect.objectContaining({ checkoutid: paidId, paidwith: 'Visa ending in 4242', testpayment: true }),
    ]);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/myorders', headers: bob.auth })).json();
    expect(theirs.orderitems).toEqual([expect.objectContaining({ checkoutid: billedId, testpayment: false })]);
  });
});
