import { and, asc, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { payments } from '../../../db/schema';
import { RECONCILE_AFTER_MS, reconcileCharges } from '../../payments/reconcile';
import { deskCardOrders } from '../../../money/desk-settle';

/**
 * Settles desk card payments left pending (the processor's answer lost, a crash between recording
 * and charging) by asking the processor what became of the charge under the payment's key, through
 * the card-payment flow's settling: paid (desk orders paid, receipts), or failed (everything the
 * payment tied is free again). It only reads from the processor, so it never charges.
 */
export async function reconcileDeskPayments(ctx: AppContext, now: Date): Promise<number> {
  const due = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.state, 'pending'),
        eq(payments.method, 'card'),
        lt(payments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(20);
  return reconcileCharges(ctx, { now, due, ordersOf: (tenant) => deskCardOrders(ctx, tenant) });
}
