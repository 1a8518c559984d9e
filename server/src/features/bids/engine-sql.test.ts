import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BID_CAP,
  type BidAction,
  type BidItem,
  type BidState,
  emptyBidState,
  extendedClose,
  type HistoryEntry,
  itemBidStatus,
  itemCloses,
  minimumNextBid,
  placeBid,
} from '@gavel/domain';
import { inTransaction, runAlone } from '../../db/prepared';
import { accounts, auctionItems, bidActions, bidders, bids, itemMaxima } from '../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { eventDocument, item } from '../../test/documents';
import { createTestApp, type TestApp } from '../../test/harness';
import { findTenant, type Tenant } from '../../tenancy';
import { type BidRefusal, refusalError } from './refusals';
import { readForBid } from '../../test/bid-read';
import { type BidOutcome, type BidRequest, placeBidIn } from './statements';

/**
 * The bid function (`gavel_place_bid`, server/drizzle/0018_bid_function.sql) against the domain's
 * engine, the reference: random bids (manual and automatic, by several bidders, at random amounts
 * and increments, ties with standing maxima, over the cap, on closed, live-only and not yet open
 * items, by bidders who may not bid) go through both, and after every step the refusal, the state
 * (price, leader, count, close, maxima in rank order), the history and the action kept must agree.
 */
let t: TestApp;
let tenant: Tenant;
let itemId: number;
let bidderIds: number[];
let unverified: TestBidder;
let unauthorized: TestBidder;
const start = new Date('2026-12-01T18:00:00Z');

beforeAll(async () => {
  t = await createTestApp({}, start);
  await importEvent(t, eventDocument(start, { items: [item('engine')] }));
  tenant = await findTenant(t.ctx.db, 'demo', 'gala');
  const [row] = await t.ctx.db.select({ id: auctionItems.id }).from(auctionItems);
  itemId = row?.id ?? 0;
  const people = await Promise.all(
    ['ann', 'bob', 'cy', 'dee'].map((name) => makeBidder(t, 'gala', `${name}@example.org`, { firstname: name })),
  );
  bidderIds = people.map((p) => p.bidderId);
  unverified = await makeBidder(t, 'gala', 'unverified@example.org');
  await t.ctx.db.update(accounts).set({ emailVerified: false }).where(eq(accounts.id, unverified.accountId));
  unauthorized = await makeBidder(t, 'gala', 'unauthorized@example.org');
  await t.ctx.db.update(bidders).set({ authorizebidder: false }).where(eq(bidders.id, unauthorized.bidderId));
});
afterAll(async () => t.close());

const dollars = (n: number) => n * 100;

const stepArb = fc.record({
  /** 0-3 the bidders who may bid; 4 unverified; 5 not authorized. */
  who: fc.oneof({ weight: 20, arbitrary: fc.integer({ min: 0, max: 3 }) }, fc.constantFrom(4, 5)),
  auto: fc.boolean(),
  amount: fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ kind: fc.constant('near' as const), steps: fc.integer({ min: -2, max: 12 }) }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('tie' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('cap' as const), delta: fc.integer({ min: -1, max: 1 }) }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('cents' as const), cents: fc.integer({ min: 0, max: 99_999 }) }),
    },
  ),
  /** null: the item's minimum increase; else that many times it (0 is below it), or any cents. */
  increment: fc.oneof(
    fc.constant(null),
    fc.record({ times: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ cents: fc.integer({ min: 1, max: 5_000 }) }),
  ),
  /** Seconds since the step before, or on to an edge: the close, a second before it, the extension's window, the opening. */
  wait: fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0, max: 20 }) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 240 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('close' as const, 'beforeClose' as const, 'extension' as const, 'opens' as const),
    },
  ),
});

