import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BidAction, type BidState, emptyBidState, placeBid } from '@gavel/domain';
import { inTransaction } from '../../db/prepared';
import { accounts, auctionItems, bidActions, bids, idempotencyKeys, itemMaxima, watchlist } from '../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { eventDocument, item } from '../../test/documents';
import { createTestApp, type TestApp } from '../../test/harness';
import { findTenant } from '../../tenancy';
import { readForBid } from '../../test/bid-read';

/** The prepared bid path (place.ts, statements.ts): its row mapping, idempotency and concurrency. */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let ids: Record<string, number>;
let ann: TestBidder;
let bob: TestBidder;
let racers: TestBidder[];

const submit = (who: TestBidder, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/submitbid',
    headers: { ...who.auth, ...headers },
    payload: { eventcode: 'gala', ...payload },
  });
const itemRow = async (id: number) => (await t.ctx.db.select().from(auctionItems).where(eq(auctionItems.id, id)))[0];
const actionsOf = async (id: number) =>
  t.ctx.db.select().from(bidActions).where(eq(bidActions.itemId, id)).orderBy(asc(bidActions.id));
const PROPERTY_ITEMS = 8;

beforeAll(async () => {
  t = await createTestApp({}, now);
  const closing = new Date(now.getTime() + 3_600_000).toISOString();
  await importEvent(
    t,
    eventDocument(now, {
      event: { extendedbiddingminutes: 5 },
      items: [
        item('map', {
          startingbid: 100,
          minimumbidincrease: 10,
          closing,
          description: 'Dîner à deux — "chef\'s" table',
          fairmarketvalue: 1234.56,
        }),
        item('keys', { startingbid: 50, minimumbidincrease: 5 }),
        item('other', { startingbid: 50, minimumbidincrease: 5 }),
        item('stale', { startingbid: 50, minimumbidincrease: 10 }),
        ...Array.from({ length: PROPERTY_ITEMS }, (_, i) => item(`p${i}`, { startingbid: 20, minimumbidincrease: 5 })),
      ],
    }),
  );
  const rows = await t.ctx.db.select({ id: auctionItems.id, itemnum: auctionItems.itemnum }).from(auctionItems);
  ids = Object.fromEntries(rows.map((r) => [r.itemnum, r.id]));
  ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
  racers = await Promise.all(Array.from({ length: 6 }, (_, i) => makeBidder(t, 'gala', `racer${i}@example.org`)));
});
afterAll(async () => t.close());

describe('the bid read', () => {
  it('maps the item row exactly as Drizzle does, with its maxima and the bidders it names', async () => {
    expect((await submit(ann, { itemid: ids.map, bid: 100 })).statusCode).toBe(200);
    expect((await submit(bob, { itemid: ids.map, autobid: true, maxbid: 300, increment: 20 })).statusCode).toBe(200);
    await t.ctx.db
      .update(auctionItems)
      .set({ tags: ['wine', 'with "quotes"'], closedAt: null })
      .where(eq(auctionItems.id, ids.map as number));
    const tenant = await findTenant(t.ctx.db, 'demo', 'gala');
    const read = await inTransaction(t.ctx.database, (run) =>
      readForBid(run, { tenant, itemId: ids.map as number, bidderId: ann.bidderId }),
    );
    const drizzled = await itemRow(ids.map as number);
    expect(read.item).toEqual(drizzled);
    expect(read.item.closing).toBeInstanceOf(Date);
    expect(read.item.leaderBidderId).toBe(bob.bidderId);
    const maxima = await t.ctx.db
      .select()
      .from(itemMaxima)
      .where(eq(itemMaxima.itemId, ids.map as number));
    expect(read.maxima).toEqual(expect.arrayContaining(maxima.map(({ itemId: _, ...m }) => m)));
    expect(read.maxima).toHaveLength(maxima.length);
    expect(read.people.map((p) => [p.id, p.name.firstname, p.verified, p.authorizebidder]).sort()).toEqual(
      [
        [ann.bidderId, 'Ann', true, true],
        [bob.bidderId, 'Bob', true, true],
      ].sort(),
    );
    expect(read).toMatchObject({ watching: false, hasCard: true, prior: undefined });

    // A closed item's timestamps too.
    await t.ctx.db
      .update(auctionItems)
      .set({ closedAt: new Date('2026-12-01T18:30:00.123Z') })
      .where(eq(auctionItems.id, ids.map as number));
    const closed = await inTransaction(t.ctx.database, (run) =>
      readForBid(run, { tenant, itemId: ids.map as number, bidderId: ann.bidderId }),
    );
    expect(closed.item).toEqual(await itemRow(ids.map as number));
    await t.ctx.db
      .update(auctionItems)
      .set({ closedAt: null })
      .where(eq(auctionItems.id, ids.map as number));
  });

  it('tells the bidder they watch the item, and refuses an unverified bidder without writing', async () => {
    await t.ctx.db.insert(watchlist).values({ bidderId: ann.bidderId, itemId: ids.map as number });
    const watched = await submit(ann, { itemid: ids.map, autobid: true, maxbid: 500, increment: 10 });
    expect(watched.json().item).toMatchObject({ watchlist: true, currentlywinningbid: true, accountisautobid: true });
    const carl = await makeBidder(t, 'gala', 'carl@example.org');
    await t.ctx.db.update(accounts).set({ emailVerified: false }).where(eq(accounts.id, carl.accountId));
    const before = await Promise.all([itemRow(ids.map as number), actionsOf(ids.map as number)]);
    const refused = await submit(carl, { itemid: ids.map, bid: 1000 });
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      'Please verify your email address before bidding.',
    ]);
    expect(await Promise.all([itemRow(ids.map as number), actionsOf(ids.map as number)])).toEqual(before);
  });
});

