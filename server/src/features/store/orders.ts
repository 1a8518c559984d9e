import { and, eq, sql } from 'drizzle-orm';
import { cardLabel, type StoreOrderSummary } from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { storeCarts, storeItems, storeOrders } from '../../db/schema';
import { newLinkSecret } from '../../lib/tokens';
import { enqueueMail } from '../../mail/outbox';
import { mailContact } from '../../mail/receipt-parts';
import { storeReceiptMail } from '../../mail/store-receipt';
import type { ChargeOutcome } from '../../payments/gateway';
import { tenantOfEvent, type Tenant } from '../../tenancy';
import { presentVenue } from '../events/presenter';
import { seatPurchase } from '../registration/seats';
import { linesOf, type StoreOrderRow } from './queries';
import { type StoreSettings, storeSettingsOf } from './setup';

/** How the order was paid, in the buyer's words. */
export function storePaidWith(order: Pick<StoreOrderRow, 'method' | 'cardbrand' | 'cardlast4'>): string {
  if (order.method === 'FREE') return 'Free';
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
  origin: string;
  /** The card the processor charged, when it says. */
  card?: { brand: string; last4: string } | undefined;
}

export async function finalizeOrder(
  tx: Tx,
  { tenant, settings, order, state, now, origin, card }: Sale,
): Promise<StoreOrderRow> {
  const { secret, hash } = newLinkSecret();
  const [final] = await tx
    .update(storeOrders)
    .set({
      state,
      settledAt: now,
      purchaserLinkHash: hash,
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
      },
      registers ? purchaserUrl(origin, tenant.event.eventcode, secret) : undefined,
    ),
  );
  return final;
}

/** Guest registration follows a purchase with seats in a store whose Registration tab is on. */
export function registersGuests(
  lines: Array<{ seats: number }>,
  settings: { tabs: Array<{ tabname: string; enabled: boolean }> },
): boolean {
  return lines.some((l) => l.seats > 0) && settings.tabs.some((t) => t.tabname === 'Registration' && t.enabled);
}

/**
 * A declined charge: the order is marked failed and the cart opens again for another card, until
 * the end of its hold as its token says (the refusal carries no new token). A charge that outlasted
 * the hold leaves the cart expired and its units free.
 */
export async function releaseStoreOrder(
  tx: Tx,
  order: StoreOrderRow,
  failure: string,
  now: Date,
  ref?: string,
): Promise<void> {
  await tx
    .update(storeOrders)
    .set({ state: 'failed', failure, settledAt: now, ...(ref ? { processorRef: ref } : {}) })
    .where(eq(storeOrders.id, order.id));
  await tx
    .update(storeCarts)
    .set({ state: 'open', updatedAt: now })
    .where(and(eq(storeCarts.id, order.cartId), eq(storeCarts.state, 'checkout')));
}

/**
 * Settles a pending store order from what the processor says (the reconciliation job), under the
 * order's row lock and only while it is still pending: a repeated answer changes nothing.
 */
export async function settleStoreOrder(
  ctx: AppContext,
  orderId: number,
  outcome: ChargeOutcome,
): Promise<'paid' | 'failed' | 'unchanged'> {
  const now = ctx.clock();
  const settled = await ctx.db.transaction(
    async (tx): Promise<{ state: 'paid'; tenant: Tenant } | { state: 'failed' | 'unchanged' }> => {
      const [order] = await tx.select().from(storeOrders).where(eq(storeOrders.id, orderId)).for('update');
      if (!order || order.state !== 'pending') return { state: 'unchanged' };
      const tenant = await tenantOfEvent(tx, order.eventId);
      if (!tenant) return { state: 'unchanged' };
      const settings = await storeSettingsOf(tx, tenant.event);
      if (outcome.kind === 'succeeded') {
        await tx.update(storeOrders).set({ processorRef: outcome.ref }).where(eq(storeOrders.id, order.id));
        // Off any request (the webhook, the reconcile job): links are the order's organization's.
        const origin = ctx.site.originOf(tenant.organization.auctioncode);
        await finalizeOrder(tx, { tenant, settings, order, state: 'paid', now, origin, card: outcome.card });
        return { state: 'paid', tenant };
      }
      if (outcome.kind === 'failed') {
        await releaseStoreOrder(tx, order, outcome.message, now, outcome.ref);
        return { state: 'failed' };
      }
      return { state: 'unchanged' };
    },
  );
  if (settled.state === 'paid') ctx.totals.touch(settled.tenant);
  return settled.state;
}
