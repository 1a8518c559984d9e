import { asc, eq, inArray } from 'drizzle-orm';
import { formatMoney, isTestPayment, storeOrderNumber, TEST_PAYMENT_MARK } from '@gavel/domain';
import type { z } from 'zod';
import type { adminStoreOrder } from '@gavel/domain';
import type { Db } from '../../db/client';
import { storeCartLines, storeItems, storeOrders } from '../../db/schema';
import type { Tenant } from '../../tenancy';
import { csvMoney, csvTable } from '../../lib/csv';
import { storePaidWith } from './orders';

type AdminStoreOrder = z.output<typeof adminStoreOrder>;

/** GET /admin/store/orders: every store order of the event, oldest first, with its lines and sums. */
export async function storeOrdersReport(
  db: Db,
  tenant: Tenant,
): Promise<{ status: 'success'; message: string; orders: AdminStoreOrder[] }> {
  const rows = await db
    .select()
    .from(storeOrders)
    .where(eq(storeOrders.eventId, tenant.event.id))
    .orderBy(asc(storeOrders.id));
  const cartIds = rows.map((r) => r.cartId);
  const lines =
    cartIds.length === 0
      ? []
      : await db
          .select({
            cartId: storeCartLines.cartId,
            name: storeItems.name,
            quantity: storeCartLines.quantity,
            price: storeCartLines.price,
          })
          .from(storeCartLines)
          .innerJoin(storeItems, eq(storeItems.id, storeCartLines.itemId))
          .where(inArray(storeCartLines.cartId, cartIds))
          .orderBy(asc(storeItems.position));
  const orders = rows.map((o) => ({
    orderid: o.id,
    createdat: o.createdAt.toISOString(),
    state: o.state,
    paymentmethod: o.method,
    name: `${o.first} ${o.last}`.trim(),
    email: o.email,
    address: [o.address, o.city, `${o.region} ${o.zip}`.trim()].filter(Boolean).join(', '),
    // A failed order's cart went back to the buyer; its lines are what a later order of that cart sold.
    lines:
      o.state === 'failed'
        ? []
        : lines
            .filter((l) => l.cartId === o.cartId)
            .map((l) => ({ name: l.name, quantity: l.quantity, price: l.price, lineamount: l.price * l.quantity })),
    subtotal: o.subtotal,
    discountcode: o.promocode,
    discountamount: o.discount,
    additionaldonation: o.donation,
    ccfeesamount: o.fee,
    totalamount: o.total,
    card: o.method === 'CREDIT' ? storePaidWith(o) : '',
    failure: o.failure,
    testpayment: isTestPayment({ processorcode: o.processorcode, card: o.method === 'CREDIT' }),
  }));
  return { status: 'success', message: `${orders.length} store order(s).`, orders };
}

/** The report as a spreadsheet: one row per order, its lines in one cell. */
export function storeOrdersCsv(orders: AdminStoreOrder[]): string {
  const header = [
    'Order',
    'Date',
    'State',
    'Method',
    'Name',
    'Email',
    'Address',
    'Lines',
    'Subtotal',
    'Promo code',
    'Discount',
    'Donation',
    'Fee',
    'Total',
    'Card',
    'Failure',
    'Test payment',
  ];
  const body = orders.map((o) => [
    storeOrderNumber(o.orderid),
    o.createdat,
    o.state,
    o.paymentmethod,
    o.name,
    o.email,
    o.address,
    o.lines.map((l) => `${l.name} x${l.quantity} @ ${formatMoney(l.price)}`).join('; '),
    csvMoney(o.subtotal),
    o.discountcode,
    csvMoney(o.discountamount),
    csvMoney(o.additionaldonation),
    csvMoney(o.ccfeesamount),
    csvMoney(o.totalamount),
    o.card,
    o.failure,
    o.testpayment ? TEST_PAYMENT_MARK : '',
  ]);
  return csvTable(header, body);
}
