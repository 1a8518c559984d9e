import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionItems, bidActions, idempotencyKeys, paymentMethods, wonItems } from '../../db/schema';
import { findAnswer, keepAnswer, writeOnce } from '../../lib/idempotent';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { eventDocument, item } from '../../test/documents';
import { createTestApp, type TestApp } from '../../test/harness';
import { testCryptogram } from '../../test/payments-fixtures';

/**
 * An Idempotency-Key is bound to its request (issue 15, finding 6): route, owner, and everything
 * the request asked for. The same request again is answered from the store; the key on another
 * item, amount, route or card is refused with 422 and changes nothing.
 */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let ids: Record<string, number>;
let ann: TestBidder;
let bob: TestBidder;
const REUSED = {
  status: 'failure',
  code: 'unprocessable',
  message: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
};

const post = (who: TestBidder, url: string, payload: object, key: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.auth, 'idempotency-key': key },
    payload: { eventcode: 'gala', ...payload },
  });
const submit = (who: TestBidder, payload: object, key: string) => post(who, '/api/submitbid', payload, key);
const itemRow = async (id: number | undefined) =>
  (
    await t.ctx.db
      .select()
      .from(auctionItems)
      .where(eq(auctionItems.id, id ?? 0))
  )[0];
const actionsOf = async (id: number | undefined) =>
  t.ctx.db
    .select()
    .from(bidActions)
    .where(eq(bidActions.itemId, id ?? 0))
    .orderBy(asc(bidActions.id));
/** What a refusal must leave as it was: the items, their bids, the wins, and the stored keys. */
const state = async (...items: Array<number | undefined>) => ({
  items: await Promise.all(items.map(itemRow)),
  actions: await Promise.all(items.map(actionsOf)),
  won: await t.ctx.db.select().from(wonItems),
  keys: await t.ctx.db.select().from(idempotencyKeys),
});

beforeAll(async () => {
  t = await createTestApp({}, now);
  const buyNow = { buyitnowonly: true, buyitnowprice: 20, quantity: 0, unlimitedquantity: true, startingbid: 0 };
  await importEvent(
    t,
    eventDocument(now, {
      items: [
        item('35', { startingbid: 50, minimumbidincrease: 5 }),
        item('36', { startingbid: 50, minimumbidincrease: 5 }),
        item('tote', buyNow),
        item('mug', buyNow),
      ],
    }),
  );
  const rows = await t.ctx.db.select({ id: auctionItems.id, itemnum: auctionItems.itemnum }).from(auctionItems);
  ids = Object.fromEntries(rows.map((r) => [r.itemnum, r.id]));
  ann = await makeBidder(t, 'gala', 'ann@example.org');
  bob = await makeBidder(t, 'gala', 'bob@example.org');
});
afterAll(async () => t.close());

describe('a key on the bid path', () => {
  it('used for item 36 is refused on item 35, and neither item changes (the issue’s repro)', async () => {
    const first = await submit(ann, { itemid: ids['36'], bid: 50 }, 'repro-key-0036');
    expect(first.json()).toMatchObject({ status: 'success', item: { itemid: ids['36'], currentbid: 50 } });
    const before = await state(ids['35'], ids['36']);
    const reused = await submit(ann, { itemid: ids['35'], bid: 50 }, 'repro-key-0036');
    expect([reused.statusCode, reused.json()]).toEqual([422, REUSED]);
    expect(await state(ids['35'], ids['36'])).toEqual(before);
    expect((await itemRow(ids['35']))?.numberofbids).toBe(0);
  });

  it('with another amount is refused and the first bid stands; the same request gets the stored answer', async () => {
    const first = await submit(bob, { itemid: ids['36'], bid: 60 }, 'amount-key-0001');
    expect(first.json()).toMatchObject({ status: 'success', item: { currentbid: 60, currentlywinningbid: true } });
    const before = await state(ids['36']);
    const other = await submit(bob, { itemid: ids['36'], bid: 80 }, 'amount-key-0001');
    expect([other.statusCode, other.json()]).toEqual([422, REUSED]);
    const auto = await submit(bob, { itemid: ids['36'], autobid: true, maxbid: 60 }, 'amount-key-0001');
    expect([auto.statusCode, auto.json()]).toEqual([422, REUSED]);
    expect(await state(ids['36'])).toEqual(before);
    const again = await submit(bob, { itemid: ids['36'], bid: 60 }, 'amount-key-0001');
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    expect(await state(ids['36'])).toEqual(before);
  });

  it('of a refused bid stays free: a corrected bid may use it, and then it is bound to that one', async () => {
    const low = await submit(ann, { itemid: ids['35'], bid: 1 }, 'refused-key-0001');
    expect(low.statusCode).toBe(400);
    const placed = await submit(ann, { itemid: ids['35'], bid: 55 }, 'refused-key-0001');
    expect(placed.json()).toMatchObject({ status: 'success', item: { itemid: ids['35'], currentbid: 55 } });
    const before = await state(ids['35']);
    const refusedAgain = await submit(ann, { itemid: ids['35'], bid: 1 }, 'refused-key-0001');
    expect([refusedAgain.statusCode, refusedAgain.json()]).toEqual([422, REUSED]);
    expect(await state(ids['35'])).toEqual(before);
  });
});