describe('idempotency on the bid path', () => {
  it('replays a retried bid and writes it once; a refused bid stores nothing under its key', async () => {
    const key = { 'idempotency-key': 'place-key-0001' };
    const refused = await submit(ann, { itemid: ids.keys, bid: 10 }, key);
    expect(refused.statusCode).toBe(400);
    const first = await submit(ann, { itemid: ids.keys, bid: 50 }, key);
    expect(first.json()).toMatchObject({
      status: 'success',
      item: { currentbid: 50, numberofbids: 1, currentlywinningbid: true },
    });
    const again = await submit(ann, { itemid: ids.keys, bid: 50 }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await actionsOf(ids.keys as number)).toHaveLength(1);
    expect(
      await t.ctx.db
        .select()
        .from(bids)
        .where(eq(bids.itemId, ids.keys as number)),
    ).toHaveLength(1);
  });

  it('refuses the key with another body, on another item or on another route, and changes nothing', async () => {
    const key = { 'idempotency-key': 'place-key-0002' };
    expect((await submit(bob, { itemid: ids.keys, bid: 60 }, key)).statusCode).toBe(200);
    const before = await Promise.all([
      itemRow(ids.keys as number),
      itemRow(ids.other as number),
      actionsOf(ids.keys as number),
      actionsOf(ids.other as number),
    ]);
    const reuse = [
      submit(bob, { itemid: ids.keys, bid: 70 }, key),
      submit(bob, { itemid: ids.other, bid: 60 }, key),
      submit(bob, { itemid: ids.keys, buyitnow: true }, key),
      t.app.inject({
        method: 'POST',
        url: '/api/maxbid',
        headers: { ...bob.auth, ...key },
        payload: { eventcode: 'gala', itemid: ids.keys, maxbid: 200, increment: 5 },
      }),
    ];
    for (const res of await Promise.all(reuse)) {
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
      );
    }
    expect(
      await Promise.all([
        itemRow(ids.keys as number),
        itemRow(ids.other as number),
        actionsOf(ids.keys as number),
        actionsOf(ids.other as number),
      ]),
    ).toEqual(before);
    const stored = await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'place-key-0002'));
    expect(stored.map((s) => s.route)).toEqual(['submitbid']);
  });

  it('answers two racing requests with one key with one bid', async () => {
    const key = { 'idempotency-key': 'place-key-0003' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => submit(ann, { itemid: ids.other, bid: 50 }, key)),
    );
    for (const a of answers) expect(a.json()).toEqual(answers[0]?.json());
    expect(await actionsOf(ids.other as number)).toHaveLength(1);
  });
});

