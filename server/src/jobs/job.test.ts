import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HubMessage } from '@gavel/domain';
import type { AppContext } from '../context';
import { auctionItems, wonItems } from '../db/schema';
import { closeDueItems } from '../features/bids/closing';
import type { LivePublisher } from '../realtime/hub';
import { createTestApp, type TestApp } from '../test/harness';
import { importEvent, makeBidder } from '../test/account-fixtures';
import { eventDocument, item } from '../test/documents';
import { appJobs, defineJob, startJobs, type JobLog, type JobRunner, type PeriodicJob } from './index';

/** A promise the test settles by hand, so "still running" is a fact, not a guess about time. */
function gate(): { promise: Promise<void>; open(): void; fail(err: Error): void } {
  let open = () => {};
  let fail: (err: Error) => void = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const fakeLog = () => ({ error: vi.fn<JobLog['error']>() });
const at = new Date('2026-12-01T18:00:00Z');

describe('the periodic-job runner', () => {
  let runner: JobRunner | undefined;
  let gates: Array<ReturnType<typeof gate>> = [];
  beforeEach(() => {
    gates = [];
    vi.useFakeTimers();
  });
  afterEach(async () => {
    // A failed expectation must not leave stop() waiting on a run nobody will finish.
    gates.forEach((g) => g.open());
    await runner?.stop();
    runner = undefined;
    vi.useRealTimers();
  });

  it('skips a tick while the previous run of the same job is still going', async () => {
    let active = 0;
    let most = 0;
    const job = defineJob({
      name: 'slow',
      everyMs: 100,
      run: async () => {
        active++;
        most = Math.max(most, active);
        const g = gate();
        gates.push(g);
        await g.promise;
        active--;
      },
    });
    runner = startJobs([job], { clock: () => at, log: fakeLog() });
    await vi.advanceTimersByTimeAsync(100);
    expect(gates).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(gates).toHaveLength(1);
    gates[0]?.open();
    await vi.advanceTimersByTimeAsync(100);
    expect(gates).toHaveLength(2);
    expect(most).toBe(1);
    gates[1]?.open();
  });

  it('stop() clears the timers and waits for the run in progress, then disposes the job', async () => {
    const order: string[] = [];
    const g = gate();
    gates.push(g);
    let runs = 0;
    const job = defineJob({
      name: 'held',
      everyMs: 100,
      run: async () => {
        runs++;
        await g.promise;
        order.push('run finished');
      },
      dispose: () => void order.push('disposed'),
    });
    runner = startJobs([job], { clock: () => at, log: fakeLog() });
    await vi.advanceTimersByTimeAsync(100);
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stopped).toBe(false);
    expect(runs).toBe(1);
    g.open();
    await stopping;
    expect(order).toEqual(['run finished', 'disposed']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    await expect(runner.runOnce('held')).rejects.toThrow('stopped');
  });

  it('logs a failed run with the job name and still runs the next tick', async () => {
    const log = fakeLog();
    const boom = new Error('database went away');
    let runs = 0;
    const job = defineJob({
      name: 'flaky',
      everyMs: 100,
      run: async () => {
        runs++;
        if (runs === 1) throw boom;
      },
    });
    runner = startJobs([job], { clock: () => at, log });
    await vi.advanceTimersByTimeAsync(100);
    expect(log.error).toHaveBeenCalledWith({ err: boom, job: 'flaky' }, 'job failed');
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(2);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('runOnce runs at the clock, after a run in progress, and hands back a failure', async () => {
    const g = gate();
    gates.push(g);
    const seen: Date[] = [];
    let active = 0;
    let most = 0;
    const job = defineJob({
      name: 'direct',
      everyMs: 100,
      run: async (now) => {
        active++;
        most = Math.max(most, active);
        seen.push(now);
        if (seen.length === 1) await g.promise;
        active--;
        if (seen.length === 3) throw new Error('third run fails');
      },
    });
    runner = startJobs([job], { clock: () => at, log: fakeLog() });
    await vi.advanceTimersByTimeAsync(100);
    const direct = runner.runOnce('direct');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toHaveLength(1);
    g.open();
    await direct;
    expect(seen).toEqual([at, at]);
    await expect(runner.runOnce('direct')).rejects.toThrow('third run fails');
    expect(most).toBe(1);
    await expect(runner.runOnce('nope')).rejects.toThrow('no job named nope');
  });

  it('refuses a bad interval and a name listed twice', () => {
    const run = async () => {};
    expect(() => defineJob({ name: 'x', everyMs: 0, run })).toThrow('everyMs');
    const job = defineJob({ name: 'x', everyMs: 10, run });
    expect(() => startJobs([job, job], { clock: () => at, log: fakeLog() })).toThrow('listed twice');
  });
});

describe("the app's jobs", () => {
  let t: TestApp;
  const now = new Date('2026-12-01T18:00:00Z');
  const later = new Date(now.getTime() + 2 * 3_600_000);
  const itemCount = 12;
  let itemIds: number[] = [];
  let biddedIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, now);
    const closing = new Date(now.getTime() + 3_600_000).toISOString();
    const items = Array.from({ length: itemCount }, (_, i) =>
      item(`c${i}`, { startingbid: 10, minimumbidincrease: 1, closing }),
    );
    await importEvent(t, eventDocument(now, { items }));
    const rows = await t.ctx.db.select({ id: auctionItems.id }).from(auctionItems);
    itemIds = rows.map((r) => r.id);
    biddedIds = itemIds.filter((_, i) => i % 2 === 0);
    const ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
    for (const itemid of biddedIds) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/submitbid',
        headers: ann.auth,
        payload: { eventcode: 'gala', itemid, bid: 10 },
      });
      expect(res.json()).toMatchObject({ status: 'success' });
    }
  });
  afterAll(async () => t.close());

  it('lists closing, closing-soon, payment reconciliation, charge all, store holds, texts, images, push, and mail only with SMTP', () => {
    const log = { info: vi.fn() };
    expect(appJobs(t.ctx, log).map((j) => j.name)).toEqual([
      'closing',
      'closing-soon',
      'payments-reconcile',
      'charge-all',
      'store-holds',
      'texts',
      'images',
      'push',
    ]);
    const withSmtp: AppContext = { ...t.ctx, config: { ...t.ctx.config, smtpUrl: 'smtp://127.0.0.1:2525' } };
    const jobs = appJobs(withSmtp, log);
    expect(jobs.map((j) => j.name)).toEqual([
      'closing',
      'closing-soon',
      'payments-reconcile',
      'charge-all',
      'store-holds',
      'texts',
      'images',
      'push',
      'mail',
    ]);
    for (const job of jobs) void job.dispose?.();
  });

  it('two runners on one database tick together and close each due item exactly once', async () => {
    // The approach of the two-sweepers test in bids.test.ts, through the runner: two processes'
    // closing jobs start on the same tick against one database.
    const published: HubMessage[] = [];
    const live: LivePublisher = {
      toEvent: (_a, _e, message) => void published.push(message),
      toBidder: (_b, message) => void published.push(message),
      toConsole: (_a, _e, message) => void published.push(message),
    };
    const closingOnly = (jobs: PeriodicJob[]) => jobs.filter((j) => j.name === 'closing');
    const log = { info: vi.fn(), error: vi.fn<JobLog['error']>() };
    // Only the intervals are fake: the database keeps its real timers and I/O.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let runners: JobRunner[] = [];
    try {
      runners = [0, 1].map(() => startJobs(closingOnly(appJobs({ ...t.ctx, live }, log)), { clock: () => later, log }));
      await vi.advanceTimersByTimeAsync(1_000);
    } finally {
      // stop() waits for both runs, which are real database work.
      await Promise.all(runners.map((r) => r.stop()));
      vi.useRealTimers();
    }
    await t.ctx.notifier.idle();
    expect(log.error).not.toHaveBeenCalled();

    const closedRows = await t.ctx.db
      .select({ id: auctionItems.id, closedAt: auctionItems.closedAt })
      .from(auctionItems);
    expect(closedRows.every((r) => r.closedAt?.getTime() === later.getTime())).toBe(true);
    for (const id of itemIds) {
      const wins = await t.ctx.db.select().from(wonItems).where(eq(wonItems.itemId, id));
      expect(wins).toHaveLength(biddedIds.includes(id) ? 1 : 0);
    }
    const updates = published.flatMap((m) => (m.type === 'itemupdate' ? [m.item.itemid] : []));
    expect(updates.sort((a, b) => a - b)).toEqual([...itemIds].sort((a, b) => a - b));
    const wonTold = published.flatMap((m) => (m.type === 'itembid' && m.status === 'won' ? [m.itemid] : []));
    expect(wonTold.sort((a, b) => a - b)).toEqual([...biddedIds].sort((a, b) => a - b));
    expect(await closeDueItems(t.ctx.db, later)).toEqual([]);
  });
});
