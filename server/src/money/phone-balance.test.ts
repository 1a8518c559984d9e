import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBidder } from '../test/account-fixtures';
import { call } from '../test/call';
import { createTestApp, type TestApp } from '../test/harness';
import { newKey } from '../test/payments-fixtures';
import { balance, pay } from '../features/console/desk/desk-fixtures';
import { type LiveWorld, liveWorld, now, pledge, sell } from '../features/console/live/live-fixtures';

/**
 * The phone shows what the desk will take (issue 47, finding 4: a fund-a-need pledge was missing
 * from the phone, which said "Your cart is empty" while the desk and charge all took $100), and its
 * order history lists every payment on the balance, the desk's and money given back included.
 */
let t: TestApp;
let w: LiveWorld;

beforeAll(async () => {
  t = await createTestApp({}, now);
  w = await liveWorld(t);
});
afterAll(async () => t.close());

async function phone(who: TestBidder) {
  const cart = await call(t.app, 'GET /cart', undefined, { query: { eventcode: 'gala' }, headers: who.auth });
  const orders = await call(t.app, 'GET /myorders', undefined, { query: { eventcode: 'gala' }, headers: who.auth });
  if (!cart.ok || !orders.ok) throw new Error('the phone was refused');
  return { cart: cart.answer, orders: orders.answer };
}

describe("the bidder's phone", () => {
  it('shows a pledge and a live sale with the desk’s figures, and every payment in the order history', async () => {
    const bob = w.bob;
    expect((await pledge(t, w.staffer.headers, { itemnum: '300', biddernumber: bob.number, amount: 10_000 })).ok).toBe(
      true,
    );
    expect((await sell(t, w.staffer.headers, { itemnum: '203', biddernumber: bob.number, amount: 6_000 })).ok).toBe(
      true,
    );
    let seen = await phone(bob);
    expect(seen.cart.auctionswon.map((l) => [l.name, l.kind, l.amount])).toEqual([['Puppy Class', 'live', 6_000]]);
    expect(seen.cart.balance.lines).toEqual([
      { kind: 'pledge', label: 'Books for Every Classroom', amount: 10_000, billme: false, held: false },
    ]);
    let desk = await balance(t, w.owner, bob);
    expect(seen.cart.balance).toMatchObject({ charged: desk.charged, paid: desk.paid, due: desk.due, credit: 0 });
    expect(desk.due).toBe(16_000);

    // A part payment at the desk: the phone says it, and that the rest is due.
    const paid = await pay(t, w.staffer, bob, { method: 'cash', amount: 5_000 });
    if (!paid.ok) throw new Error(paid.failure.message);
    seen = await phone(bob);
    desk = await balance(t, w.owner, bob);
    expect(seen.cart.balance).toMatchObject({ paid: 5_000, due: 11_000, paidatdesk: 5_000 });
    expect(seen.cart.balance.due).toBe(desk.due);
    expect(seen.orders.payments).toMatchObject([
      { source: 'desk', method: 'cash', amount: 5_000, pending: false, label: 'Cash, at the checkout desk' },
    ]);

    // Money given back is in the order history too, and the phone's due follows the desk's.
    const back = await call(
      t.app,
      'POST /console/events/:eventcode/bidders/:bidderid/refunds',
      { source: 'desk', paymentid: paid.answer.paymentid ?? 0, amount: 1_000, reason: 'Overpaid', void: false },
      {
        params: { eventcode: 'gala', bidderid: bob.accountId },
        headers: { ...w.owner.headers, 'idempotency-key': newKey() },
      },
    );
    expect(back.ok).toBe(true);
    seen = await phone(bob);
    desk = await balance(t, w.owner, bob);
    expect(seen.cart.balance.due).toBe(desk.due);
    expect(desk.due).toBe(12_000);
    expect(seen.orders.payments.map((p) => [p.label, p.amount])).toEqual([
      ['Cash, at the checkout desk', 5_000],
      ['Given back in cash', -1_000],
    ]);
  });

  it('says nothing more than the cart when the balance is only the cart', async () => {
    const seen = await phone(w.ann);
    expect(seen.cart.balance).toEqual({ lines: [], charged: 0, held: 0, paid: 0, due: 0, credit: 0, paidatdesk: 0 });
    expect(seen.orders.payments).toEqual([]);
  });
});