const scenarioArb = fc.record({
  startingbid: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 1, max: 500 }).map(dollars),
    fc.integer({ min: 1, max: 9_999 }),
  ),
  increase: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50 }).map(dollars), fc.integer({ min: 1, max: 999 })),
  allowautobid: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
  flag: fc.oneof(
    { weight: 12, arbitrary: fc.constant('none' as const) },
    fc.constantFrom('live' as const, 'buynow' as const, 'closed' as const, 'early' as const),
  ),
  /** The item's own close, minutes after the first bid; null: the event's. */
  closesIn: fc.option(fc.integer({ min: 1, max: 40 })),
  extendMinutes: fc.constantFrom(0, 0, 2, 5),
  /** The latest an extension may reach, minutes after the first bid. */
  latestIn: fc.option(fc.integer({ min: 0, max: 60 })),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 30, size: 'max' }),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;
type Step = Scenario['steps'][number];

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

/** The item and the engine's state as the reference keeps them. */
interface Model {
  rules: BidItem;
  state: BidState;
  history: HistoryEntry[];
  closing: Date | null;
  closedAt: Date | null;
  numberofbids: number;
  accepted: number;
}

type Expected =
  | { refused: BidRefusal; message: string }
  | { placed: { state: BidState; history: HistoryEntry[]; closing: Date | null } };

/** What the bid function must do, by the domain's rules: the bidder checks, the item's status, the engine. */
function expected(
  model: Model,
  s: Scenario,
  event: Tenant['event'],
  bid: { bidderId: number; action: BidRequest; now: Date; seq: number },
): Expected {
  const check = (code: BidRefusal): Expected => ({ refused: code, message: refusalError(code).message });
  if (bid.bidderId === unverified.bidderId) return check('not_verified');
  if (bid.bidderId === unauthorized.bidderId) return check('not_authorized');
  if (s.flag === 'live') return check('live_only');
  if (s.flag === 'buynow') return check('buy_now_only');
  const status = itemBidStatus({ closing: model.closing, closedAt: model.closedAt }, event, bid.now);
  if (status === 'biddingnotopen') return check('not_open');
  const { action } = bid;
  const engineAction: BidAction =
    action.kind === 'manual'
      ? { kind: 'manual', bidderId: bid.bidderId, amount: action.amount, seq: bid.seq }
      : {
          kind: 'auto',
          bidderId: bid.bidderId,
          max: action.max,
          increment: action.increment ?? model.rules.minimumbidincrease,
          seq: bid.seq,
        };
  const out = placeBid(model.rules, model.state, engineAction, status === 'biddingopen');
  if (!out.ok) return { refused: out.error.code, message: out.error.message };
  const closing =
    out.history.length > 0
      ? (extendedClose({ closing: model.closing }, event, bid.now) ?? model.closing)
      : model.closing;
  return { placed: { state: out.state, history: out.history, closing } };
}

/** The amount a step bids, from the item as the reference has it: near its minimum, a standing maximum, the cap, any. */
function amountOf(a: Step['amount'], model: Model): number {
  const min = minimumNextBid(model.rules, model.state);
  switch (a.kind) {
    case 'near':
      return Math.max(0, min + a.steps * Math.max(model.rules.minimumbidincrease, 1));
    case 'tie':
      return model.state.maxima[a.pick % Math.max(model.state.maxima.length, 1)]?.max ?? min;
    case 'cap':
      return BID_CAP + a.delta;
    case 'cents':
      return a.cents;
  }
}

function actionOf(step: Step, model: Model): BidRequest {
  const amount = amountOf(step.amount, model);
  if (!step.auto) return { kind: 'manual', amount };
  const inc = step.increment;
  const increment = inc === null ? null : 'times' in inc ? inc.times * model.rules.minimumbidincrease : inc.cents;
  return { kind: 'auto', max: amount, increment };
}

/** When the next bid is placed: time never goes back. */
function nextTime(now: Date, wait: Step['wait'], model: Model, event: Tenant['event']): Date {
  if (typeof wait === 'number') return new Date(now.getTime() + wait * 1000);
  const closes = itemCloses({ closing: model.closing }, event).getTime();
  const edges = {
    close: closes,
    beforeClose: closes - 1000,
    extension: closes - event.extendedbiddingminutes * 60_000,
    opens: event.biddingopens.getTime(),
  };
  return new Date(Math.max(now.getTime(), edges[wait]));
}

