import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFailureMessages, chargeAllWords } from '@gavel/domain';
import { chargeRunBidders, chargeRuns, payments } from '../../../db/schema';
import { importEvent } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument } from '../../../test/documents';
import { createTestApp, type TestApp } from '../../../test/harness';
import { RECONCILE_AFTER_MS } from '../../payments/reconcile';
import {
  INSUFFICIENT,
  itemIds,
  type NightBidder,
  nightBidders,
  plenty,
  runJobUntilDone,
  startRun,
  witness,
  type Witness,
} from './chargeall-fixtures';
import { chargeAllTick } from './job';
import { runRequestOf } from './charge-one';
import { balancesOf } from '../../../money/ledger';
import { findTenant } from '../../../tenancy';
import { testGatewayMessages } from '../../../payments/test-gateway';

/** A run charges each balance once, under its own key; again, nobody twice; a declined card goes to the follow-up list. */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let owner: TestStaff;
let paying: NightBidder[];
let poor: NightBidder[];
let seen: Witness;

const runOf = (runid: number) =>
  call(t.app, 'GET /console/events/:eventcode/charge-all/:runid', undefined, {
    params: { eventcode: 'gala', runid },
    headers: owner.headers,
  });
const overview = () =>
  call(t.app, 'GET /console/events/:eventcode/charge-all', undefined, {
    params: { eventcode: 'gala' },
    headers: owner.headers,
  });
const started = async (res: Awaited<ReturnType<typeof startRun>>) => {
  if (!res.ok || !('runid' in res.answer)) throw new Error(JSON.stringify(res));
  return res.answer.runid;
};

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now, { items: [plenty('gift', 40)] }));
  owner = await signedInStaff(t, { role: 'owner', name: 'Olive Owner' });
  const ids = await itemIds(t);
  seen = witness(t);
  paying = await nightBidders(t, { prefix: 'pay', count: 6, itemId: ids.gift! });
  poor = await nightBidders(t, { prefix: 'poor', count: 1, itemId: ids.gift!, card: INSUFFICIENT });
});
afterAll(async () => {
  seen.restore();
  await t.close();
});

describe('a run', () => {
  it('charges every balance once, each under its own key, and is done', async () => {
    const runid = await started(await startRun(t, owner.headers));
    await runJobUntilDone(t);
    const keys = new Set<string>();
    for (const who of paying) {
      const charged = seen.succeeded(who.card!);
      expect(charged).toHaveLength(1);
      // A random key (never this database's run and bidder ids), kept on the payment the run asked for.
      expect(charged[0]).toMatchObject({ amount: 4000, key: expect.stringMatching(/^gavel_run_[0-9a-f-]{36}$/) });
      const [payment] = await t.ctx.db
        .select()
        .from(payments)
        .where(eq(payments.requestKey, runRequestOf(runid, who.bidderId)));
      expect(payment?.chargeKey).toBe(charged[0]!.key);
      keys.add(charged[0]!.key);
    }
    expect(keys.size).toBe(paying.length);
    const res = await runOf(runid);
    if (!res.ok) throw new Error(JSON.stringify(res));
    expect(res.answer).toMatchObject({
      state: 'done',
      count: 7,
      charged: 6,
      chargedamount: 24000,
      declined: 1,
      left: 0,
    });
    expect(res.answer.finishedat).not.toBeNull();
    const declined = res.answer.results.find((r) => r.bidderid === poor[0]!.accountId);
    expect(declined).toMatchObject({ state: 'declined', message: cardFailureMessages.insufficient_funds });
    expect(res.answer.results.filter((r) => r.state === 'paid' && r.message === 'Paid')).toHaveLength(6);
  });

  it('puts the declined card in the follow-up list, with no pay link sent yet', async () => {
    const res = await overview();
    if (!res.ok) throw new Error(JSON.stringify(res));
    expect(res.answer.runs).toHaveLength(1);
    expect(res.answer.followup).toEqual([
      expect.objectContaining({
        bidderid: poor[0]!.accountId,
        state: 'declined',
        message: cardFailureMessages.insufficient_funds,
        due: 4000,
        paylinksentat: null,
      }),
    ]);
  });

  it('again: only the declined card is tried again; no paid balance is charged twice', async () => {
    const before = seen.charges.size;
    const runid = await started(await startRun(t, owner.headers));
    const queued = await t.ctx.db.select().from(chargeRunBidders).where(eq(chargeRunBidders.runId, runid));
    expect(queued.map((r) => r.bidderId)).toEqual([poor[0]!.bidderId]);
    await runJobUntilDone(t);
    expect(seen.charges.size).toBe(before + 1);
    for (const who of paying) expect(seen.succeeded(who.card!)).toHaveLength(1);
    const res = await runOf(runid);
    expect(res.ok && res.answer).toMatchObject({ state: 'done', count: 1, declined: 1, charged: 0 });
  });

  it('a run made from an older preview charges nobody twice: everyone paid meanwhile is skipped', async () => {
    // As if a second run had queued the same bidders before the first charged them.
    const before = seen.charges.size;
    const [first] = await t.ctx.db.select().from(chargeRuns).limit(1);
    const [run] = await t.ctx.db
      .insert(chargeRuns)
      .values({ eventId: first!.eventId, staffId: owner.id, state: 'running', createdAt: now })
      .returning();
    await t.ctx.db.insert(chargeRunBidders).values(
      paying.map((p) => ({
        runId: run!.id,
        bidderId: p.bidderId,
        state: 'queued' as const,
        due: 4000,
        updatedAt: now,
      })),
    );
    await runJobUntilDone(t);
    const res = await runOf(run!.id);
    if (!res.ok) throw new Error(JSON.stringify(res));
    expect(res.answer.skipped).toBe(6);
    expect(res.answer.results.every((r) => r.message === chargeAllWords.paidMeanwhile)).toBe(true);
    // The declined bidder's latest run is still the first one: the follow-up list keeps them.
    const list = await overview();
    expect(list.ok && list.answer.followup.map((f) => f.bidderid)).toEqual([poor[0]!.accountId]);
    // Attempts under new keys were answered before any charge: the processor saw nothing new.
    expect(seen.charges.size).toBe(before);
    for (const who of paying) expect(seen.succeeded(who.card!)).toHaveLength(1);
  });
});

