import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  type DeskInvoicePaymentRequest,
  type DeskInvoicePaymentResponse,
  type DeskInvoicesResponse,
  deskWords,
  formatMoney,
  invoiceWords,
  storeOrderNumber,
} from '@gavel/domain';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { storeOrders } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { KeyedRequest } from '../../../lib/idempotent';
import { findCartAnswer, keepCartAnswer } from '../../store/keys';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { publishConsole } from '../../../realtime/console';
import type { Tenant } from '../../../tenancy';
import { recordAudit } from '../../../lib/audit';

/**
 * The store's Bill Me orders on nobody's balance at the checkout desk (issue 47): its purchaser's
 * own invoice, paid in cash or by check by whoever is there, never from a bidder's card on file. An
 * order a bidder put on their balance (the mailed link, store_orders.bidder_id) is not one of them:
 * it is paid with that balance.
 */

const open = (eventId: number) =>
  and(
    eq(storeOrders.eventId, eventId),
    eq(storeOrders.method, 'BILLME'),
    eq(storeOrders.state, 'unpaid'),
    isNull(storeOrders.settledBy),
    isNull(storeOrders.bidderId),
  );

const buyerOf = (o: { first: string; last: string; email: string }) => `${o.first} ${o.last}`.trim() || o.email;

/** GET store-invoices: the event's unpaid Bill Me store orders on nobody's balance, oldest first. */
export async function storeInvoices(db: Db, tenant: Tenant): Promise<DeskInvoicesResponse> {
  const rows = await db.select().from(storeOrders).where(open(tenant.event.id)).orderBy(asc(storeOrders.id));
  return {
    status: 'success',
    message: '',
    invoices: rows.map((o) => ({
      orderid: o.id,
      name: buyerOf(o),
      email: o.email,
      total: o.total,
      createdat: o.createdAt.toISOString(),
    })),
  };
}

/**
 * POST store-invoices/:orderid/payments: the invoice paid in cash or by check, under its row lock,
 * with its audit entry, in one transaction; the answer kept under the Idempotency-Key. Paid
 * meanwhile answers `alreadypaid`; put on a bidder's balance meanwhile is refused (409).
 */
export async function payStoreInvoice(
  ctx: AppContext,
  caller: StaffEventCaller,
  { orderId, body, key }: { orderId: number; body: DeskInvoicePaymentRequest; key: string | undefined },
): Promise<DeskInvoicePaymentResponse> {
  if (!key) throw new AppError('bad_request', deskWords.keyRequired);
  const { tenant } = caller;
  const ofEvent = and(
    eq(storeOrders.id, orderId),
    eq(storeOrders.eventId, tenant.event.id),
    eq(storeOrders.method, 'BILLME'),
  );
  const [found] = await ctx.db.select({ cartId: storeOrders.cartId }).from(storeOrders).where(ofEvent);
  if (!found) throw new AppError('not_found', invoiceWords.notFound);
  // Kept with the order's cart, as the store's own checkout keeps its answers (a store order has no bidder).
  const request: KeyedRequest = {
    route: 'console.desk.storeinvoice',
    owner: found.cartId,
    body,
    params: { eventcode: tenant.event.eventcode, orderid: orderId },
  };
  const prior = await findCartAnswer<DeskInvoicePaymentResponse>(ctx.db, request, key);
  if (prior) return prior;
  const answer = await ctx.db.transaction(async (tx) => {
    const again = await findCartAnswer<DeskInvoicePaymentResponse>(tx, request, key);
    if (again) return again;
    const [order] = await tx.select().from(storeOrders).where(ofEvent).for('update');
    if (!order || order.state === 'failed' || order.state === 'refunded')
      throw new AppError('not_found', invoiceWords.notFound);
    if (order.state === 'paid' || order.settledBy !== null) {
      const paid: DeskInvoicePaymentResponse = {
        status: 'success',
        result: 'alreadypaid',
        message: invoiceWords.alreadyPaid(order.id),
        orderid: order.id,
        amount: 0,
      };
      await keepCartAnswer(tx, request, key, paid);
      return paid;
    }
    if (order.bidderId !== null) throw new AppError('conflict', invoiceWords.onBalance(order.id));
    const now = ctx.clock();
    await tx
      .update(storeOrders)
      .set({
        state: 'paid',
        settledAt: now,
        processorRef: body.method,
        deskReference: body.reference,
        deskStaffId: caller.staff.id,
      })
      .where(eq(storeOrders.id, order.id));
    await recordAudit(tx, caller, {
      eventId: tenant.event.id,
      kind: 'desk.storeinvoice',
      summary: `Took ${formatMoney(order.total)} by ${body.method}${body.reference ? ` (${body.reference})` : ''} for store order ${storeOrderNumber(order.id)} (${buyerOf(order)})`,
      before: { orderid: order.id, state: 'unpaid', total: order.total },
      after: { orderid: order.id, state: 'paid', method: body.method, reference: body.reference },
    });
    const paid: DeskInvoicePaymentResponse = {
      status: 'success',
      result: 'paid',
      message: invoiceWords.paid(order.id, order.total),
      orderid: order.id,
      amount: order.total,
    };
    await keepCartAnswer(tx, request, key, paid);
    return paid;
  });
  if (answer.result === 'paid') publishConsole(ctx, tenant, 'desk');
  return answer;
}