/** The item's bids replayed through the engine from its actions as recorded: the state it must be in. */
async function expectReplayed(itemId: number) {
  const actions = await actionsOf(itemId);
  let state: BidState = emptyBidState();
  const replayed: Array<[number, number]> = [];
  actions.forEach((a, seq) => {
    const action: BidAction =
      a.kind === 'manual'
        ? { kind: 'manual', bidderId: a.bidderId, amount: a.amount, seq }
        : { kind: 'auto', bidderId: a.bidderId, max: a.amount, increment: a.increment, seq };
    const out = placeBid({ startingbid: 2000, minimumbidincrease: 500, allowautobid: true }, state, action, true);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    state = out.state;
    replayed.push(...out.history.map((h): [number, number] => [h.bidderId, h.amount]));
  });
  const row = await itemRow(itemId);
  const history = await t.ctx.db.select().from(bids).where(eq(bids.itemId, itemId)).orderBy(asc(bids.id));
  expect(history.map((h) => [h.bidderId, h.amount])).toEqual(replayed);
  expect(row).toMatchObject({
    currentbid: state.currentbid,
    leaderBidderId: state.leader,
    numberofbids: history.length,
  });
  const maxima = await t.ctx.db.select().from(itemMaxima).where(eq(itemMaxima.itemId, itemId));
  expect(new Map(maxima.map((m) => [m.bidderId, m.max]))).toEqual(
    new Map(state.maxima.map((m) => [m.bidderId, m.max])),
  );
  return actions.length;
}

describe('concurrent bids on one item', () => {
  const bid = fc.record({
    who: fc.integer({ min: 0, max: 5 }),
    auto: fc.boolean(),
    steps: fc.integer({ min: 0, max: 30 }),
    extra: fc.integer({ min: 0, max: 20 }),
  });
  let run = 0;

  it('leave its price, leader, count, history and maxima as the engine replays them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(bid, { minLength: 1, maxLength: 24 }), async (plan) => {
        const itemId = ids[`p${run++ % PROPERTY_ITEMS}`] as number;
        await t.ctx.db.delete(bidActions).where(eq(bidActions.itemId, itemId));
        await t.ctx.db.delete(bids).where(eq(bids.itemId, itemId));
        await t.ctx.db.delete(itemMaxima).where(eq(itemMaxima.itemId, itemId));
        await t.ctx.db
          .update(auctionItems)
          .set({ currentbid: null, leaderBidderId: null, numberofbids: 0 })
          .where(eq(auctionItems.id, itemId));
        const answers = await Promise.all(
          plan.map(({ who, auto, steps, extra }) => {
            const b = racers[who] as TestBidder;
            const amount = 20 + 5 * steps;
            return auto
              ? submit(b, { itemid: itemId, autobid: true, maxbid: amount + 5 * extra, increment: 5 })
              : submit(b, { itemid: itemId, bid: amount });
          }),
        );
        for (const a of answers) {
          if (a.statusCode === 200) continue;
          expect(a.statusCode).toBe(400);
          expect(a.json().message).toMatch(
            /^(Please adjust the (max )?bid amount|Maximum bid price must be at least|You are already the high bidder)/,
          );
        }
        expect(await expectReplayed(itemId)).toBe(answers.filter((a) => a.statusCode === 200).length);
      }),
      { numRuns: 12 },
    );
  });

  it('read the maxima a bid that held the lock wrote, not the ones from before it (PostgreSQL)', async () => {
    const { driver } = t.ctx.database;
    if (driver.kind !== 'postgres') return;
    const itemId = ids.stale as number;
    const other = await driver.pool.connect();
    try {
      // Another bid holds the item: Bob's automatic maximum of $500, standing at the starting bid.
      await other.query('begin');
      await other.query('select 1 from auction_items where id = $1 for update', [itemId]);
      const pending = submit(ann, { itemid: itemId, bid: 100 });
      await vi.waitFor(async () => {
        const { rows } = await other.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        expect(rows[0]?.n).toBe(1);
      });
      await other.query(
        "insert into bid_actions (item_id, bidder_id, kind, amount, increment, created_at) values ($1, $2, 'auto', 50000, 1000, now())",
        [itemId, bob.bidderId],
      );
      await other.query(
        'insert into item_maxima (item_id, bidder_id, max, increment, is_auto) values ($1, $2, 50000, 1000, true)',
        [itemId, bob.bidderId],
      );
      await other.query(
        'insert into bids (item_id, bidder_id, amount, is_auto, created_at) values ($1, $2, 5000, true, now())',
        [itemId, bob.bidderId],
      );
      await other.query(
        'update auction_items set currentbid = 5000, leader_bidder_id = $2, numberofbids = 1 where id = $1',
        [itemId, bob.bidderId],
      );
      await other.query('commit');
      const answer = await pending;
      expect(answer.json()).toMatchObject({
        message: 'Another bidder has a higher maximum bid. You have been outbid.',
        item: { currentbid: 110, currentlywinningbid: false, numberofbids: 3 },
      });
    } finally {
      other.release();
    }
    expect(await itemRow(itemId)).toMatchObject({ currentbid: 11_000, leaderBidderId: bob.bidderId, numberofbids: 3 });
  });
});
