import { receiptTotals } from '@gavel/domain';
import type { Db, Tx } from '../../db/client';
import type { orders, storeOrders } from '../../db/schema';
import type { ReceiptIssuer, ReceiptTax } from '../../mail/receipt-parts';
import type { EventRow } from '../../tenancy';
import { feeNoteOf, quidProQuoOf } from './facts';
import { auctionOrderLines, type ReceiptLine, storeOrderLines } from './lines';

/**
 * The tax part of the receipt email of one checkout (an auction order, a store order): the same
 * lines and rules as the receipt's facts (facts.ts), for that order alone.
 */

/** Who gives the event's receipts: its tax settings. */
export const receiptIssuer = (event: EventRow): ReceiptIssuer => ({
  legalname: event.legalname,
  taxid: event.taxid,
  address: event.receiptaddress,
  disclosure: event.receiptdisclosure,
});

/** The tax part of a receipt with these lines: the totals, and the statement and the fee's note when due. */
export function receiptTax(event: EventRow, lines: ReceiptLine[]): ReceiptTax {
  return {
    lines,
    deductible: receiptTotals(lines).deductible,
    statement: quidProQuoOf(lines).statement,
    feeNote: feeNoteOf(lines),
    issuer: receiptIssuer(event),
  };
}

/**
 * The tax part of an auction order's receipt (a phone checkout, a desk order); none while it is
 * not paid (Bill Me: a tax receipt is for money received) or when nothing was paid.
 */
export async function auctionOrderTax(
  db: Db | Tx,
  event: EventRow,
  order: typeof orders.$inferSelect,
): Promise<ReceiptTax | undefined> {
  if (order.state !== 'paid' || order.total <= 0) return undefined;
  return receiptTax(event, await auctionOrderLines(db, order));
}

/** The tax part of a store order's receipt; none while it is not paid (Bill Me) or when it was free. */
export async function storeOrderTax(
  db: Db | Tx,
  event: EventRow,
  order: typeof storeOrders.$inferSelect,
): Promise<ReceiptTax | undefined> {
  if (order.state !== 'paid' || order.total <= 0) return undefined;
  return receiptTax(event, await storeOrderLines(db, [order]));
}
