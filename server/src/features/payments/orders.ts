import { and, asc, eq, inArray } from 'drizzle-orm';
import { cardLabel } from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { accounts, auctionItems, bidders, orders, wonItems } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { receiptMail } from '../../mail/receipt';
import { mailContact } from '../../mail/receipt-parts';
import type { ChargeOutcome } from '../../payments/gateway';
import { publishCart } from '../../realtime/publish';
import { tenantOfEvent, type Tenant } from '../../tenancy';

export type OrderRow = typeof orders.$inferSelect;

/** The items an order holds, with where and when to collect them. */
export async function orderLines(db: Db | Tx, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: wonItems.checkoutId,
      historyid: wonItems.id,
      itemid: wonItems.itemId,
      itemnum: auctionItems.itemnum,
      name: auctionItems.name,
      quantity: wonItems.quantity,
      amount: wonItems.amount,
      location: auctionItems.location,
      pickup: auctionItems.pickupinstructions,
    })
    .from(wonItems)
    .innerJoin(auctionItems, eq(wonItems.itemId, auctionItems.id))
    .where(inArray(wonItems.checkoutId, orderIds))
    .orderBy(asc(wonItems.id));
}

/** How the order was paid, in the bidder's words. */
export function paidWith(order: Pick<OrderRow, 'method' | 'cardbrand' | 'cardlast4' | 'state'>): string {
  if (order.method === 'billme')
    return order.state === 'paid' ? 'Bill Me: paid' : 'Bill Me: to be billed by the organizer';
  if (order.cardbrand) return cardLabel({ brand: order.cardbrand, last4: order.cardlast4 });
  return 'Card';
}

/** A charge that failed: the order is marked failed and its items go back to the cart, as they were. */
export async function releaseOrder(tx: Tx, orderId: number, failure: string, now: Date, ref?: string): Promise<void> {
  await tx.update(wonItems).set({ checkoutId: null }).where(eq(wonItems.checkoutId, orderId));
  await tx
    .update(orders)
    .set({ state: 'failed', failure, settledAt: now, ...(ref ? { processorRef: ref } : {}) })
    .where(eq(orders.id, orderId));
}

/** The receipt email: items, donation, fee, total, the card, and the pickup instructions. */
export async function queueReceipt(tx: Tx, tenant: Tenant, order: OrderRow, origin: string): Promise<void> {
  const [to] = await tx
    .select({ email: accounts.email, firstname: accounts.firstname })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(eq(bidders.id, order.bidderId));
  if (!to) return;
  const lines = await orderLines(tx, [order.id]);
  const pickups = [...new Set(lines.map((l) => l.pickup || tenant.event.pickupinstructions).filter(Boolean))];
  await enqueueMail(
    tx,
    { organizationId: tenant.organization.id, eventId: tenant.event.id, to: to.email },
    receiptMail(
      { eventname: tenant.event.eventname, organizationname: tenant.organization.name },
      {
        firstname: to.firstname,
        orderId: order.id,
        at: order.settledAt ?? order.createdAt,
        timezone: tenant.event.timezone,
        contact: mailContact(tenant),
        lines,
        donation: order.donation,
        fee: order.fee,
        total: order.total,
        paidWith: paidWith(order),
        billMe: order.method === 'billme',
        processorcode: order.processorcode,
        pickups,
      },
      `${origin}/${tenant.event.eventcode}/my-orders`,
    ),
  );
}

/**
 * Settles a pending order from what the processor says (its webhook, or the reconciliation job).
 * Under the order's row lock, and only while it is still pending: a late or repeated message
 * changes nothing.
 */
export async function settleOrder(
  ctx: AppContext,
  orderId: number,
  outcome: ChargeOutcome,
): Promise<'paid' | 'failed' | 'unchanged'> {
  const now = ctx.clock();
  const result = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.state !== 'pending') return undefined;
    if (outcome.kind === 'succeeded') {
      const [paid] = await tx
        .update(orders)
        .set({
          state: 'paid',
          processorRef: outcome.ref,
          settledAt: now,
          ...(outcome.card ? { cardbrand: outcome.card.brand, cardlast4: outcome.card.last4 } : {}),
        })
        .where(and(eq(orders.id, orderId), eq(orders.state, 'pending')))
        .returning();
      const tenant = await tenantOfEvent(tx, order.eventId);
      // Off any request (the webhook, the reconcile job): the receipt's link is the order's organization's.
      if (paid && tenant) await queueReceipt(tx, tenant, paid, ctx.site.originOf(tenant.organization.auctioncode));
      return { order, state: 'paid' as const, tenant };
    }
    if (outcome.kind === 'failed') {
      await releaseOrder(tx, orderId, outcome.message, now, outcome.ref);
      return { order, state: 'failed' as const, tenant: await tenantOfEvent(tx, order.eventId) };
    }
    return undefined;
  });
  if (!result) return 'unchanged';
  if (result.tenant) publishCart(ctx, result.tenant, result.order.bidderId);
  return result.state;
}