const ranked = (maxima: Array<{ bidderId: number; max: number; increment: number; isAuto: boolean; seq: number }>) =>
  [...maxima].sort((a, b) => b.max - a.max || a.seq - b.seq).map((m) => [m.bidderId, m.max, m.increment, m.isAuto]);

async function resetItem(s: Scenario, first: Date): Promise<Model> {
  const db = t.ctx.db;
  await db.delete(bidActions).where(eq(bidActions.itemId, itemId));
  await db.delete(bids).where(eq(bids.itemId, itemId));
  await db.delete(itemMaxima).where(eq(itemMaxima.itemId, itemId));
  const closing = s.closesIn === null ? null : minutesAfter(first, s.closesIn);
  const closedAt = s.flag === 'closed' ? minutesAfter(first, -1) : null;
  const rules = { startingbid: s.startingbid, minimumbidincrease: s.increase, allowautobid: s.allowautobid };
  await db
    .update(auctionItems)
    .set({
      ...rules,
      itemisliveonly: s.flag === 'live',
      buyitnowonly: s.flag === 'buynow',
      closedAt,
      closing,
      currentbid: null,
      leaderBidderId: null,
      numberofbids: 0,
    })
    .where(eq(auctionItems.id, itemId));
  return { rules, state: emptyBidState(), history: [], closing, closedAt, numberofbids: 0, accepted: 0 };
}

/** The database's item, maxima, history and actions, as the bid reads them under its lock. */
async function stored() {
  const read = await inTransaction(t.ctx.database, (run) =>
    readForBid(run, { tenant, itemId, bidderId: bidderIds[0] ?? 0 }),
  );
  const history = await t.ctx.db.select().from(bids).where(eq(bids.itemId, itemId)).orderBy(asc(bids.id));
  const actions = await t.ctx.db
    .select()
    .from(bidActions)
    .where(eq(bidActions.itemId, itemId))
    .orderBy(asc(bidActions.id));
  return { read, history, actions };
}

function compareOutcome(outcome: BidOutcome, want: Expected, before: Model, bidderId: number) {
  if ('refused' in want) {
    expect(outcome.kind).toBe('refused');
    if (outcome.kind !== 'refused') return;
    expect([outcome.code, refusalError(outcome.code, outcome.figure).message]).toEqual([want.refused, want.message]);
    return;
  }
  expect(outcome.kind).toBe('placed');
  if (outcome.kind !== 'placed') return;
  const { placed } = outcome;
  expect(placed.history).toEqual(want.placed.history);
  expect(placed.previousLeader).toBe(before.state.leader);
  const mine = want.placed.state.maxima.find((m) => m.bidderId === bidderId);
  expect(placed.maximum && [placed.maximum.max, placed.maximum.increment, placed.maximum.isAuto]).toEqual(
    mine && [mine.max, mine.increment, mine.isAuto],
  );
  expect(new Set(placed.people.map((p) => p.id))).toEqual(
    new Set([bidderId, ...(before.state.leader === null ? [] : [before.state.leader])]),
  );
}

