import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutAmounts } from '@gavel/domain';
import { accounts, bidders, orders, pledges, storeOrders, wonItems } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { buyNow, checkoutAs, testCryptogram } from '../test/payments-fixtures';
import type { TestBidder } from '../test/account-fixtures';
import { findTenant } from '../tenancy';
import { pledge, sell } from '../features/console/live/live-fixtures';
import {
  balance,
  DECLINED,
  type Desk,
  deskWorld,
  guest,
  now,
  pay,
  storeBillMe,
  VISA,
} from '../features/console/desk/desk-fixtures';
import { balanceOf, balancesOf } from './ledger';
import { confirmBillMe } from '../test/store-fixtures';

/** A balance's lines sum to its due, in cents, whatever mix of charges and payments it holds. */
let t: TestApp;
let desk: Desk;
let ann: TestBidder;
let bob: TestBidder;

const numberOf = async (who: TestBidder) =>
  (await t.ctx.db.select().from(bidders).where(eq(bidders.id, who.bidderId)))[0]!.bidderdisplaynumber;
const gala = () => findTenant(t.ctx.db, 'demo', 'gala');
const sum = (xs: { amount: number }[]) => xs.reduce((s, x) => s + x.amount, 0);

beforeAll(async () => {
  t = await createTestApp({}, now);
  desk = await deskWorld(t);
  ann = await guest(t, 'Ann');
  bob = await guest(t, 'Bob');
  const { ids } = desk;
  // Open: a gift won by Buy It Now.
  await buyNow(t, ann, 'gala', ids.gift!);
  // Paid on the phone by card: a tote, with a $5 donation and the 3% fee.
  const tote = await buyNow(t, ann, 'gala', ids.tote!);
  const fee = checkoutAmounts({ subtotal: 2550, donation: 500, coverFee: true, percent: 3 });
  const paid = await checkoutAs(t, ann, {
    historyid: [tote],
    processortoken: await testCryptogram(t, 'gala', VISA),
    additionaldonation: 5,
    ccfeesexactamount: fee.fee / 100,
    totalamount: fee.total / 100,
  });
  expect(paid.statusCode).toBe(200);
  // Bill Me on the phone: a gift and a $10 donation.
  const billed = await buyNow(t, ann, 'gala', ids.gift!);
  const billme = await checkoutAs(t, ann, {
    historyid: [billed],
    billme: true,
    additionaldonation: 10,
    totalamount: 50,
  });
  expect(billme.statusCode).toBe(200);
  // Declined on the phone: the tote goes back to the cart (open again).
  const declined = await buyNow(t, ann, 'gala', ids.tote!);
  const refused = await checkoutAs(t, ann, {
    historyid: [declined],
    processortoken: await testCryptogram(t, 'gala', DECLINED),
    totalamount: 25.5,
  });
  expect(refused.statusCode).toBe(402);
  // A live sale and a pledge entered at the console.
  const number = await numberOf(ann);
  expect((await sell(t, desk.staffer.headers, { itemnum: '201', biddernumber: number, amount: 150_000 })).ok).toBe(
    true,
  );
  expect((await pledge(t, desk.staffer.headers, { itemnum: '300', biddernumber: number, amount: 50_000 })).ok).toBe(
    true,
  );
  // A store order on Bill Me, bought with Ann's email in other capitals, and put on her balance by
  // the link mailed to that address.
  const shouted = (await emailOf(ann)).toUpperCase();
  await storeBillMe(t, shouted);
  const confirmed = await confirmBillMe(t, shouted);
  expect(confirmed.ok && confirmed.answer).toMatchObject({ onbalance: true, open: true });
}, 180_000);
afterAll(async () => t.close());

async function emailOf(who: TestBidder) {
  const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, who.accountId));
  return account!.email;
}

describe('the ledger', () => {
  it('charges every kind once, pays what the phone paid, and sums to the due in cents', async () => {
    const tenant = await gala();
    const b = await balanceOf(t.ctx.db, tenant.event, ann.bidderId);
    const kinds = b.lines.map((l) => l.kind).sort();
    expect(kinds).toEqual([
      'donation',
      'donation',
      'fee',
      'item',
      'item',
      'item',
      'item',
      'item',
      'pledge',
      'storebillme',
    ]);
    expect(sum(b.lines) - sum(b.payments)).toBe(b.due);
    expect(b.charged).toBe(sum(b.lines));
    expect(b.paid).toBe(sum(b.payments));
    // What is owed: the open gift and tote, the Bill Me gift and its donation, the live sale, the pledge, two mugs.
    expect(b.due).toBe(4000 + 2550 + 4000 + 1000 + 150_000 + 50_000 + 2500);
    expect(b.inProgress).toBe(false);
    expect(b.payments).toHaveLength(1);
    expect(b.lines.find((l) => l.kind === 'item' && l.won === 'live')).toMatchObject({ amount: 150_000, open: true });
  });

  it('answers the same balances set-based, and an empty balance for a bidder with nothing', async () => {
    const tenant = await gala();
    const all = await balancesOf(t.ctx.db, tenant.event);
    const one = await balanceOf(t.ctx.db, tenant.event, ann.bidderId);
    expect(all.get(ann.bidderId)).toEqual(one);
    expect(all.has(bob.bidderId)).toBe(false);
    expect(await balanceOf(t.ctx.db, tenant.event, bob.bidderId)).toMatchObject({ lines: [], due: 0 });
  });

  it('the desk paying it all in cash ties everything, settles Bill Me, and the lines still sum (due 0)', async () => {
    const before = await balance(t, desk.volunteer, ann);
    const res = await pay(t, desk.volunteer, ann, { method: 'cash', amount: before.due });
    expect(res.ok && res.answer).toMatchObject({ result: 'paid', due: 0 });
    const tenant = await gala();
    const b = await balanceOf(t.ctx.db, tenant.event, ann.bidderId);
    expect(b.due).toBe(0);
    expect(sum(b.lines) - sum(b.payments)).toBe(0);
    expect(b.lines.every((l) => !l.open)).toBe(true);
    const deskOrder = (await t.ctx.db.select().from(orders).where(eq(orders.method, 'desk')))[0]!;
    expect(deskOrder).toMatchObject({ state: 'paid', subtotal: 4000 + 2550 + 150_000, donation: 50_000, fee: 0 });
    expect((await t.ctx.db.select().from(orders).where(eq(orders.method, 'billme')))[0]).toMatchObject({
      state: 'paid',
      settledBy: deskOrder.id,
    });
    expect((await t.ctx.db.select().from(storeOrders))[0]).toMatchObject({ state: 'paid', settledBy: deskOrder.id });
    expect((await t.ctx.db.select().from(pledges))[0]).toMatchObject({ settledBy: deskOrder.id });
    const open = await t.ctx.db.select().from(wonItems).where(eq(wonItems.bidderId, ann.bidderId));
    expect(open.every((w) => w.checkoutId !== null)).toBe(true);
  });
});
