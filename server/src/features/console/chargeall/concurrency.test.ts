import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../context';
import { chargeRuns } from '../../../db/schema';
import { importEvent } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument } from '../../../test/documents';
import { createTestApp, type TestApp } from '../../../test/harness';
import { findTenant } from '../../../tenancy';
import { balancesOf } from '../../../money/ledger';
import { itemIds, plenty, startRun, witness, type Witness } from './chargeall-fixtures';
import { crowd, type CrowdBidder } from './crowd-fixtures';
import { chargeAllTick } from './job';

/**
 * THE concurrency test of charge all (issue 29): 200 bidders with saved cards and won items; a run
 * charges them all while 50 of them pay on their phones and two desks pay the same 20 others at
 * once. Every balance is charged exactly once: the processor's side (the test gateway's charges, by
 * key, with the bidder each says it is for) is the witness, and every balance ends at nothing due.
 * It runs on PGlite, and on PostgreSQL in the suite's second pass (TEST_DATABASE_URL, harness.ts).
 */
const BIDDERS = 200;
const PHONES = 50;
const AT_DESKS = 20;
const PRICE = 4000;

let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let owner: TestStaff;
let desks: TestStaff[];
let room: CrowdBidder[];
let seen: Witness;

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now, { items: [plenty('gift', PRICE / 100)] }));
  owner = await signedInStaff(t, { role: 'owner' });
  desks = [
    await signedInStaff(t, { role: 'volunteer', email: 'desk1@example.org' }),
    await signedInStaff(t, { role: 'volunteer', email: 'desk2@example.org' }),
  ];
  room = await crowd(t, { count: BIDDERS, itemId: (await itemIds(t)).gift!, price: PRICE });
  seen = witness(t);
}, 120_000);
afterAll(async () => {
  seen.restore();
  await t.close();
});

/** A job's loop as one server process runs it: ticks until no run is running. */
async function serverProcess(ctx: AppContext): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    await chargeAllTick(ctx);
    const running = await ctx.db.select().from(chargeRuns).where(eq(chargeRuns.state, 'running')).limit(1);
    if (running.length === 0) return;
  }
  throw new Error('the run never finished');
}

const phonePays = (who: CrowdBidder) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { ...who.auth, 'idempotency-key': `phone-${who.bidderId}` },
    payload: { eventcode: 'gala', historyid: [who.wonId], usecard: true, totalamount: PRICE / 100 },
  });

const deskPays = (desk: TestStaff, who: CrowdBidder, n: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/console/events/gala/bidders/${who.accountId}/payments`,
    headers: { ...desk.headers, 'idempotency-key': `desk-${n}-bidder-${who.bidderId}` },
    payload: { method: 'card', amount: PRICE / 100 },
  });

describe('charge all with phones and desks paying at once', () => {
  it('charges every balance exactly once', async () => {
    const started = await startRun(t, owner.headers);
    if (!started.ok || !('runid' in started.answer)) throw new Error(JSON.stringify(started));
    const runid = started.answer.runid;
    // Spread over the room, so some pay before the run reaches them and some after.
    const phones = room.filter((_, i) => i % 4 === 1).slice(0, PHONES);
    const atDesks = room.filter((_, i) => i % 10 === 3).slice(0, AT_DESKS);
    // The phones and two desks on the same bidders, and two server processes (each its own worker
    // state) that start once the first payments have answered: on PGlite, whose one connection takes
    // transactions in turn, the run would otherwise reach everyone first.
    let answered = 0;
    let startJob: () => void = () => undefined;
    const firstAnswers = new Promise<void>((resolve) => (startJob = resolve));
    const counted = <T>(pending: Promise<T>) =>
      pending.finally(() => {
        if (++answered === 10) startJob();
      });
    const payments = Promise.all([
      ...phones.map((who) => counted(phonePays(who))),
      ...atDesks.flatMap((who) => [counted(deskPays(desks[0]!, who, 1)), counted(deskPays(desks[1]!, who, 2))]),
    ]);
    const jobs = firstAnswers.then(() => Promise.all([serverProcess({ ...t.ctx }), serverProcess({ ...t.ctx })]));
    const answers = await payments;
    await jobs;
    for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(500);
    const deskAnswers = answers.slice(phones.length).map((res) => (res.json() as { result?: string }).result);
    // Of each pair of desks, at most one took the money; the other was told it was paid.
    for (let i = 0; i < atDesks.length; i++)
      expect([deskAnswers[2 * i], deskAnswers[2 * i + 1]].filter((r) => r === 'paid').length).toBeLessThanOrEqual(1);

    const byBidder = seen.succeededByBidder();
    const twice = room.filter((b) => (byBidder.get(b.bidderId)?.length ?? 0) !== 1);
    expect(twice.map((b) => [b.number, byBidder.get(b.bidderId)?.length ?? 0])).toEqual([]);
    for (const b of room) expect(byBidder.get(b.bidderId)?.[0]?.amount).toBe(PRICE);
    // Each card was charged once too (the processor's own view, whatever our metadata says).
    for (const b of room) expect(seen.succeeded(b.card)).toHaveLength(1);

    const tenant = await findTenant(t.ctx.db, 'demo', 'gala');
    const balances = await balancesOf(
      t.ctx.db,
      tenant.event,
      room.map((b) => b.bidderId),
    );
    expect(room.filter((b) => balances.get(b.bidderId)?.due !== 0)).toEqual([]);

    const run = await call(t.app, 'GET /console/events/:eventcode/charge-all/:runid', undefined, {
      params: { eventcode: 'gala', runid },
      headers: owner.headers,
    });
    if (!run.ok) throw new Error(JSON.stringify(run));
    expect(run.answer).toMatchObject({ state: 'done', count: BIDDERS, declined: 0, confirm: 0, left: 0 });
    expect(run.answer.charged + run.answer.skipped).toBe(BIDDERS);
    // Whoever came first took the money; the run charged the rest.
    expect(run.answer.charged).toBeGreaterThanOrEqual(BIDDERS - PHONES - AT_DESKS);
    const keys = [...seen.charges.keys()];
    console.log(
      `CHARGEALL concurrency (${t.ctx.database.kind}): ${BIDDERS} balances, charges seen by the processor ${keys.length}, ` +
        `succeeded ${[...byBidder.values()].flat().length}; the run charged ${run.answer.charged} and skipped ` +
        `${run.answer.skipped} (paid first on a phone or at a desk)`,
    );
  }, 120_000);
});
