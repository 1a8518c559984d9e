import { and, eq } from 'drizzle-orm';
import { type BalanceLine, holdWords } from '@gavel/domain';
import type { AppContext } from '../context';
import { lineHolds } from '../db/schema';
import { AppError } from '../errors';
import { type Actor, recordAudit } from '../lib/audit';
import { publishConsole } from '../realtime/console';
import { publishCart } from '../realtime/publish';
import type { Tenant } from '../tenancy';
import { balanceOf } from './ledger';
import { lockBidder } from './locks';

/**
 * Disputes at the desk. A line (an item won, a pledge) not yet paid is held under the bidder's row
 * lock, the lock every payer of that balance takes (a desk, the phone's checkout, charge all), so a
 * payment recorded after the hold never counts it, and one recorded before has tied it already
 * (then it is paid, and money is given back instead). Resolving it releases the line (owed again)
 * or removes it from the bidder for good; both are audited with who and why.
 */
type StaffActor = Actor & { staff: { id: number } };

const lineName = (l: Pick<BalanceLine, 'label' | 'itemnum'>) => (l.itemnum ? `#${l.itemnum} ${l.label}` : l.label);

/** Holds a line of the bidder's balance (see above); answers the hold's id and what to say. */
export async function holdLine(
  ctx: AppContext,
  tenant: Tenant,
  {
    bidderId,
    kind,
    lineId,
    reason,
    actor,
  }: { bidderId: number; kind: 'item' | 'pledge'; lineId: number; reason: string; actor: StaffActor },
): Promise<{ holdid: number; message: string }> {
  const done = await ctx.db.transaction(async (tx) => {
    await lockBidder(tx, bidderId);
    const balance = await balanceOf(tx, tenant.event, bidderId);
    const line = balance.lines.find((l) => l.kind === kind && l.id === lineId);
    if (!line) throw new AppError('not_found', holdWords.notFound);
    if (line.held) throw new AppError('conflict', holdWords.already);
    if (!line.open) throw new AppError('conflict', holdWords.notOpen);
    const [hold] = await tx
      .insert(lineHolds)
      .values({
        eventId: tenant.event.id,
        bidderId,
        kind,
        lineId,
        reason,
        state: 'held',
        staffId: actor.staff.id,
        createdAt: ctx.clock(),
      })
      .returning({ id: lineHolds.id });
    if (!hold) throw new Error('hold insert returned nothing');
    const message = holdWords.held(lineName(line));
    await recordAudit(tx, actor, {
      eventId: tenant.event.id,
      kind: 'desk.hold',
      summary: `Held ${lineName(line)} (${kind} ${lineId}): ${reason}`,
      after: { holdid: hold.id, kind, lineid: lineId, amount: line.amount, reason },
    });
    return { holdid: hold.id, message };
  });
  tell(ctx, tenant, bidderId);
  return done;
}

/** Resolves a hold: released (owed again) or removed (owed by nobody). */
export async function resolveHold(
  ctx: AppContext,
  tenant: Tenant,
  {
    holdId,
    action,
    reason,
    actor,
  }: { holdId: number; action: 'release' | 'remove'; reason: string; actor: StaffActor },
): Promise<{ holdid: number; message: string }> {
  const [found] = await ctx.db
    .select({ bidderId: lineHolds.bidderId })
    .from(lineHolds)
    .where(and(eq(lineHolds.id, holdId), eq(lineHolds.eventId, tenant.event.id)));
  if (!found) throw new AppError('not_found', holdWords.noHold);
  const done = await ctx.db.transaction(async (tx) => {
    await lockBidder(tx, found.bidderId);
    const [hold] = await tx.select().from(lineHolds).where(eq(lineHolds.id, holdId)).for('update');
    if (!hold || hold.state !== 'held') throw new AppError('conflict', holdWords.resolved);
    const balance = await balanceOf(tx, tenant.event, hold.bidderId);
    const line = balance.lines.find((l) => l.kind === hold.kind && l.id === hold.lineId);
    const name = line ? lineName(line) : `${hold.kind} ${hold.lineId}`;
    await tx
      .update(lineHolds)
      .set({
        state: action === 'release' ? 'released' : 'removed',
        resolvedAt: ctx.clock(),
        resolvedBy: actor.staff.id,
        resolution: reason,
      })
      .where(eq(lineHolds.id, holdId));
    await recordAudit(tx, actor, {
      eventId: tenant.event.id,
      kind: action === 'release' ? 'desk.hold.release' : 'desk.hold.remove',
      summary: `${action === 'release' ? 'Released' : 'Removed from the bidder'}: ${name}: ${reason}`,
      before: { holdid: holdId, state: 'held', reason: hold.reason, amount: line?.amount ?? null },
      after: { holdid: holdId, state: action === 'release' ? 'released' : 'removed', reason },
    });
    return {
      bidderId: hold.bidderId,
      holdid: holdId,
      message: action === 'release' ? holdWords.released(name) : holdWords.removed(name),
    };
  });
  tell(ctx, tenant, done.bidderId);
  return { holdid: done.holdid, message: done.message };
}

function tell(ctx: AppContext, tenant: Tenant, bidderId: number): void {
  publishCart(ctx, tenant, bidderId);
  publishConsole(ctx, tenant, 'desk');
}
