import { z } from 'zod';
import {
  type ChargeAllPreview,
  type ChargeAllRequest,
  type ChargeAllStarted,
  chargeAllWords,
  formatMoney,
  formatTimeWithZone,
  skipWords,
} from '@gavel/domain';
import type { AppContext } from '../../../context';
import { chargeRunBidders, chargeRuns } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { gatewayOf } from '../../../payments/card-payment';
import { publishConsole } from '../../../realtime/console';
import { recordAudit } from '../../../lib/audit';
import { keptKey, sentUnderKey } from '../keyed-send';
import { nameOf, previewCharges } from './preview';
import { runningRun } from './queries';

/** The audit kind of a run started: its entry also keeps the Idempotency-Key, so a retry finds its run. */
export const RUN_AUDIT_KIND = 'chargeall.run';

/** POST charge-all with preview: who a run would charge now, and who it skips and why. Writes nothing. */
export async function chargePreview(
  ctx: AppContext,
  caller: StaffEventCaller,
  minimum: number,
): Promise<ChargeAllPreview> {
  const { event } = caller.tenant;
  gatewayOf(ctx, event);
  const { charge, skipped, total } = await previewCharges(ctx.db, event, minimum);
  const who = (b: (typeof charge)[number]['bidder']) => ({ bidderid: b.accountId, name: nameOf(b), number: b.number });
  return {
    status: 'success',
    message: charge.length === 0 ? chargeAllWords.nobody : '',
    bidders: charge.map((c) => ({ ...who(c.bidder), email: c.bidder.email, due: c.due })),
    total,
    skipped: skipped.map((s) => ({ ...who(s.bidder), due: s.due, why: s.why, reason: skipWords(s.why, minimum) })),
  };
}

/** What a run's audit entry says of it, to answer a retry under the key that started it. */
const startedEntry = z.object({ runid: z.number().int(), count: z.number().int(), total: z.number().int() });

/**
 * POST charge-all without preview: the run recorded in one transaction, with every bidder to charge
 * queued at the due the preview shows; the job (job.ts) charges them. Runs of an event are taken one
 * at a time (an advisory lock on the event): a retry under the same key answers the run it started,
 * and any other start while a run is running is refused, naming it.
 */
export async function startRun(
  ctx: AppContext,
  caller: StaffEventCaller,
  { body, key }: { body: ChargeAllRequest; key: string },
): Promise<ChargeAllStarted> {
  const { tenant } = caller;
  const { event } = tenant;
  gatewayOf(ctx, event);
  const started = await ctx.db.transaction(async (tx) => {
    // Runs of the event one at a time (keyed-send.ts's lock): a retry under the same key finds its run.
    const earlier = await sentUnderKey(tx, { eventId: event.id, kind: RUN_AUDIT_KIND, key, body });
    if (earlier) return { ...startedEntry.parse(earlier), replayed: true };
    const running = await runningRun(tx, event.id);
    if (running)
      throw new AppError(
        'conflict',
        chargeAllWords.runningAlready(
          running.id,
          running.startedby,
          formatTimeWithZone(running.createdAt, event.timezone),
        ),
      );
    const now = ctx.clock();
    const { charge, total } = await previewCharges(tx, event, body.minimum);
    if (charge.length === 0) throw new AppError('conflict', chargeAllWords.nobody);
    const [run] = await tx
      .insert(chargeRuns)
      .values({ eventId: event.id, staffId: caller.staff.id, minimum: body.minimum, state: 'running', createdAt: now })
      .returning({ id: chargeRuns.id });
    if (!run) throw new Error('no run recorded');
    await tx.insert(chargeRunBidders).values(
      charge.map((c) => ({
        runId: run.id,
        bidderId: c.bidder.bidderId,
        state: 'queued' as const,
        due: c.due,
        updatedAt: now,
      })),
    );
    await recordAudit(tx, caller, {
      eventId: event.id,
      kind: RUN_AUDIT_KIND,
      summary: `Started charging ${charge.length === 1 ? '1 saved card' : `${charge.length} saved cards`} (${formatMoney(total)}), run ${run.id}`,
      after: { runid: run.id, count: charge.length, total, minimum: body.minimum, ...keptKey(key, body) },
    });
    return { runid: run.id, count: charge.length, total, replayed: false };
  });
  if (!started.replayed) publishConsole(ctx, tenant, 'chargeall');
  return {
    status: 'success',
    message: chargeAllWords.started(started.count, started.total),
    runid: started.runid,
  };
}
