import { inArray, sql } from 'drizzle-orm';
import type { CloseTarget, ConsoleCloseAnswer } from '@gavel/domain';
import {
  BIDS_RATE_MINUTES,
  closedMessage,
  closeQuestion,
  closeTargetOf,
  extendedBy,
  extendedMessage,
  itemCount,
  itemCloses,
  everyItemWords,
  lateCloseProblem,
  targetWords,
} from '@gavel/domain';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { auctionItems } from '../../../db/schema';
import type { EventRow } from '../../../tenancy';
import { AppError } from '../../../errors';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { publishClosed, publishItem } from '../../../realtime/publish';
import { publishConsole } from '../../../realtime/console';
import { closeAllDueItems } from '../../bids/closing';
import { recordAudit } from '../../../lib/audit';
import { itemHasClosed } from '../items/presenter';
import type { ItemRow } from '../items/queries';
import { raisedOf } from '../../display/total';
import { auditedItem, presentPanel } from './presenter';
import { bidderNumbers, bidsSince, closeRecords, lockTarget, panelItems } from './queries';

interface TargetBody {
  scope: CloseTarget['scope'];
  location?: string;
  itemnum?: string;
}

const byNumber = (rows: ItemRow[], describe: (r: ItemRow) => unknown) =>
  Object.fromEntries(rows.map((r) => [r.itemnum, describe(r)]));

/** Nothing of the target is open: the refusal names the closed items. */
function allClosed(target: CloseTarget, rows: ItemRow[], action: 'close' | 'extend'): AppError {
  if (target.scope === 'item')
    return new AppError(
      'conflict',
      `Item ${rows[0]?.itemnum ?? target.itemnum} has already closed, so there is nothing to ${action}.`,
    );
  const nums = rows.map((r) => r.itemnum).join(', ');
  return new AppError('conflict', `Nothing to ${action}: ${everyItemWords(target)} has already closed (${nums}).`);
}

/** The close panel: the silent items with their leaders, the board's total, and the bids of the last minutes. */
export async function closePanel(ctx: AppContext, caller: StaffEventCaller) {
  const { event } = caller.tenant;
  const now = ctx.clock();
  const rows = await panelItems(ctx.db, event.id);
  return presentPanel({
    rows,
    records: await closeRecords(
      ctx.db,
      rows.map((r) => r.item),
    ),
    event,
    now,
    raised: await raisedOf(ctx.db, event),
    recentBids: await bidsSince(ctx.db, event.id, new Date(now.getTime() - BIDS_RATE_MINUTES * 60_000)),
  });
}

/**
 * The items a target takes, locked unless only read, and the target named as the event names it
 * (the location's and the item's own spelling, whatever the request's capitals).
 */
async function targetRows(db: Db | Tx, event: EventRow, body: TargetBody, lock = true) {
  const asked = closeTargetOf(body);
  const rows = await lockTarget(db, { eventId: event.id, target: asked, lock });
  const [first] = rows;
  const target: CloseTarget =
    !first || asked.scope === 'all'
      ? asked
      : asked.scope === 'item'
        ? { scope: 'item', itemnum: first.itemnum }
        : { scope: 'location', location: first.location };
  return { target, rows };
}

/**
 * Closes now what the target takes. The items' close is set to now under their row locks (and
 * audited) in one transaction; then the closing job's own routine runs at once, so the winners are
 * recorded, and phones and the board told, exactly as when the job closes them. The job may run at
 * the same moment: its claims skip locked rows and check closed_at again, so each item closes once.
 * A preview counts what would close and writes nothing (the screen's confirmation says it).
 */
