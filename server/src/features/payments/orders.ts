import { asc, eq, inArray } from 'drizzle-orm';
import { cardLabel } from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { accounts, auctionItems, bidders, orders, wonItems } from '../../db/schema';
import { pickupCodeOf, pickupQrUrl } from '../../lib/pickup-codes';
import { enqueueMail } from '../../mail/outbox';
import { receiptMail } from '../../mail/receipt';
import { mailContact } from '../../mail/receipt-parts';
import type { CardOrders } from '../../payments/card-payment';
import { publishCart } from '../../realtime/publish';
import { publishConsole } from '../../realtime/console';
import { auctionOrderTax } from '../receipts/order-tax';
import type { Tenant } from '../../tenancy';

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

/**
 * How the order was paid, in the bidder's words. A desk order (a balance paid at the console)
 * keeps how in `processorRef`: 'cash' or 'check', else the card charge's reference; one made by
 * charge all has a key of the run's (`gavel_run...`).
 */
export function paidWith(
  order: Pick<OrderRow, 'method' | 'cardbrand' | 'cardlast4' | 'state' | 'processorRef' | 'chargeKey'>,
): string {
  if (order.method === 'desk') {
    const card = order.cardbrand ? cardLabel({ brand: order.cardbrand, last4: order.cardlast4 }) : 'card';
    if (order.chargeKey.startsWith('gavel_run')) return `Charged to your card on file: ${card}`;
    if (order.processorRef === 'cash' || order.processorRef === 'check')
      return `Paid at the checkout desk: ${order.processorRef}`;
    return `Paid at the checkout desk: ${card}`;
  }
  if (order.method === 'billme')
    return order.state === 'paid' ? 'Bill Me: paid' : 'Bill Me: to be billed by the organizer';
  if (order.cardbrand) return cardLabel({ brand: order.cardbrand, last4: order.cardlast4 });
  return 'Card';
}

/** The receipt email: items, donation, fee, total, the card, the pickup instructions and the bidder's pickup code. */
export async function queueReceipt(tx: Tx, tenant: Tenant, order: OrderRow, origin: string): Promise<void> {
  const [to] = await tx
    .select({ email: accounts.email, firstname: accounts.firstname })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(eq(bidders.id, order.bidderId));
  if (!to) return;
  const lines = await orderLines(tx, [order.id]);
  const pickups = [...new Set(lines.map((l) => l.pickup || tenant.event.pickupinstructions).filter(Boolean))];
  const code = await pickupCodeOf(tx, { eventId: tenant.event.id, bidderId: order.bidderId });
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
        pickup: { code, qrUrl: pickupQrUrl(origin, code) },
        tax: await auctionOrderTax(tx, tenant.event, order),
      },
      `${origin}/${tenant.event.eventcode}/my-orders`,
    ),
  );
}

/**
 * What a card pays for in the auction (the card-payment flow's hooks): paid is the order paid and
 * its receipt queued; a declined charge puts its items back in the cart exactly as they were. The
 * bidder's phones are told their cart changed.
 */
export function auctionCardOrders(ctx: AppContext, tenant: Tenant): CardOrders<OrderRow> {
  const { event } = tenant;
  return {
    charge: (order) => ({
      amount: order.total,
      currency: event.currency,
      key: order.chargeKey,
      description: `${event.eventname}: order ${order.id}`,
      metadata: {
        orderid: String(order.id),
        chargekey: order.chargeKey,
        eventcode: event.eventcode,
        bidderid: String(order.bidderId),
      },
    }),
    async lock(tx, id) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      return order;
    },
    async noteRef(tx, id, ref) {
      await tx.update(orders).set({ processorRef: ref }).where(eq(orders.id, id));
    },
    async paid(tx, order, { ref, card, now }) {
      const [paid] = await tx
        .update(orders)
        .set({
          state: 'paid',
          processorRef: ref,
          settledAt: now,
          ...(card ? { cardbrand: card.brand, cardlast4: card.last4 } : {}),
        })
        .where(eq(orders.id, order.id))
        .returning();
      if (!paid) throw new Error('order update returned nothing');
      await queueReceipt(tx, tenant, paid, ctx.site.originOf(tenant.organization.auctioncode));
      return paid;
    },
    async release(tx, order, { message, ref, now }) {
      await tx.update(wonItems).set({ checkoutId: null }).where(eq(wonItems.checkoutId, order.id));
      const [failed] = await tx
        .update(orders)
        .set({ state: 'failed', failure: message, settledAt: now, ...(ref ? { processorRef: ref } : {}) })
        .where(eq(orders.id, order.id))
        .returning();
      if (!failed) throw new Error('order update returned nothing');
      return failed;
    },
    after(settled) {
      if (settled.kind === 'confirm') return;
      publishCart(ctx, tenant, settled.order.bidderId);
      // The console's desks (the checkout desk, charge all's follow-up list) show balances this changed.
      publishConsole(ctx, tenant, 'desk');
    },
  };
}