describe('a key on Buy It Now and across routes', () => {
  it('used on one item is refused on another, and with another quantity', async () => {
    const bought = await submit(ann, { itemid: ids.tote, buyitnow: true, quantity: 1 }, 'bin-key-0001');
    expect(bought.statusCode).toBe(200);
    const before = await state(ids.tote, ids.mug);
    for (const payload of [
      { itemid: ids.mug, buyitnow: true, quantity: 1 },
      { itemid: ids.tote, buyitnow: true, quantity: 2 },
    ]) {
      const reused = await submit(ann, payload, 'bin-key-0001');
      expect([reused.statusCode, reused.json()]).toEqual([422, REUSED]);
    }
    expect(await state(ids.tote, ids.mug)).toEqual(before);
    const again = await submit(ann, { itemid: ids.tote, buyitnow: true, quantity: 1 }, 'bin-key-0001');
    expect(again.json()).toEqual(bought.json());
    expect(await state(ids.tote, ids.mug)).toEqual(before);
  });

  it('used by one call is refused by every other: bid, maximum, Buy It Now, card, checkout', async () => {
    expect((await submit(bob, { itemid: ids['35'], bid: 70 }, 'route-key-0001')).statusCode).toBe(200);
    const before = await state(ids['35'], ids.tote);
    const cards = (await t.ctx.db.select().from(paymentMethods)).length;
    const others = [
      post(bob, '/api/maxbid', { itemid: ids['35'], maxbid: 70, increment: 5 }, 'route-key-0001'),
      submit(bob, { itemid: ids['35'], buyitnow: true }, 'route-key-0001'),
      post(
        bob,
        '/api/updatecard',
        { processortoken: await testCryptogram(t, 'gala', '4242424242424242') },
        'route-key-0001',
      ),
      post(bob, '/api/checkout', { historyid: [1], billme: true, totalamount: 20 }, 'route-key-0001'),
    ];
    for (const reused of await Promise.all(others)) expect([reused.statusCode, reused.json()]).toEqual([422, REUSED]);
    expect(await state(ids['35'], ids.tote)).toEqual(before);
    expect((await t.ctx.db.select().from(paymentMethods)).length).toBe(cards);
  });
});

describe('a key on saving a card', () => {
  const cardOf = async (who: TestBidder) =>
    (await t.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.bidderId, who.bidderId)))[0];

  it('is refused with another card, which is not saved; the same card again gets the stored answer', async () => {
    const processortoken = await testCryptogram(t, 'gala', '4242424242424242');
    const visa = await post(ann, '/api/updatecard', { processortoken }, 'card-key-0001');
    expect(visa.json()).toMatchObject({ status: 'success', card: { last4: '4242' } });
    const kept = await cardOf(ann);
    const other = await post(
      ann,
      '/api/updatecard',
      { processortoken: await testCryptogram(t, 'gala', '4000000000009995') },
      'card-key-0001',
    );
    expect([other.statusCode, other.json()]).toEqual([422, REUSED]);
    expect(await cardOf(ann)).toEqual(kept);
    const again = await post(ann, '/api/updatecard', { processortoken }, 'card-key-0001');
    expect([again.statusCode, again.json()]).toEqual([200, visa.json()]);
    expect(await cardOf(ann)).toEqual(kept);
  });
});

describe('the key store', () => {
  it('binds a key to the path and query of a call that has them', async () => {
    const write = (params: object, query: object) =>
      writeOnce(
        t.ctx,
        {
          route: 'paths',
          owner: ann.bidderId,
          key: 'path-key-0001',
          body: { eventcode: 'gala' },
          params,
          query,
          lock: async () => undefined,
        },
        async () => ({
          answer: { params, query },
        }),
      );
    expect(await write({ itemid: 36 }, { quantity: 1 })).toEqual({ params: { itemid: 36 }, query: { quantity: 1 } });
    expect(await write({ itemid: 36 }, { quantity: 1 })).toEqual({ params: { itemid: 36 }, query: { quantity: 1 } });
    await expect(write({ itemid: 35 }, { quantity: 1 })).rejects.toMatchObject({
      statusCode: 422,
      message: REUSED.message,
    });
    await expect(write({ itemid: 36 }, { quantity: 2 })).rejects.toMatchObject({
      statusCode: 422,
      message: REUSED.message,
    });
  });

  it('keeps the first answer when a write that cannot be undone stores under a key taken meanwhile', async () => {
    // A charge or a saved card has happened by then: its transaction must still commit.
    const first = { route: 'checkout', owner: bob.bidderId, body: { historyid: [1] } };
    const second = { route: 'checkout', owner: bob.bidderId, body: { historyid: [2] } };
    await t.ctx.db.transaction((tx) => keepAnswer(tx, first, 'kept-key-0001', { checkoutid: 1 }));
    await t.ctx.db.transaction((tx) => keepAnswer(tx, second, 'kept-key-0001', { checkoutid: 2 }));
    expect(await findAnswer(t.ctx.db, first, 'kept-key-0001')).toEqual({ checkoutid: 1 });
    await expect(findAnswer(t.ctx.db, second, 'kept-key-0001')).rejects.toMatchObject({ statusCode: 422 });
  });
});
