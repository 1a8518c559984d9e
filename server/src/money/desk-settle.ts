import { and, asc, eq, inArray } from 'drizzle-orm';
import { cardLabel, formatMoney } from '@gavel/domain';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import { orders, paymentAllocations, payments, pledges, storeOrders, wonItems } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { message } from '../mail/templates';
import type { CardOrders } from '../payments/card-payment';
import { publishConsole } from '../realtime/console';
import { publishCart } from '../realtime/publish';
import type { Tenant } from '../tenancy';
import { type OrderRow, queueReceipt } from '../features/payments/orders';
import type { Actor } from '../lib/audit';
import { auditPayment } from './payment-audit';
import { balancesOf } from './ledger';
import { peopleOf } from './people';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Settling a desk payment (the `payments` table) in the one card-payment flow: paid means the
 * payment, its desk orders and the Bill Me orders they settle are paid and the receipts are
 * queued; declined means the payment and its desk orders failed and everything they tied is free
 * again (the items back in the cart, the pledges and Bill Me orders owed again). A cash or check
 * payment is settled as paid in the transaction that records it.
 */

/** The allocations of a payment: whose balances it paid, how much of each, and the desk order made. */
async function allocationsOf(tx: Tx, paymentId: number) {
  return tx
    .select()
    .from(paymentAllocations)
    .where(eq(paymentAllocations.paymentId, paymentId))
    .orderBy(asc(paymentAllocations.bidderId));
}

const orderIdsOf = (rows: { orderId: number | null }[]) => rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId]));

/** Marks the payment paid with what the processor said, then everything it pays for. */
async function markPaid(
  ctx: AppContext,
  tx: Tx,
  { tenant, payment, ref, card, now }: SettleArgs & { ref: string; card: { brand: string; last4: string } | undefined },
): Promise<PaymentRow> {
  const [paid] = await tx
    .update(payments)
    .set({
      state: 'paid',
      settledAt: now,
      ...(ref ? { processorRef: ref } : {}),
      ...(card ? { cardbrand: card.brand, cardlast4: card.last4 } : {}),
    })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!paid) throw new Error('payment update returned nothing');
  const allocations = await allocationsOf(tx, payment.id);
  const deskOrders = orderIdsOf(allocations);
  let paidOrders: OrderRow[] = [];
  if (deskOrders.length > 0) {
    // How it was paid, for the bidder's order history (payments/orders.ts paidWith): the card, or cash or check.
    paidOrders = await tx
      .update(orders)
      .set({
        state: 'paid',
        settledAt: now,
        processorRef: paid.method === 'card' ? paid.processorRef : paid.method,
        cardbrand: paid.cardbrand,
        cardlast4: paid.cardlast4,
      })
      .where(and(inArray(orders.id, deskOrders), eq(orders.state, 'pending')))
      .returning();
    await tx
      .update(orders)
      .set({ state: 'paid', settledAt: now })
      .where(and(inArray(orders.settledBy, deskOrders), eq(orders.state, 'unpaid')));
    await tx
      .update(storeOrders)
      .set({ state: 'paid', settledAt: now })
      .where(and(inArray(storeOrders.settledBy, deskOrders), eq(storeOrders.state, 'unpaid')));
  }
  const origin = ctx.site.originOf(tenant.organization.auctioncode);
  for (const order of paidOrders.filter((o) => o.total > 0)) await queueReceipt(tx, tenant, order, origin);
  // A part payment, or a balance of Bill Me orders only, gets a short note of the money received.
  const noted = allocations.filter((a) => !paidOrders.some((o) => o.id === a.orderId && o.total > 0));
  if (noted.length > 0) await notePaymentReceived(tx, { tenant, payment: paid, allocations: noted, origin });
  if (allocations.some((a) => a.bidderId !== paid.bidderId))
    await notePayerOfOthers(tx, { tenant, payment: paid, allocations, origin });
  return paid;
}

