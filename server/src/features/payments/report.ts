import { and, asc, eq } from 'drizzle-orm';
import {
  type AdminOrder,
  type AdminPaymentsResponse,
  formatMoney,
  isTestPayment,
  TEST_PAYMENT_MARK,
} from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { accounts, bidders, orders } from '../../db/schema';
import { AppError } from '../../errors';
import { csvMoney, csvTable } from '../../lib/csv';
import type { Tenant } from '../../tenancy';
import { gatewayOf } from '../../payments/card-payment';
import { orderLines, paidWith } from './orders';
import { recordAudit } from '../../lib/audit';

/** GET /admin/payments: every order of the event, oldest first, with its bidder, items, amounts, method and state. */
export async function paymentsReport(db: Db, tenant: Tenant): Promise<AdminPaymentsResponse> {
  const rows = await db
    .select({
      order: orders,
      email: accounts.email,
      firstname: accounts.firstname,
      lastname: accounts.lastname,
      number: bidders.bidderdisplaynumber,
    })
    .from(orders)
    .innerJoin(bidders, eq(orders.bidderId, bidders.id))
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(eq(orders.eventId, tenant.event.id))
    .orderBy(asc(orders.id));
  const lines = await orderLines(
    db,
    rows.filter((r) => r.order.state !== 'failed').map((r) => r.order.id),
  );
  const totals = { paid: 0, unpaid: 0, pending: 0, refunded: 0 };
  const result: AdminOrder[] = rows.map(({ order, email, firstname, lastname, number }) => {
    if (order.state !== 'failed') totals[order.state] += order.total;
    return {
      orderid: order.id,
      createdat: order.createdAt.toISOString(),
      bidderdisplaynumber: number,
      biddername: `${firstname} ${lastname}`.trim(),
      email,
      items: lines
        .filter((l) => l.orderId === order.id)
        .map((l) => ({
          historyid: l.historyid,
          itemnum: l.itemnum,
          name: l.name,
          quantity: l.quantity,
          amount: l.amount,
        })),
      subtotal: order.subtotal,
      donation: order.donation,
      fee: order.fee,
      total: order.total,
      currency: order.currency,
      method: order.method,
      state: order.state,
      card: order.method === 'card' ? paidWith(order) : '',
      processorref: order.processorRef,
      testpayment: isTestPayment({ processorcode: order.processorcode, card: order.method === 'card' }),
    };
  });
  return { status: 'success', orders: result, totals };
}

/** The report as a spreadsheet: one row per order, its items in one cell. */
export function ordersCsv(rows: AdminOrder[]): string {
  const header = [
    'Order',
    'Date',
    'Bidder number',
    'Bidder',
    'Email',
    'Items',
    'Subtotal',
    'Donation',
    'Fee',
    'Total',
    'Currency',
    'Method',
    'State',
    'Card',
    'Processor reference',
    'Test payment',
  ];
  const body = rows.map((o) => [
    o.orderid,
    o.createdat,
    o.bidderdisplaynumber,
    o.biddername,
    o.email,
    o.items.map((i) => `#${i.itemnum} ${i.name} x${i.quantity} @ ${formatMoney(i.amount)}`).join('; '),
    csvMoney(o.subtotal),
    csvMoney(o.donation),
    csvMoney(o.fee),
    csvMoney(o.total),
    o.currency,
    o.method,
    o.state,
    o.card,
    o.processorref,
    o.testpayment ? TEST_PAYMENT_MARK : '',
  ]);
  return csvTable(header, body);
}

/** POST /admin/refund: a paid card order refunded in full at the processor, then marked refunded. */
export async function refundOrder(ctx: AppContext, tenant: Tenant, orderId: number) {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.eventId, tenant.event.id)))
    .limit(1);
  if (!order) throw new AppError('not_found', 'This order was not found in this event.');
  if (order.state !== 'paid' || order.method !== 'card')
    throw new AppError('conflict', 'Only a paid card order can be refunded.');
  const result = await gatewayOf(ctx, tenant.event).refund({
    ref: order.processorRef,
    amount: order.total,
    key: `refund_${order.chargeKey}`,
  });
  if (!result.ok) throw new AppError('payment_failed', result.message);
  await ctx.db.transaction(async (tx) => {
    const [refunded] = await tx
      .update(orders)
      .set({ state: 'refunded', settledAt: ctx.clock() })
      .where(and(eq(orders.id, order.id), eq(orders.state, 'paid')))
      .returning({ id: orders.id });
    // The operator's money calls are in the organization's audit log too (issue 47); a retry that
    // found it refunded already is not entered twice.
    if (refunded)
      await recordAudit(
        tx,
        { operator: true, organizationId: tenant.organization.id },
        {
          eventId: tenant.event.id,
          kind: 'admin.refund',
          summary: `Refunded ${formatMoney(order.total)} of card order ${order.id} (${order.processorRef})`,
          before: { orderid: order.id, state: 'paid', amount: order.total },
          after: { orderid: order.id, state: 'refunded' },
        },
      );
  });
  return { status: 'success' as const, message: `Order ${order.id} was refunded: ${formatMoney(order.total)}.` };
}