/** Runs the scenario through both, comparing after each step; answers what each step came to. */
async function runScenario(s: Scenario): Promise<string[]> {
  const came: string[] = [];
  const event = {
    ...tenant.event,
    extendedbiddingminutes: s.extendMinutes,
    extendedbiddinglatest: s.latestIn === null ? null : minutesAfter(start, s.latestIn),
  };
  const bidTenant: Tenant = { ...tenant, event };
  // An item not open yet starts its bids two minutes before bidding opens.
  let now = s.flag === 'early' ? minutesAfter(event.biddingopens, -2) : start;
  let model = await resetItem(s, now);
  for (const [n, step] of s.steps.entries()) {
    now = nextTime(now, step.wait, model, event);
    const bidderId =
      step.who === 4 ? unverified.bidderId : step.who === 5 ? unauthorized.bidderId : (bidderIds[step.who] ?? 0);
    const action = actionOf(step, model);
    const want = expected(model, s, event, { bidderId, action, now, seq: n + 1 });
    const outcome = await placeBidIn((statement, values) => runAlone(t.ctx.database, statement, values), {
      tenant: bidTenant,
      itemId,
      bidderId,
      action,
      now,
    });
    compareOutcome(outcome, want, model, bidderId);
    came.push(outcome.kind === 'refused' ? outcome.code : outcome.kind);
    if ('placed' in want) {
      const { state, history, closing } = want.placed;
      model = {
        ...model,
        state,
        history: [...model.history, ...history],
        closing,
        numberofbids: model.numberofbids + history.length,
        accepted: model.accepted + 1,
      };
    }
    const db = await stored();
    expect(db.read.item).toMatchObject({
      currentbid: model.state.currentbid,
      leaderBidderId: model.state.leader,
      numberofbids: model.numberofbids,
    });
    expect(db.read.item.closing?.getTime() ?? null).toBe(model.closing?.getTime() ?? null);
    expect(ranked(db.read.maxima)).toEqual(ranked(model.state.maxima));
    expect(db.history.map((h) => ({ bidderId: h.bidderId, amount: h.amount, isAuto: h.isAuto }))).toEqual(
      model.history,
    );
    expect(db.actions).toHaveLength(model.accepted);
    const last = db.actions[db.actions.length - 1];
    if ('placed' in want)
      expect(last && [last.bidderId, last.kind, last.amount, last.increment]).toEqual([
        bidderId,
        action.kind,
        action.kind === 'manual' ? action.amount : action.max,
        action.kind === 'manual'
          ? model.rules.minimumbidincrease
          : (action.increment ?? model.rules.minimumbidincrease),
      ]);
  }
  return came;
}

describe('the bid function and the domain engine', () => {
  it('agree on every refusal, price, leader, close, maxima and history after each step', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (s) => {
        await runScenario(s);
      }),
      { numRuns: 60 },
    );
    // About 6 s alone; room for a busy machine.
  }, 120_000);

  const plain: Scenario = {
    startingbid: 100_00,
    increase: 10_00,
    allowautobid: true,
    flag: 'none',
    closesIn: null,
    extendMinutes: 0,
    latestIn: null,
    steps: [],
  };
  const bid = (
    who: number,
    cents: number,
    wait: Step['wait'],
    auto = false,
    increment: Step['increment'] = null,
  ): Step => ({
    who,
    auto,
    amount: { kind: 'cents', cents },
    increment,
    wait,
  });

  it('agree on the issue example, step by step', async () => {
    const steps = [
      bid(0, 100_00, 1),
      bid(1, 200_00, 1, true),
      bid(0, 150_00, 1),
      bid(0, 300_00, 1, true, { cents: 20_00 }),
    ];
    expect(await runScenario({ ...plain, steps })).toEqual(['placed', 'placed', 'placed', 'placed']);
    const history = await t.ctx.db.select().from(bids).where(eq(bids.itemId, itemId)).orderBy(asc(bids.id));
    expect(history.map((h) => h.amount / 100)).toEqual([100, 110, 150, 160, 200, 220]);
  });

  it('agree at the edges of time: a second before the opening, at it, a second before the close, at it', async () => {
    // Two minutes before bidding opens; the item closes three minutes after it opens.
    const s: Scenario = { ...plain, flag: 'early', closesIn: 5 };
    const steps = [bid(0, 100_00, 119), bid(0, 100_00, 1), bid(1, 110_00, 'beforeClose'), bid(0, 120_00, 'close')];
    expect(await runScenario({ ...s, steps })).toEqual(['not_open', 'placed', 'placed', 'closed']);
  });

  it('agree on a bid in the extension window: the close moves, never past the latest', async () => {
    const s: Scenario = { ...plain, closesIn: 10, extendMinutes: 5, latestIn: 12 };
    const steps = [
      bid(0, 100_00, 'extension'),
      bid(1, 110_00, 60),
      bid(2, 120_00, 'beforeClose'),
      bid(3, 130_00, 'close'),
    ];
    expect(await runScenario({ ...s, steps })).toEqual(['placed', 'placed', 'placed', 'closed']);
    const [row] = await t.ctx.db.select().from(auctionItems).where(eq(auctionItems.id, itemId));
    expect(row?.closing).toEqual(minutesAfter(start, 12));
  });
});