/** How a payment was taken, after its amount: "by card (Visa ending in 4242)", "in cash", "by check (1042)". */
function takenHow(payment: PaymentRow): string {
  if (payment.method === 'cash') return 'in cash';
  if (payment.method === 'check') return payment.reference ? `by check (${payment.reference})` : 'by check';
  return payment.cardlast4
    ? `by card (${cardLabel({ brand: payment.cardbrand, last4: payment.cardlast4 })})`
    : 'by card';
}

/**
 * One payment for several balances (the desk's "also pay for"): its payer, whose card or money it
 * was, gets one receipt naming every balance paid and how much went to each (issue 47, finding 6),
 * besides each balance's own receipt.
 */
async function notePayerOfOthers(
  tx: Tx,
  {
    tenant,
    payment,
    allocations,
    origin,
  }: { tenant: Tenant; payment: PaymentRow; allocations: { bidderId: number; amount: number }[]; origin: string },
): Promise<void> {
  const people = await peopleOf(tx, [payment.bidderId, ...allocations.map((a) => a.bidderId)]);
  const payer = people.get(payment.bidderId);
  if (!payer) return;
  const whose = (bidderId: number) =>
    bidderId === payer.bidderId ? 'Your balance' : (people.get(bidderId)?.label ?? 'Another bidder');
  await enqueueMail(
    tx,
    { organizationId: tenant.organization.id, eventId: tenant.event.id, to: payer.email },
    message(
      { eventname: tenant.event.eventname, organizationname: tenant.organization.name },
      {
        subject: `Your payment for ${allocations.length} balances: ${tenant.event.eventname}`,
        heading: 'Thank you! Your payment paid for several balances',
        blocks: [
          `Hi ${payer.firstname || 'there'}, we took ${formatMoney(payment.amount)} ${takenHow(payment)} at the checkout desk for these balances:`,
          ...allocations.map((a) => `${whose(a.bidderId)}: ${formatMoney(a.amount)}`),
        ],
        buttons: [{ label: 'View Order History', url: `${origin}/${tenant.event.eventcode}/my-orders` }],
        footer: 'Keep this email as your receipt. Thank you for supporting our cause.',
      },
    ),
  );
}

/** "We received $50.00": the money a balance got, and what is still due on it. */
async function notePaymentReceived(
  tx: Tx,
  {
    tenant,
    payment,
    allocations,
    origin,
  }: { tenant: Tenant; payment: PaymentRow; allocations: { bidderId: number; amount: number }[]; origin: string },
): Promise<void> {
  const ids = allocations.map((a) => a.bidderId);
  const balances = await balancesOf(tx, tenant.event, ids);
  const people = await peopleOf(tx, ids);
  for (const a of allocations) {
    const to = people.get(a.bidderId);
    if (!to) continue;
    const due = Math.max(0, balances.get(a.bidderId)?.due ?? 0);
    const how = payment.method === 'card' ? 'by card' : payment.method === 'check' ? 'by check' : 'in cash';
    await enqueueMail(
      tx,
      { organizationId: tenant.organization.id, eventId: tenant.event.id, to: to.email },
      message(
        { eventname: tenant.event.eventname, organizationname: tenant.organization.name },
        {
          subject: `Payment received: ${tenant.event.eventname}`,
          heading: 'Thank you! We received your payment',
          blocks: [
            `Hi ${to.firstname || 'there'}, we received ${formatMoney(a.amount)} ${how} toward your balance.`,
            due > 0 ? `${formatMoney(due)} is still due.` : 'Your balance is paid in full.',
          ],
          buttons: [{ label: 'View Order History', url: `${origin}/${tenant.event.eventcode}/my-orders` }],
          footer: 'Keep this email as your receipt. Thank you for supporting our cause.',
        },
      ),
    );
  }
}

/** Marks the payment and its desk orders failed, and frees everything they tied. */
export async function markFailed(
  tx: Tx,
  { payment, message: why, ref, now }: Omit<SettleArgs, 'tenant'> & { message: string; ref?: string | undefined },
): Promise<PaymentRow> {
  const [failed] = await tx
    .update(payments)
    .set({ state: 'failed', failure: why, settledAt: now, ...(ref ? { processorRef: ref } : {}) })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!failed) throw new Error('payment update returned nothing');
  await releaseDeskOrders(tx, { orderIds: orderIdsOf(await allocationsOf(tx, payment.id)), why, now });
  return failed;
}

