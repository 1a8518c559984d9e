import { and, asc, eq, inArray, lt, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { chargeRunBidders, chargeRuns } from '../../../db/schema';
import { publishConsole } from '../../../realtime/console';
import { type Tenant, tenantOfEvent } from '../../../tenancy';
import { RECONCILE_AFTER_MS } from '../../payments/reconcile';
import { chargeOne, type Claimed } from './charge-one';

/**
 * The charge-all job: every process runs it (jobs/job.ts). A tick claims a batch of queued bidders
 * of running runs with FOR UPDATE SKIP LOCKED and marks them 'charging' in the claiming transaction,
 * so the deterministic key each is charged under (chargeKeyOf) is committed BEFORE any charge; then
 * charges them (charge-one.ts), records each outcome, finishes the runs left without work, and tells
 * the screens. Batches follow one another within a tick for a few seconds, so a run of hundreds does
 * not wait a tick between batches.
 *
 * A bidder left 'charging' (the process died mid-charge) is taken again and settled under the SAME
 * key: the payments row of that key, if any, is settled from the processor's word, never charged
 * anew (charge-one.ts). Which such rows may be taken again: on PostgreSQL, where other processes may
 * be charging them right now, only once the claim is older than RECONCILE_AFTER_MS (a charge gets
 * that long, as reconciliation gives it); on the embedded database a single process runs (the
 * DATA_DIR guard), so a claim made before this process started was left by one that died.
 */
export const CHARGE_ALL_EVERY_MS = 1_000;
/** Bidders claimed at once, and charged this many at a time. */
const BATCH = 16;
const PARALLEL = 4;
/** A tick takes further batches for this long, then lets the runner breathe (and stop). */
const TICK_BUDGET_MS = 4_000;
const LEASE_MS = RECONCILE_AFTER_MS;

/** What this process knows of its own charging: since when it runs, and the rows it is charging now. */
interface Worker {
  startedAt: Date;
  inFlight: Set<string>;
}
const workers = new WeakMap<AppContext, Worker>();
function workerOf(ctx: AppContext): Worker {
  let worker = workers.get(ctx);
  if (!worker) {
    worker = { startedAt: ctx.clock(), inFlight: new Set() };
    workers.set(ctx, worker);
  }
  return worker;
}

const rowKey = (runId: number, bidderId: number) => `${runId}:${bidderId}`;

/** Claims a batch: queued rows, and 'charging' rows a dead claim left (see above), marked 'charging' now. */
async function claimBatch(ctx: AppContext, worker: Worker, now: Date): Promise<Claimed[]> {
  const crb = chargeRunBidders;
  const left = [lt(crb.updatedAt, new Date(now.getTime() - LEASE_MS))];
  if (ctx.database.kind === 'pglite') left.push(lt(crb.updatedAt, worker.startedAt));
  const mine = [...worker.inFlight];
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        runId: crb.runId,
        bidderId: crb.bidderId,
        state: crb.state,
        eventId: chargeRuns.eventId,
        staffId: chargeRuns.staffId,
      })
      .from(crb)
      .innerJoin(chargeRuns, eq(chargeRuns.id, crb.runId))
      .where(
        and(
          eq(chargeRuns.state, 'running'),
          or(eq(crb.state, 'queued'), and(eq(crb.state, 'charging'), or(...left))),
          mine.length > 0 ? notInArray(sql`${crb.runId}::text || ':' || ${crb.bidderId}::text`, mine) : undefined,
        ),
      )
      .orderBy(asc(crb.runId), asc(crb.bidderId))
      .limit(BATCH)
      .for('update', { of: crb, skipLocked: true });
    for (const runId of new Set(rows.map((r) => r.runId)))
      await tx
        .update(crb)
        .set({ state: 'charging', updatedAt: now })
        .where(
          and(
            eq(crb.runId, runId),
            inArray(
              crb.bidderId,
              rows.filter((r) => r.runId === runId).map((r) => r.bidderId),
            ),
          ),
        );
    return rows.map(({ state, ...r }) => ({ ...r, resumed: state === 'charging' }));
  });
}

/** Runs `work` over the rows, `PARALLEL` at a time. */
async function inParallel<T>(rows: T[], work: (row: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < rows.length) await work(rows[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, rows.length) }, lane));
}

/** Marks done every running run with nothing left to charge (under the run's row lock); answers their events. */
async function finishRuns(ctx: AppContext, now: Date): Promise<number[]> {
  const crb = chargeRunBidders;
  return ctx.db.transaction(async (tx) => {
    const open = tx
      .select({ one: sql`1` })
      .from(crb)
      .where(and(eq(crb.runId, chargeRuns.id), inArray(crb.state, ['queued', 'charging'])));
    const done = await tx
      .select({ id: chargeRuns.id, eventId: chargeRuns.eventId })
      .from(chargeRuns)
      .where(and(eq(chargeRuns.state, 'running'), notExists(open)))
      .for('update', { skipLocked: true });
    if (done.length === 0) return [];
    await tx
      .update(chargeRuns)
      .set({ state: 'done', finishedAt: now })
      .where(
        and(
          inArray(
            chargeRuns.id,
            done.map((r) => r.id),
          ),
          eq(chargeRuns.state, 'running'),
        ),
      );
    return done.map((r) => r.eventId);
  });
}

/** One tick of the job: answers how many bidders it handled. */
export async function chargeAllTick(ctx: AppContext): Promise<number> {
  const worker = workerOf(ctx);
  const began = performance.now();
  const tenants = new Map<number, Tenant | undefined>();
  const tenantOf = async (eventId: number) => {
    if (!tenants.has(eventId)) tenants.set(eventId, await tenantOfEvent(ctx.db, eventId));
    return tenants.get(eventId);
  };
  let handled = 0;
  for (;;) {
    const claimed = await claimBatch(ctx, worker, ctx.clock());
    for (const row of claimed) worker.inFlight.add(rowKey(row.runId, row.bidderId));
    try {
      await inParallel(claimed, async (row) => {
        const tenant = await tenantOf(row.eventId);
        if (tenant) await chargeOne(ctx, tenant, row);
      });
    } finally {
      for (const row of claimed) worker.inFlight.delete(rowKey(row.runId, row.bidderId));
    }
    handled += claimed.length;
    const finished = await finishRuns(ctx, ctx.clock());
    for (const eventId of new Set([...claimed.map((r) => r.eventId), ...finished])) {
      const tenant = await tenantOf(eventId);
      if (tenant) publishConsole(ctx, tenant, 'chargeall');
    }
    if (claimed.length < BATCH || performance.now() - began > TICK_BUDGET_MS) return handled;
  }
}
