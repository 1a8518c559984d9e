import { and, asc, eq, lt } from 'drizzle-orm';
import { cardPaymentMessages, checkoutMessages } from '@gavel/domain';
import type { AppContext } from '../../context';
import { orders } from '../../db/schema';
import { type CardOrder, type CardOrders, settleByProcessor } from '../../payments/card-payment';
import type { ChargeOutcome } from '../../payments/gateway';
import { testGatewayRefused } from '../../payments/processor';
import { type Tenant, tenantOfEvent } from '../../tenancy';
import { auctionCardOrders } from './orders';

/** A charge gets this long to answer (or the bidder to confirm it) before the job asks the processor. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** A payment still waiting for the bidder's confirmation after this long is given up, and its items go back to the cart. */
export const CONFIRMATION_WINDOW_MS = 30 * 60_000;
export const RECONCILE_EVERY_MS = 60_000;

/**
 * Settles card orders left pending (a timeout, a lost webhook, a crash between recording the order
 * and charging it) by asking the processor what became of the charge under the order's key. It only
 * reads from the processor, so it never charges; the card-payment flow rechecks each order under
 * its row lock, so two processes asking about one order settle it once.
 */
export async function reconcilePending(ctx: AppContext, now: Date): Promise<number> {
  const due = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.state, 'pending'),
        eq(orders.method, 'card'),
        lt(orders.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(20);
  return reconcileCharges(ctx, { now, due, ordersOf: (tenant) => auctionCardOrders(ctx, tenant) });
}

/** A charge sent and not yet settled: an auction order or a store order. */
export interface PendingCharge extends CardOrder {
  eventId: number;
  chargeKey: string;
  processorRef: string;
  createdAt: Date;
}

/**
 * Asks the processor what became of each pending charge and settles it through the card-payment
 * flow with its kind's hooks (`ordersOf`). A payment still waiting for the buyer's confirmation
 * after the window is given up. Answers how many changed.
 */
export async function reconcileCharges<O extends PendingCharge>(
  ctx: AppContext,
  { now, due, ordersOf }: { now: Date; due: O[]; ordersOf: (tenant: Tenant) => CardOrders<O> },
): Promise<number> {
  let settled = 0;
  for (const order of due) {
    const tenant = await tenantOfEvent(ctx.db, order.eventId);
    if (!tenant) continue;
    const gateway = ctx.payments.gatewayFor(tenant.event);
    const hooks = ordersOf(tenant);
    let outcome: ChargeOutcome;
    if (gateway)
      outcome = await gateway
        .chargeOutcome({ ...hooks.charge(order), ref: order.processorRef })
        .catch((): ChargeOutcome => ({ kind: 'unknown' }));
    // A test charge where this server no longer takes test payments moved no money, and no gateway
    // will ever answer for it: it fails, rather than wait forever ahead of real charges.
    else if (testGatewayRefused(tenant.event, ctx.payments.options.testPaymentsAllowed))
      outcome = { kind: 'failed', message: checkoutMessages.testPaymentsOff };
    else continue;
    const waitedTooLong = now.getTime() - order.createdAt.getTime() > CONFIRMATION_WINDOW_MS;
    if (outcome.kind === 'requires_action' && waitedTooLong)
      outcome = { kind: 'failed', message: cardPaymentMessages.notConfirmedInTime };
    if (outcome.kind === 'failed' && outcome.review)
      ctx.log.warn({ eventId: order.eventId, orderId: order.id, message: outcome.message }, 'a charge needs review');
    if ((await settleByProcessor(ctx, hooks, order.id, outcome)) !== 'unchanged') settled++;
  }
  return settled;
}