describe('a run that loses a processor answer', () => {
  it('keeps the bidder charging, then settles the payment under the same key, never charging again', async () => {
    const ids = await itemIds(t);
    const [late] = await nightBidders(t, { prefix: 'late', count: 1, itemId: ids.gift! });
    const runid = await started(await startRun(t, owner.headers));
    seen.loseAnswers(true);
    await chargeAllTick(t.ctx);
    seen.loseAnswers(false);
    const request = runRequestOf(runid, late!.bidderId);
    const [row] = await t.ctx.db.select().from(chargeRunBidders).where(eq(chargeRunBidders.runId, runid));
    expect(row).toMatchObject({ state: 'charging', message: chargeAllWords.waiting });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.requestKey, request));
    expect(payment?.state).toBe('pending');
    // Within the lease nobody takes it again; after it, the same key is asked about, not charged.
    await chargeAllTick(t.ctx);
    expect((await t.ctx.db.select().from(chargeRunBidders).where(eq(chargeRunBidders.runId, runid)))[0]?.state).toBe(
      'charging',
    );
    t.setNow(new Date(now.getTime() + RECONCILE_AFTER_MS + 1000));
    await runJobUntilDone(t);
    const res = await runOf(runid);
    expect(res.ok && res.answer).toMatchObject({ state: 'done', charged: 1, left: 0 });
    const [settled] = await t.ctx.db.select().from(payments).where(eq(payments.requestKey, request));
    expect(settled?.state).toBe('paid');
    expect(settled?.chargeKey).toBe(payment?.chargeKey);
    expect(seen.succeeded(late!.card!)).toHaveLength(1);
    t.setNow(now);
  });
});

// Issue 47: a charge found by the payment's key that is not this payment (another database on the
// same processor account sent that key first) is never recorded paid: the bidder needs review.
describe('a run whose catch-up finds another charge under the key', () => {
  it('records nothing paid, lists the bidder as needing review, and leaves the balance due', async () => {
    const ids = await itemIds(t);
    const [other] = await nightBidders(t, { prefix: 'other', count: 1, itemId: ids.gift! });
    const tenant = await findTenant(t.ctx.db, 'demo', 'gala');
    const dueOf = async () => (await balancesOf(t.ctx.db, tenant.event, [other!.bidderId])).get(other!.bidderId)!.due;
    const before = await dueOf();
    expect(before).toBe(4000);
    const watched = t.ctx.payments.gatewayFor;
    // The processor answers the key with another's charge (another bidder id in its metadata), and
    // the answer to this server is lost: only the catch-up can tell.
    t.ctx.payments.gatewayFor = (event) => {
      const gateway = watched(event);
      if (!gateway) return gateway;
      return {
        ...gateway,
        charge: async (request) => {
          await gateway.charge({ ...request, metadata: { ...request.metadata, bidderid: '999999' } });
          throw new Error('the connection dropped before the answer');
        },
      };
    };
    try {
      const runid = await started(await startRun(t, owner.headers));
      await chargeAllTick(t.ctx);
      t.setNow(new Date(now.getTime() + RECONCILE_AFTER_MS + 1000));
      await runJobUntilDone(t);
      const res = await runOf(runid);
      if (!res.ok) throw new Error(JSON.stringify(res));
      // The run's other bidder (the declined card, still owing) met the same processor: two to review.
      expect(res.answer).toMatchObject({ state: 'done', count: 2, charged: 0, review: 2, left: 0 });
      const result = res.answer.results.find((r) => r.bidderid === other!.accountId);
      expect(result).toMatchObject({ state: 'review', message: testGatewayMessages.notThisCharge });
      const [payment] = await t.ctx.db
        .select()
        .from(payments)
        .where(eq(payments.requestKey, runRequestOf(runid, other!.bidderId)));
      expect(payment?.state).toBe('failed');
      expect(await dueOf()).toBe(before);
    } finally {
      t.ctx.payments.gatewayFor = watched;
      t.setNow(now);
    }
  });
});
