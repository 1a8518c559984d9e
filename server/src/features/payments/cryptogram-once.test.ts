import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auctionItems,
  orders,
  paymentMethods,
  storeCarts,
  storeOrders,
  testCryptograms,
  wonItems,
} from '../../db/schema';
import { createTestGateway, testGatewayMessages } from '../../payments/test-gateway';
import { findTenant } from '../../tenancy';
import { createTestApp, failure, type TestApp } from '../../test/harness';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { eventDocument, item } from '../../test/documents';
import { buyNow, checkoutAs, newKey, testCryptogram } from '../../test/payments-fixtures';
import { checkoutBody, checkoutCart, cartWith } from '../../test/store-fixtures';
import { galaStore, storeIds } from '../../test/store-state';
import { forgetSpentCryptograms, spendTestCryptogram } from './cryptograms';

// The finding's "a test cryptogram pays once": a copy of a cryptogram that has paid (or saved a
// card) pays nothing more, under another charge, from another bidder, at the same moment, or in
// another process; a retry of the same checkout still answers its first outcome.
const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
let ann: TestBidder;
let bob: TestBidder;
let wine = 0;
let store: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(
    t,
    eventDocument(now, {
      event: { ccfeespercent: 0 },
      items: [
        item('wine', { name: 'Wine Tasting', buyitnowonly: true, buyitnowprice: 40, quantity: 50, startingbid: 0 }),
      ],
      store: galaStore(now),
    }),
  );
  [wine] = (await t.ctx.db.select({ id: auctionItems.id }).from(auctionItems)).map((r) => r.id) as [number];
  store = await storeIds(t.ctx.db);
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
});
afterAll(async () => t.close());

const card = () => testCryptogram(t, 'gala', '4242424242424242');
const used = failure('payment_failed', testGatewayMessages.alreadyUsed);
const paidOrders = async (who: TestBidder) =>
  t.ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.bidderId, who.bidderId), eq(orders.state, 'paid')));
const unpaid = async (who: TestBidder) =>
  (
    await t.ctx.db
      .select({ id: wonItems.id })
      .from(wonItems)
      .where(and(eq(wonItems.bidderId, who.bidderId), isNull(wonItems.checkoutId)))
  ).map((w) => w.id);

