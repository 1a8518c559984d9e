import { and, asc, eq, lt } from 'drizzle-orm';
import { checkoutMessages } from '@gavel/domain';
import type { AppContext } from '../../context';
import { orders } from '../../db/schema';
import { tenantOfEvent } from '../../tenancy';
import type { ChargeOutcome } from '../../payments/gateway';
import { testGatewayRefused } from '../../payments/processor';
import { settleOrder } from './orders';

/** A charge gets this long to answer (or the bidder to confirm it) before the job asks the processor. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** A payment still waiting for the bidder's confirmation after this long is given up, and its items go back to the cart. */
export const CONFIRMATION_WINDOW_MS = 30 * 60_000;
export const RECONCILE_EVERY_MS = 60_000;

/**
 * Settles card orders left pending (a timeout, a lost webhook, a crash between recording the order
 * and charging it) by asking the processor what became of the charge under the order's key. It only
 * reads from the processor, so it never charges; settleOrder rechecks each order under its row lock,
 * so two processes asking about one order settle it once.
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
  return settleFromProcessor(ctx, now, due, settleOrder);
}

/** A charge sent and not yet settled: an auction order or a store order. */
export interface PendingCharge {
  id: number;
  eventId: number;
  chargeKey: string;
  processorRef: string;
  createdAt: Date;
}

/**
 * Asks the processor what became of each pending charge and settles it with `settle` (which
 * rechecks the order under its row lock). A payment still waiting for the buyer's confirmation
 * after the window is given up. Answers how many changed.
 */
export async function settleFromProcessor(
  ctx: AppContext,
  now: Date,
  due: PendingCharge[],
  settle: (ctx: AppContext, id: number, outcome: ChargeOutcome) => Promise<'paid' | 'failed' | 'unchanged'>,
): Promise<number> {
  let settled = 0;
  for (const order of due) {
    const tenant = await tenantOfEvent(ctx.db, order.eventId);
    if (!tenant) continue;
    const gateway = ctx.payments.gatewayFor(tenant.event);
    let outcome: ChargeOutcome;
    if (gateway)
      outcome = await gateway
        .chargeOutcome({ key: order.chargeKey, ref: order.processorRef })
        .catch((): ChargeOutcome => ({ kind: 'unknown' }));
    // A test charge where this server no longer takes test payments moved no money, and no gateway
    // will ever answer for it: it fails, rather than wait forever ahead of real charges.
    else if (testGatewayRefused(tenant.event, ctx.payments.options.testPaymentsAllowed))
      outcome = { kind: 'failed', message: checkoutMessages.testPaymentsOff };
    else continue;
    const waitedTooLong = now.getTime() - order.createdAt.getTime() > CONFIRMATION_WINDOW_MS;
    if (outcome.kind === 'requires_action' && waitedTooLong)
      outcome = { kind: 'failed', message: 'The payment was not confirmed in time.' };
    if ((await settle(ctx, order.id, outcome)) !== 'unchanged') settled++;
  }
  return settled;
}