/**
 * Desk orders given up (a declined card, a void): failed, and everything they tied free again (the
 * items back in the cart, the pledges and Bill Me orders owed again).
 */
export async function releaseDeskOrders(
  tx: Tx,
  { orderIds, why, now }: { orderIds: number[]; why: string; now: Date },
): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.update(orders).set({ state: 'failed', failure: why, settledAt: now }).where(inArray(orders.id, orderIds));
  await tx.update(wonItems).set({ checkoutId: null }).where(inArray(wonItems.checkoutId, orderIds));
  await tx.update(pledges).set({ settledBy: null }).where(inArray(pledges.settledBy, orderIds));
  await tx
    .update(orders)
    .set({ settledBy: null, state: 'unpaid' })
    .where(and(inArray(orders.settledBy, orderIds), inArray(orders.state, ['unpaid', 'paid'])));
  await tx
    .update(storeOrders)
    .set({ settledBy: null, state: 'unpaid' })
    .where(and(inArray(storeOrders.settledBy, orderIds), inArray(storeOrders.state, ['unpaid', 'paid'])));
}

interface SettleArgs {
  tenant: Tenant;
  payment: PaymentRow;
  now: Date;
}

/**
 * The card-payment flow's hooks for desk payments (the desk, charge all, and the webhook and
 * reconciliation for them). What became of each payment is entered in the audit log
 * (payment-audit.ts): as `actor`'s when known, else as the staff member's who started it;
 * `bidderIds` are the balances paid, whose phones and the desk screens hear of the outcome (read
 * from the payment's allocations when not given).
 */
export function deskCardOrders(
  ctx: AppContext,
  tenant: Tenant,
  { actor, bidderIds }: { actor?: Actor | undefined; bidderIds?: number[] } = {},
): CardOrders<PaymentRow> {
  const told = new Map<number, number[]>();
  const remember = async (tx: Tx, paymentId: number) => {
    if (!told.has(paymentId))
      told.set(
        paymentId,
        (await allocationsOf(tx, paymentId)).map((a) => a.bidderId),
      );
  };
  const { event } = tenant;
  return {
    charge: (payment) => ({
      amount: payment.amount,
      currency: payment.currency,
      key: payment.chargeKey,
      description: `${event.eventname}: payment ${payment.id}`,
      metadata: {
        paymentid: String(payment.id),
        chargekey: payment.chargeKey,
        eventcode: event.eventcode,
        bidderid: String(payment.bidderId),
      },
    }),
    async lock(tx, id) {
      const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
      return row;
    },
    async noteRef(tx, id, ref) {
      await tx.update(payments).set({ processorRef: ref }).where(eq(payments.id, id));
    },
    async paid(tx, payment, { ref, card, now }) {
      await remember(tx, payment.id);
      const paid = await markPaid(ctx, tx, { tenant, payment, ref, card, now });
      await auditPayment(tx, tenant, { actor, payment: paid });
      return paid;
    },
    async release(tx, payment, { message: why, ref, now }) {
      await remember(tx, payment.id);
      const failed = await markFailed(tx, { payment, message: why, ref, now });
      await auditPayment(tx, tenant, { actor, payment: failed, refused: why });
      return failed;
    },
    after(settled) {
      const ids = told.get(settled.order.id) ?? bidderIds ?? [settled.order.bidderId];
      for (const id of ids) publishCart(ctx, tenant, id);
      publishConsole(ctx, tenant, 'desk');
    },
  };
}

/** The event's payment made for a request (payments.request_key: a charge-all run's bidder, or the desk's Idempotency-Key). */
export async function paymentOfRequest(
  db: Db | Tx,
  eventId: number,
  requestKey: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.eventId, eventId), eq(payments.requestKey, requestKey)))
    .limit(1);
  return row;
}

/** A payment by the key it was charged under at the processor. */
export async function paymentOfKey(db: Db | Tx, chargeKey: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.chargeKey, chargeKey)).limit(1);
  return row;
}
