import { and, eq, sql } from 'drizzle-orm';
import { cardLabel, registersGuests, storeOrderNumber, type StoreOrderSummary } from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { storeCarts, storeItems, storeOrders } from '../../db/schema';
import { newLinkSecret } from '../../lib/tokens';
import { enqueueMail } from '../../mail/outbox';
import { mailContact } from '../../mail/receipt-parts';
import { storeReceiptMail } from '../../mail/store-receipt';
import type { CardOrders } from '../../payments/card-payment';
import type { Tenant } from '../../tenancy';
import { storeOrderTax } from '../receipts/order-tax';
import { presentVenue } from '../events/presenter';
import { seatPurchase } from '../registration/seats';
import { offerToBalance } from './bill-me-link';
import { linesOf, type StoreOrderRow } from './queries';
import { type StoreSettings, storeSettingsOf } from './setup';

/**
 * How a Bill Me order on nobody's balance was paid at the checkout desk
 * (features/console/desk/invoices.ts, which keeps it in processor_ref as a desk order does), if it was.
 */
export function deskMethodOf(
  order: Pick<StoreOrderRow, 'method' | 'state' | 'processorRef'>,
): 'cash' | 'check' | undefined {
  if (order.method !== 'BILLME' || order.state !== 'paid') return undefined;
  return order.processorRef === 'cash' || order.processorRef === 'check' ? order.processorRef : undefined;
}

/** How the order was paid, in the buyer's words. */
export function storePaidWith(
  order: Pick<StoreOrderRow, 'method' | 'cardbrand' | 'cardlast4' | 'state' | 'processorRef'>,
): string {
  if (order.method === 'FREE') return 'Free';
  const desk = deskMethodOf(order);
  if (desk) return `Paid at the checkout desk: ${desk}`;
  if (order.method === 'BILLME') return 'Bill Me';
  return order.cardbrand ? cardLabel({ brand: order.cardbrand, last4: order.cardlast4 }) : 'Card';
}

export function summaryOf(order: StoreOrderRow): StoreOrderSummary {
  return {
    orderid: order.id,
    subtotal: order.subtotal,
    discountamount: order.discount,
    additionaldonation: order.donation,
    ccfeesamount: order.fee,
    totalamount: order.total,
    paymentmethod: order.method,
    card: order.method === 'CREDIT' ? storePaidWith(order) : '',
  };
}

/** The purchaser's guest-registration page, opened by the link in the receipt. */
export const purchaserUrl = (origin: string, eventcode: string, secret: string) =>
  `${origin}/${eventcode}/event/purchaserregistration/${secret}`;

/**
 * An order that is final (paid, free, or Bill Me): its units move from the cart's hold to sold,
 * in the same transaction, so they are counted once throughout; the cart is checked out; the
 * purchaser's registration link is made and the receipt queued with it.
 */
export interface Sale {
  tenant: Tenant;
  settings: StoreSettings;
  order: StoreOrderRow;
  state: 'paid' | 'unpaid';
  now: Date;
  /** The processor's charge and the card it charged, for an order paid by card. */
  charge?: { ref: string; card: { brand: string; last4: string } | undefined };
}

export async function finalizeOrder(
  ctx: AppContext,
  tx: Tx,
  { tenant, settings, order, state, now, charge }: Sale,
): Promise<StoreOrderRow> {
  const { secret, hash } = newLinkSecret();
  const card = charge?.card;
  const [final] = await tx
    .update(storeOrders)
    .set({
      state,
      settledAt: now,
      purchaserLinkHash: hash,
      ...(charge ? { processorRef: charge.ref } : {}),
      ...(card ? { cardbrand: card.brand, cardlast4: card.last4 } : {}),
    })
    .where(eq(storeOrders.id, order.id))
    .returning();
  if (!final) throw new Error('order update returned nothing');
  const lines = await linesOf(tx, order.cartId);
  for (const line of lines) {
    await tx
      .update(storeItems)
      .set({ sold: sql`${storeItems.sold} + ${line.quantity}` })
      .where(eq(storeItems.id, line.itemId));
  }
  await tx.update(storeCarts).set({ state: 'checkedout', updatedAt: now }).where(eq(storeCarts.id, order.cartId));
  const registers = registersGuests(lines, settings);
  if (registers) await seatPurchase(tx, final, lines, now);
  if (final.method === 'BILLME') await offerToBalance(ctx, tx, tenant, final);
  await enqueueMail(
    tx,
    { organizationId: tenant.organization.id, eventId: tenant.event.id, to: final.email },
    storeReceiptMail(
      { eventname: tenant.event.eventname, organizationname: tenant.organization.name },
      {
        first: final.first,
        order: final,
        lines,
        paidWith: storePaidWith(final),
        at: final.settledAt ?? now,
        timezone: tenant.event.timezone,
        contact: mailContact(tenant),
        venue: presentVenue(tenant.event),
        tax: await storeOrderTax(tx, tenant.event, final),
      },
      // Links are the order's organization's, whether a request or the webhook settles it.
      registers
        ? purchaserUrl(ctx.site.originOf(tenant.organization.auctioncode), tenant.event.eventcode, secret)
        : undefined,
    ),
  );
  return final;
}

/**
 * What a card pays for in the store (the card-payment flow's hooks). Paid is the order final: its
 * units sold, its guests seated, its receipt queued (finalizeOrder), and the board's total told. A
 * declined charge marks the order failed and opens the cart again for another card, until the end
 * of its hold as its token says (the refusal carries no new token); a charge that outlasted the
 * hold leaves the cart expired and its units free.
 */
export function storeCardOrders(ctx: AppContext, tenant: Tenant): CardOrders<StoreOrderRow> {
  const { event } = tenant;
  return {
    charge: (order) => ({
      amount: order.total,
      currency: event.currency,
      key: order.chargeKey,
      description: `${event.eventname}: store order ${storeOrderNumber(order.id)}`,
      metadata: { storeorderid: String(order.id), chargekey: order.chargeKey, eventcode: event.eventcode },
    }),
    async lock(tx, id) {
      const [order] = await tx.select().from(storeOrders).where(eq(storeOrders.id, id)).for('update');
      return order;
    },
    async noteRef(tx, id, ref) {
      await tx.update(storeOrders).set({ processorRef: ref }).where(eq(storeOrders.id, id));
    },
    async paid(tx, order, { ref, card, now }) {
      const settings = await storeSettingsOf(tx, tenant.event);
      return finalizeOrder(ctx, tx, { tenant, settings, order, state: 'paid', now, charge: { ref, card } });
    },
    async release(tx, order, { message, ref, now }) {
      const [failed] = await tx
        .update(storeOrders)
        .set({ state: 'failed', failure: message, settledAt: now, ...(ref ? { processorRef: ref } : {}) })
        .where(eq(storeOrders.id, order.id))
        .returning();
      if (!failed) throw new Error('order update returned nothing');
      await tx
        .update(storeCarts)
        .set({ state: 'open', updatedAt: now })
        .where(and(eq(storeCarts.id, order.cartId), eq(storeCarts.state, 'checkout')));
      return failed;
    },
    after(settled) {
      if (settled.kind === 'paid' && settled.now) ctx.totals.touch(tenant);
    },
  };
}