export async function closeNow(
  ctx: AppContext,
  caller: StaffEventCaller,
  body: TargetBody & { preview?: boolean },
): Promise<ConsoleCloseAnswer> {
  const { tenant } = caller;
  const { event } = tenant;
  const now = ctx.clock();
  if (body.preview) {
    const { target, rows } = await targetRows(ctx.db, event, body, false);
    const open = rows.filter((r) => r.closedAt === null);
    return {
      status: 'success',
      message: open.length === 0 ? allClosed(target, rows, 'close').message : closeQuestion(target, open.length),
      preview: true,
      count: open.length,
      itemnums: open.map((r) => r.itemnum),
    };
  }
  const { target, closing } = await ctx.db.transaction(async (tx) => {
    const { target, rows } = await targetRows(tx, event, body);
    // Not yet recorded: an item past its close that the job has not reached yet is closed here too.
    const open = rows.filter((r) => r.closedAt === null);
    if (open.length === 0) throw allClosed(target, rows, 'close');
    const seen = {
      event,
      now,
      numbers: await bidderNumbers(
        tx,
        open.map((r) => r.leaderBidderId),
      ),
    };
    // An item whose close has already passed keeps it: the close on record is the earlier one.
    const closesAt = (r: ItemRow) => new Date(Math.min(itemCloses(r, event).getTime(), now.getTime()));
    await tx
      .update(auctionItems)
      .set({
        closing: sql`least(coalesce(${auctionItems.closing}, ${event.biddingcloses.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)`,
        updatedAt: sql`now()`,
      })
      .where(
        inArray(
          auctionItems.id,
          open.map((r) => r.id),
        ),
      );
    await recordAudit(tx, caller, {
      eventId: event.id,
      kind: 'close.now',
      summary: `Closed ${targetWords(target)} now (${itemCount(open.length)})`,
      before: byNumber(open, (r) => auditedItem(r, seen)),
      after: byNumber(open, (r) => {
        const { leader, ...closed } = auditedItem(r, seen, closesAt(r));
        return { ...closed, state: 'closed', winner: leader };
      }),
    });
    return { target, closing: open };
  });
  await closeAllDueItems(ctx.db, now, (closed) => publishClosed(ctx, closed));
  publishConsole(ctx, tenant, 'close');
  return {
    status: 'success',
    message: closedMessage(target, closing.length),
    preview: false,
    count: closing.length,
    itemnums: closing.map((r) => r.itemnum),
  };
}

/**
 * Pushes the close of the target's open items `minutes` later, each from its own close, in one
 * transaction under their row locks. Closed items stay closed (the answer names them); nothing is
 * written when nothing is open, or when a new close would fall after the event ends.
 */
export async function extendClose(ctx: AppContext, caller: StaffEventCaller, body: TargetBody & { minutes: number }) {
  const { tenant } = caller;
  const { event } = tenant;
  const { minutes } = body;
  const now = ctx.clock();
  const { target, moved, closed } = await ctx.db.transaction(async (tx) => {
    const { target, rows } = await targetRows(tx, event, body);
    const open = rows.filter((r) => !itemHasClosed(r, event, now));
    const shut = rows.filter((r) => itemHasClosed(r, event, now));
    if (open.length === 0) throw allClosed(target, shut, 'extend');
    for (const r of open) {
      const problem = lateCloseProblem(r.itemnum, extendedBy(itemCloses(r, event), minutes), event);
      if (problem) throw new AppError('conflict', problem);
    }
    const seen = {
      event,
      now,
      numbers: await bidderNumbers(
        tx,
        open.map((r) => r.leaderBidderId),
      ),
    };
    const updated = await tx
      .update(auctionItems)
      .set({
        closing: sql`coalesce(${auctionItems.closing}, ${event.biddingcloses.toISOString()}::timestamptz) + make_interval(mins => ${minutes}::int)`,
        updatedAt: sql`now()`,
      })
      .where(
        inArray(
          auctionItems.id,
          open.map((r) => r.id),
        ),
      )
      .returning();
    await recordAudit(tx, caller, {
      eventId: event.id,
      kind: 'close.extend',
      summary: `Extended ${targetWords(target)} by ${minutes} minute${minutes === 1 ? '' : 's'} (${itemCount(open.length)})`,
      before: byNumber(open, (r) => auditedItem(r, seen)),
      after: byNumber(updated, (r) => auditedItem(r, seen)),
    });
    return { target, moved: updated.sort((a, b) => a.id - b.id), closed: shut.map((r) => r.itemnum) };
  });
  // Phones and the board take each item's new close from its update (no refetch of the event).
  for (const item of moved) publishItem(ctx, tenant, item);
  publishConsole(ctx, tenant, 'close');
  return {
    status: 'success' as const,
    message: extendedMessage(target, moved.length, minutes, closed),
    count: moved.length,
    itemnums: moved.map((r) => r.itemnum),
    closed,
  };
}
