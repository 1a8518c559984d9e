import { eq, sql } from 'drizzle-orm';
import { formatTimeWithZone, isoInZone, lateCloseProblem, REOPEN_DEFAULT_MINUTES } from '@gavel/domain';
import type { AppContext } from '../../../context';
import { auctionItems, wonItems } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { publishConsole } from '../../../realtime/console';
import { publishCart, publishItem } from '../../../realtime/publish';
import { recordAudit } from '../../../lib/audit';
import { itemOrNotFound } from '../items/queries';
import { auditedItem } from './presenter';
import { bidderNumbers, closeRecords, isSilentItem } from './queries';
import { closedTime, reopenProblem } from './rules';

/**
 * Reopens an item closed by mistake (owner): under the item's lock and its win's, the win the close
 * recorded is taken back (its leader still leads, and wins again at the new close unless outbid),
 * the unit it counted is put back, and the item closes again `minutes` from now. Audited.
 */
export async function reopenItem(
  ctx: AppContext,
  caller: StaffEventCaller,
  { itemnum, minutes = REOPEN_DEFAULT_MINUTES }: { itemnum: string; minutes?: number },
) {
  const { tenant } = caller;
  const { event } = tenant;
  const now = ctx.clock();
  const to = new Date(now.getTime() + minutes * 60_000);
  const { item, winner } = await ctx.db.transaction(async (tx) => {
    const row = await itemOrNotFound(tx, event.id, itemnum, true);
    if (!isSilentItem(row))
      throw new AppError('bad_request', `Item ${row.itemnum} is not in the silent auction; it has no close to undo.`);
    const record = (await closeRecords(tx, [row], { lock: true })).get(row.id) ?? null;
    const problem = reopenProblem({ item: row, record }, event, now) ?? lateCloseProblem(row.itemnum, to, event);
    if (problem) throw new AppError('conflict', problem);
    if (record) await tx.delete(wonItems).where(eq(wonItems.id, record.wonId));
    const [reopened] = await tx
      .update(auctionItems)
      .set({
        closedAt: null,
        closing: to,
        quantitysold: sql`${auctionItems.quantitysold} - ${record ? 1 : 0}`,
        updatedAt: sql`now()`,
      })
      .where(eq(auctionItems.id, row.id))
      .returning();
    if (!reopened) throw new Error('item update returned nothing');
    const seen = { event, now, numbers: await bidderNumbers(tx, [row.leaderBidderId]) };
    const { leader, ...before } = auditedItem(row, seen, closedTime(row, event));
    await recordAudit(tx, caller, {
      eventId: event.id,
      kind: 'close.reopen',
      summary: `Reopened item ${row.itemnum} (${row.name}) until ${formatTimeWithZone(to, event.timezone)}`,
      before: {
        ...before,
        closedat: isoInZone(closedTime(row, event), event.timezone),
        winner: record ? leader : null,
      },
      after: { ...auditedItem(reopened, seen), closedat: null, winner: null },
    });
    return { item: reopened, winner: record?.bidderId ?? null };
  });
  publishItem(ctx, tenant, item);
  // The winner's cart no longer holds it; they still lead and see the item open again.
  if (winner !== null) publishCart(ctx, tenant, winner);
  publishConsole(ctx, tenant, 'close');
  return {
    status: 'success' as const,
    message: `Item ${item.itemnum} is open again and closes at ${formatTimeWithZone(to, event.timezone)}.${
      item.leaderBidderId === null ? '' : ' Its leader still leads.'
    }`,
    closing: isoInZone(to, event.timezone),
  };
}