describe('a test cryptogram pays once', () => {
  it('a second checkout with a copy, under another key, is refused (402) and its items go back to the cart; a retry of the first answers as the first', async () => {
    const token = await card();
    const key = newKey();
    const body = { historyid: [await buyNow(t, ann, 'gala', wine)], processortoken: token, totalamount: 40 };
    const first = await checkoutAs(t, ann, body, key);
    expect(first.statusCode).toBe(200);
    const paidBefore = await paidOrders(bob);
    const h = await buyNow(t, bob, 'gala', wine);
    const copy = await checkoutAs(t, bob, { historyid: [h], processortoken: token, totalamount: 40 });
    expect(copy.statusCode).toBe(402);
    expect(copy.json()).toEqual(used);
    expect(await paidOrders(bob)).toEqual(paidBefore);
    expect(await unpaid(bob)).toContain(h);
    const replay = await checkoutAs(t, ann, body, key);
    expect([replay.statusCode, replay.json()]).toEqual([200, first.json()]);
    expect(await paidOrders(ann)).toHaveLength(1);
  });

  it('a cryptogram that paid saves no card (402), and one that saved a card pays nothing more', async () => {
    const token = await card();
    expect(
      (await checkoutAs(t, bob, { historyid: await unpaid(bob), processortoken: token, totalamount: 40 })).statusCode,
    ).toBe(200);
    const save = (processortoken: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/updatecard',
        headers: { ...ann.auth, 'idempotency-key': newKey() },
        payload: { eventcode: 'gala', processortoken },
      });
    const refused = await save(token);
    expect([refused.statusCode, refused.json()]).toEqual([402, used]);
    expect(await t.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.bidderId, ann.bidderId))).toEqual([]);

    const kept = await card();
    expect((await save(kept)).statusCode).toBe(200);
    const h = await buyNow(t, ann, 'gala', wine);
    const again = await checkoutAs(t, ann, { historyid: [h], processortoken: kept, totalamount: 40 });
    expect([again.statusCode, again.json()]).toEqual([402, used]);
    // The card it saved is charged as often as the bidder pays with it.
    expect((await checkoutAs(t, ann, { historyid: [h], usecard: true, totalamount: 40 })).statusCode).toBe(200);
    expect(
      (await checkoutAs(t, ann, { historyid: [await buyNow(t, ann, 'gala', wine)], usecard: true, totalamount: 40 }))
        .statusCode,
    ).toBe(200);
  });

  it('two checkouts at once with one cryptogram: exactly one is paid', async () => {
    const token = await card();
    const [ha, hb] = [await buyNow(t, ann, 'gala', wine), await buyNow(t, bob, 'gala', wine)];
    const paidBefore = (await paidOrders(ann)).length + (await paidOrders(bob)).length;
    const answers = await Promise.all([
      checkoutAs(t, ann, { historyid: [ha], processortoken: token, totalamount: 40 }),
      checkoutAs(t, bob, { historyid: [hb], processortoken: token, totalamount: 40 }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 402]);
    expect(answers.find((r) => r.statusCode === 402)?.json()).toEqual(used);
    expect((await paidOrders(ann)).length + (await paidOrders(bob)).length).toBe(paidBefore + 1);
  });

  it('two store checkouts at once with one cryptogram: exactly one is paid, the other cart opens again', async () => {
    const token = await card();
    const carts = [await cartWith(t, store, { mug: 1 }), await cartWith(t, store, { mug: 2 })];
    const bodies = await Promise.all(carts.map((c) => checkoutBody(t, c, { processortoken: token })));
    const answers = await Promise.all(carts.map((c, i) => checkoutCart(t, c, bodies[i]!)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 402]);
    const refused = answers.find((r) => !r.ok);
    expect(refused && !refused.ok && refused.failure).toEqual(used);
    const rows = await t.ctx.db
      .select({ state: storeOrders.state, cart: storeCarts.state })
      .from(storeOrders)
      .innerJoin(storeCarts, eq(storeCarts.id, storeOrders.cartId))
      .orderBy(asc(storeOrders.id));
    expect(rows.map((r) => [r.state, r.cart]).sort()).toEqual([
      ['failed', 'open'],
      ['paid', 'checkedout'],
    ]);
  });

  it('is refused by another process: the spent nonce is in the database all processes share', async () => {
    const token = await card();
    expect(
      (
        await checkoutAs(t, bob, {
          historyid: [await buyNow(t, bob, 'gala', wine)],
          processortoken: token,
          totalamount: 40,
        })
      ).statusCode,
    ).toBe(200);
    const { event } = await findTenant(t.ctx.db, 'demo', 'gala');
    const elsewhere = createTestGateway({
      secret: t.config.jwtSecret,
      eventId: event.id,
      clock: () => now,
      spend: (nonce) => spendTestCryptogram(t.ctx.db, nonce, now),
    });
    const outcome = await elsewhere.charge({
      amount: 4000,
      currency: 'usd',
      source: { token },
      key: 'another-process',
      description: 'order',
      metadata: {},
    });
    expect(outcome).toEqual({ kind: 'failed', message: testGatewayMessages.alreadyUsed });
    expect((await t.ctx.db.select().from(testCryptograms)).length).toBeGreaterThan(0);
  });
});

describe('spent cryptograms', () => {
  it('are forgotten once they could no longer be tried (two hours after they were spent), and not before', async () => {
    const at = new Date(now.getTime() + 60_000);
    expect(await spendTestCryptogram(t.ctx.db, 'forget-me', at)).toBe(true);
    expect(await forgetSpentCryptograms(t.ctx.db, new Date(at.getTime() + 60 * 60_000))).toBe(0);
    expect(await spendTestCryptogram(t.ctx.db, 'forget-me', at)).toBe(false);
    expect(await forgetSpentCryptograms(t.ctx.db, new Date(at.getTime() + 2 * 60 * 60_000 + 1))).toBeGreaterThanOrEqual(
      1,
    );
    expect((await t.ctx.db.select().from(testCryptograms).where(eq(testCryptograms.nonce, 'forget-me'))).length).toBe(
      0,
    );
  });
});
