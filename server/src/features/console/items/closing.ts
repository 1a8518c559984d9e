import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Problem } from '@gavel/domain';
import { formatTimeWithZone, isoInZone, itemClosingProblem } from '@gavel/domain';
import type { AppContext } from '../../../context';
import { auctionItems } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { codesOf } from '../../../realtime/codes';
import { publishEventRefresh } from '../../../realtime/publish';
import { recordAudit } from '../../../lib/audit';
import { itemHasClosed } from './presenter';
import { refuse } from './service';

export interface ClosingChange {
  /** The new close (ISO with offset), or null for the event's bidding close. */
  closing: string | null;
  itemnums?: string[];
  location?: string;
}

/**
 * Sets the closing time of the items named, or of every item at a location, in one transaction:
 * refused as a whole when an item is unknown or has already closed, or when the time is not within
 * the event's bidding (the import's rule) or is already past.
 */
export async function setClosing(ctx: AppContext, caller: StaffEventCaller, change: ClosingChange) {
  const { event } = caller.tenant;
  const now = ctx.clock();
  const at = change.closing === null ? null : new Date(change.closing);
  const timeProblem = change.closing === null ? null : itemClosingProblem(change.closing, event);
  if (timeProblem) throw refuse([{ path: 'closing', message: timeProblem }]);
  if (at && at <= now) throw refuse([{ path: 'closing', message: 'must be in the future' }]);
  const answer = await ctx.db.transaction(async (tx) => {
    const wanted = change.itemnums?.map((n) => n.trim().toLowerCase()) ?? [];
    const rows = await tx
      .select()
      .from(auctionItems)
      .where(
        and(
          eq(auctionItems.eventId, event.id),
          change.itemnums
            ? inArray(sql`lower(${auctionItems.itemnum})`, wanted)
            : sql`lower(${auctionItems.location}) = lower(${change.location ?? ''})`,
        ),
      )
      .orderBy(asc(auctionItems.id))
      .for('update');
    const found = new Set(rows.map((r) => r.itemnum.toLowerCase()));
    const missing: Problem[] = (change.itemnums ?? []).flatMap((n, i) =>
      found.has(n.trim().toLowerCase())
        ? []
        : [{ path: `itemnums[${i}]`, message: `there is no item ${n} in this event` }],
    );
    if (missing.length > 0) throw refuse(missing);
    if (rows.length === 0) throw refuse([{ path: 'location', message: `no item is at ${change.location ?? ''}` }]);
    const closed = rows.find((r) => itemHasClosed(r, event, now));
    if (closed) throw new AppError('conflict', `Item ${closed.itemnum} has closed, so its closing time cannot change.`);
    await tx
      .update(auctionItems)
      .set({ closing: at, updatedAt: sql`now()` })
      .where(
        inArray(
          auctionItems.id,
          rows.map((r) => r.id),
        ),
      );
    const shown = at ? formatTimeWithZone(at, event.timezone) : "the event's bidding close";
    const which = change.itemnums
      ? `${rows.length} item${rows.length === 1 ? '' : 's'}`
      : `the items at ${change.location}`;
    const zoned = (d: Date | null) => (d ? isoInZone(d, event.timezone) : null);
    await recordAudit(tx, caller, {
      eventId: event.id,
      kind: 'item.closing',
      summary: `Set the closing time of ${which} to ${shown}`,
      before: Object.fromEntries(rows.map((r) => [r.itemnum, zoned(r.closing)])),
      after: Object.fromEntries(rows.map((r) => [r.itemnum, zoned(at)])),
    });
    return {
      status: 'success' as const,
      message: `The closing time of ${which} is now ${shown}.`,
      itemnums: rows.map((r) => r.itemnum),
    };
  });
  publishEventRefresh(ctx, codesOf(caller.tenant));
  return answer;
}
