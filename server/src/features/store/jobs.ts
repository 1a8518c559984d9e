import { and, asc, eq, inArray, lt, lte, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { storeCartLines, storeCarts, storeOrders } from '../../db/schema';
import { RECONCILE_AFTER_MS, reconcileCharges } from '../payments/reconcile';
import { storeCardOrders } from './orders';

/** Held units count only while a cart is live, so this tick only tidies; it decides nothing. */
export const HOLD_EXPIRY_EVERY_MS = 30_000;

/**
 * Releases the units of carts whose hold has ended: each is claimed with FOR UPDATE SKIP LOCKED (a
 * cart being changed or checked out right now is left for the next tick), marked expired and
 * emptied. Availability already ignores a cart once its hold ends, so no sale waits for this job.
 */
export async function releaseExpiredHolds(ctx: AppContext, now: Date): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: storeCarts.id })
      .from(storeCarts)
      .where(and(eq(storeCarts.state, 'open'), lte(storeCarts.expiresAt, now)))
      .orderBy(asc(storeCarts.id))
      .limit(500)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((c) => c.id);
    await tx.delete(storeCartLines).where(inArray(storeCartLines.cartId, ids));
    await tx
      .update(storeCarts)
      .set({ state: 'expired', promoCodeId: null, updatedAt: now })
      .where(inArray(storeCarts.id, ids));
    return ids.length;
  });
}

/** An expired cart is kept this long (a page left open may still ask after it), then deleted with the address it keeps. */
export const EXPIRED_CART_KEPT_MS = 24 * 60 * 60_000;
/** Carts deleted per transaction: a backlog (every store visit makes a cart) is worked off over ticks without a long lock. */
export const PURGE_BATCH = 500;

/**
 * Deletes carts whose hold ended more than EXPIRED_CART_KEPT_MS ago and that have no order; their
 * lines go with them. A cart with any order, even a failed one, is never deleted: orders belong to
 * their cart (ON DELETE CASCADE), so deleting it would delete the sale. Claimed in bounded batches
 * with FOR UPDATE SKIP LOCKED like the other jobs, and the delete asks again that no order
 * references the cart, in its own statement under the claim, so an order committed meanwhile keeps it.
 */
export async function purgeExpiredCarts(ctx: AppContext, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - EXPIRED_CART_KEPT_MS);
  const noOrder = () =>
    notExists(
      ctx.db
        .select({ one: sql`1` })
        .from(storeOrders)
        .where(eq(storeOrders.cartId, storeCarts.id)),
    );
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: storeCarts.id })
      .from(storeCarts)
      .where(and(inArray(storeCarts.state, ['open', 'expired']), lt(storeCarts.expiresAt, cutoff), noOrder()))
      .orderBy(asc(storeCarts.id))
      .limit(PURGE_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const gone = await tx
      .delete(storeCarts)
      .where(
        and(
          inArray(
            storeCarts.id,
            due.map((c) => c.id),
          ),
          noOrder(),
        ),
      )
      .returning({ id: storeCarts.id });
    return gone.length;
  });
}

/** Store card orders left pending (a timeout, a crash): asks the processor what became of each charge; never charges. */
export async function reconcileStoreOrders(ctx: AppContext, now: Date): Promise<number> {
  const due = await ctx.db
    .select()
    .from(storeOrders)
    .where(
      and(eq(storeOrders.state, 'pending'), lt(storeOrders.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS))),
    )
    .orderBy(asc(storeOrders.id))
    .limit(20);
  return reconcileCharges(ctx, { now, due, ordersOf: (tenant) => storeCardOrders(ctx, tenant) });
}
