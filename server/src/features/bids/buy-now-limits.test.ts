import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT4_MAX } from '@gavel/domain';
import { auctionItems, wonItems } from '../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { eventDocument, item } from '../../test/documents';
import { createTestApp, failure, type TestApp } from '../../test/harness';
import { tableDigests } from '../../reliability/fuzz-db';

/**
 * Security finding 11, replayed through the API: maxpurchasequantity limits one bidder across
 * their Buy It Now purchases (also when they race themselves), and no purchase makes the sold
 * count overflow its integer column (a 4xx that says why, never a 500).
 */

let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
type ItemKey = 'raffle' | 'basket' | 'race' | 'tote' | 'cruise';
let ids: Record<ItemKey, number>;
let ann: TestBidder;
let bob: TestBidder;

const buy = (who: TestBidder, itemid: number, quantity: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/submitbid',
    headers: { ...who.auth, ...headers },
    payload: { eventcode: 'gala', itemid, buyitnow: true, quantity },
  });

const details = (who: { auth: Record<string, string> }, itemid: number) =>
  t.app.inject({ method: 'POST', url: '/api/itemdetails', headers: who.auth, payload: { eventcode: 'gala', itemid } });

async function guest(): Promise<{ auth: Record<string, string> }> {
  const token: string = (
    await t.app.inject({ method: 'POST', url: '/api/guestlogin', payload: { eventcode: 'gala' } })
  ).json().token;
  return { auth: { authorization: `Bearer ${token}` } };
}

/** Units a bidder holds of an item by Buy It Now, from the rows themselves. */
async function held(who: TestBidder, itemid: number): Promise<number> {
  const rows = await t.ctx.db
    .select({ quantity: wonItems.quantity })
    .from(wonItems)
    .where(and(eq(wonItems.itemId, itemid), eq(wonItems.bidderId, who.bidderId)));
  return rows.reduce((n, r) => n + r.quantity, 0);
}

async function soldOf(itemid: number): Promise<number> {
  const [row] = await t.ctx.db
    .select({ sold: auctionItems.quantitysold })
    .from(auctionItems)
    .where(eq(auctionItems.id, itemid));
  return row?.sold ?? -1;
}

/** A purchase that must be refused with 400 and `message`, leaving every table as it was. */
async function expectRefused(who: TestBidder, itemid: number, quantity: unknown, message: string): Promise<void> {
  const before = await tableDigests(t.ctx.db);
  const res = await buy(who, itemid, quantity, {
    'idempotency-key': `refused-${itemid}-${String(quantity)}-${Math.random()}`,
  });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject(failure('bad_request', message));
  expect(await tableDigests(t.ctx.db)).toEqual(before);
}

beforeAll(async () => {
  t = await createTestApp({}, now);
  const buyNowOnly = { buyitnowonly: true, startingbid: 0 };
  await importEvent(
    t,
    eventDocument(now, {
      items: [
        item('raffle', {
          ...buyNowOnly,
          name: 'Raffle Bundle',
          buyitnowprice: 1_000,
          unlimitedquantity: true,
          quantity: 0,
          maxpurchasequantity: 5,
        }),
        item('basket', {
          ...buyNowOnly,
          name: 'Coffee Basket',
          buyitnowprice: 40,
          quantity: 20,
          maxpurchasequantity: 5,
        }),
        item('race', {
          ...buyNowOnly,
          name: 'Tote Race',
          buyitnowprice: 25,
          unlimitedquantity: true,
          quantity: 0,
          maxpurchasequantity: 5,
        }),
        item('tote', { ...buyNowOnly, name: 'Gala Tote', buyitnowprice: 25, unlimitedquantity: true, quantity: 0 }),
        item('cruise', {
          name: 'Harbor Cruise',
          startingbid: 50,
          minimumbidincrease: 5,
          buyitnowavailable: true,
          buyitnowprice: 500,
          quantity: 3,
          maxpurchasequantity: 2,
        }),
      ],
    }),
  );
  const rows = await t.ctx.db.select({ id: auctionItems.id, itemnum: auctionItems.itemnum }).from(auctionItems);
  ids = Object.fromEntries(rows.map((r) => [r.itemnum, r.id])) as Record<ItemKey, number>;
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
});
afterAll(async () => t.close());

describe('maxpurchasequantity is per bidder', () => {
  it('replays the attack: three purchases of 5 of an unlimited $1,000 item take 5 in all, not 15', async () => {
    expect((await buy(ann, ids.raffle, 5)).statusCode).toBe(200);
    await expectRefused(ann, ids.raffle, 5, 'You have reached the limit of 5 for this item.');
    await expectRefused(ann, ids.raffle, 1, 'You have reached the limit of 5 for this item.');
    expect(await held(ann, ids.raffle)).toBe(5);
    expect(await soldOf(ids.raffle)).toBe(5);
    // Another bidder has an allowance of their own.
    const bobs = await buy(bob, ids.raffle, 5);
    expect(bobs.statusCode).toBe(200);
    expect(await held(bob, ids.raffle)).toBe(5);
  });

  it('says how many more a bidder may buy, and changes nothing when asked for more', async () => {
    expect((await buy(ann, ids.basket, 2)).json().item).toMatchObject({
      maxpurchasequantity: 3,
      buyitnowavailable: true,
      quantityavailable: 18,
    });
    await expectRefused(ann, ids.basket, 4, 'You can buy at most 3 more of this item.');
    await expectRefused(bob, ids.basket, 6, 'You can buy at most 5 of this item.');
    expect((await buy(ann, ids.basket, 3)).statusCode).toBe(200);
    expect(await held(ann, ids.basket)).toBe(5);
  });

  it('tells each bidder what they may still buy in the item’s answer, and offers nothing once they have reached the limit', async () => {
    expect((await details(ann, ids.basket)).json().item).toMatchObject({
      maxpurchasequantity: 0,
      buyitnowavailable: false,
      quantityavailable: 15,
    });
    expect((await details(bob, ids.basket)).json().item).toMatchObject({
      maxpurchasequantity: 5,
      buyitnowavailable: true,
    });
    expect((await details(await guest(), ids.basket)).json().item).toMatchObject({
      maxpurchasequantity: 5,
      buyitnowavailable: true,
    });
    const list = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auctionitems',
        headers: ann.auth,
        payload: { eventcode: 'gala' },
      })
    ).json();
    expect(list.auctionitems.find((i: { itemid: number }) => i.itemid === ids.raffle)).toMatchObject({
      maxpurchasequantity: 0,
      buyitnowavailable: false,
    });
  });

  it('counts a bidder’s purchases in the answer to their bid, too', async () => {
    expect((await buy(ann, ids.cruise, 1)).json().item).toMatchObject({
      maxpurchasequantity: 1,
      buyitnowavailable: true,
    });
    const bid = await t.app.inject({
      method: 'POST',
      url: '/api/submitbid',
      headers: ann.auth,
      payload: { eventcode: 'gala', itemid: ids.cruise, bid: 50 },
    });
    expect(bid.statusCode, bid.body).toBe(200);
    expect(bid.json().item).toMatchObject({
      maxpurchasequantity: 1,
      buyitnowavailable: true,
      currentlywinningbid: true,
    });
    const bobsBid = await t.app.inject({
      method: 'POST',
      url: '/api/submitbid',
      headers: bob.auth,
      payload: { eventcode: 'gala', itemid: ids.cruise, bid: 55 },
    });
    expect(bobsBid.json().item).toMatchObject({ maxpurchasequantity: 2 });
    // Ann's outbid notice is queued after the answer; let it land before the next test's snapshots.
    await t.ctx.notifier.idle();
  });

  it('ten purchases at once by one bidder stop at the limit exactly', async () => {
    const cy = await makeBidder(t, 'gala', 'cy@example.org', { firstname: 'Cy' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => buy(cy, ids.race, 1, { 'idempotency-key': `race-cy-${i}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((r) => r.statusCode !== 200))
      expect(a.json().message).toBe('You have reached the limit of 5 for this item.');
    expect(await held(cy, ids.race)).toBe(5);
    expect(await soldOf(ids.race)).toBe(5);
    // Larger asks race the same way: one of 3 is taken, then 2 more fit, never past 5.
    const dee = await makeBidder(t, 'gala', 'dee@example.org', { firstname: 'Dee' });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => buy(dee, ids.race, 1 + (i % 3), { 'idempotency-key': `race-dee-${i}` })),
    );
    expect(await held(dee, ids.race)).toBeLessThanOrEqual(5);
    expect((await buy(bob, ids.race, 5)).statusCode).toBe(200);
  });
});

describe('counts cannot overflow', () => {
  it('refuses a purchase of 2,147,483,647 units at the door', async () => {
    await expectRefused(ann, ids.tote, INT4_MAX, 'quantity: Quantity must be at most 1,000,000.');
    await expectRefused(ann, ids.tote, INT4_MAX + 1, 'quantity: Quantity must be at most 1,000,000.');
    await expectRefused(ann, ids.tote, 2.5, 'quantity: must be a whole number');
  });

  it('refuses a purchase that would carry the sold count past 2,147,483,647, and the item still sells within it', async () => {
    await t.ctx.db
      .update(auctionItems)
      .set({ quantitysold: INT4_MAX - 3 })
      .where(eq(auctionItems.id, ids.tote));
    await expectRefused(ann, ids.tote, 5, 'You can buy at most 3 of this item.');
    const fits = await buy(ann, ids.tote, 3);
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await soldOf(ids.tote)).toBe(INT4_MAX);
    await expectRefused(bob, ids.tote, 1, 'This item is sold out.');
    // The item still answers: no read of it trips on the full count.
    expect((await details(bob, ids.tote)).statusCode).toBe(200);
  });
});
