import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  afterDiscount,
  type Cents,
  FEE_DEDUCTIBILITY,
  type ReceiptLineKind,
  receiptAmounts,
  storeOrderNumber,
} from '@gavel/domain';
import type { Db, Tx } from '../../db/client';
import { auctionItems, orders, promoCodes, storeCartLines, storeItems, storeOrders, wonItems } from '../../db/schema';
import type { EventRow } from '../../tenancy';
import { balanceOf, type BalanceLine } from '../../money/ledger';

/** Where a receipt line comes from: the ledger's kinds, and the store's own orders. */
export type ReceiptLineSource = 'item' | 'pledge' | 'donation' | 'fee' | 'store';

/** One line of a receipt: what was paid, the value received and the deductible part, in cents. */
export interface ReceiptLine {
  source: ReceiptLineSource;
  /** How it is deductible: the item's own choice, 'gift' for donations and pledges, 'none' for a covered fee. */
  kind: ReceiptLineKind;
  label: string;
  /** The auction item's number or the store item's code; '' for a donation or a fee. */
  itemnum: string;
  quantity: number;
  /** What was paid for the whole line. */
  amount: Cents;
  /** The value received that the receipt states (the fair market value times the quantity, for 'value'). */
  value: Cents;
  deductible: Cents;
  /** When it was paid (the order's settling). */
  paidAt: Date;
}

type Conn = Db | Tx;

/**
 * The paid lines of one bidder in one event, and of their store orders (by the account's email,
 * capitals aside), oldest first. A line is paid when the order that settles it is paid: a card
 * checkout, a Bill Me order paid later, a desk order whose payment went through. Open lines, a
 * card charge still pending, and money paid at the desk toward a balance not yet paid in full are
 * not on a receipt (that money has not yet been tied to what it pays for).
 */
export async function paidLines(
  db: Conn,
  event: EventRow,
  who: { bidderId: number | null; email: string },
): Promise<ReceiptLine[]> {
  const ledger = who.bidderId === null ? [] : (await balanceOf(db, event, who.bidderId)).lines;
  const paidAt = await paidOrders(db, [...new Set(ledger.map((l) => l.orderId).filter(isNumber))]);
  const auction = ledger.filter((l) => l.kind !== 'storebillme' && l.orderId !== null && paidAt.has(l.orderId));
  const items = await itemTerms(
    db,
    auction.filter((l) => l.kind === 'item').map((l) => l.id),
  );
  const lines = auction.map((l) => auctionLine(l, items.get(l.id), paidAt.get(l.orderId ?? -1) ?? l.at));
  const billMe = ledger.filter((l) => l.kind === 'storebillme').map((l) => l.id);
  const store = await storeLines(db, event, who.email, billMe);
  return [...lines, ...store].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
}

const isNumber = (n: number | null): n is number => n !== null;

function line(
  source: ReceiptLineSource,
  kind: ReceiptLineKind,
  facts: { label: string; itemnum: string; quantity: number; paid: Cents; value: Cents; paidAt: Date },
): ReceiptLine {
  const { label, itemnum, quantity, paidAt } = facts;
  return { source, kind, label, itemnum, quantity, ...receiptAmounts(kind, facts.paid, facts.value), paidAt };
}

function auctionLine(l: BalanceLine, item: ItemTerms | undefined, paidAt: Date): ReceiptLine {
  const base = { label: l.label, itemnum: l.itemnum, quantity: l.quantity, paid: l.amount, paidAt };
  if (l.kind === 'item') {
    // An item line always has its item; 'value' with no value is the item's own explicit choice.
    const kind = item?.deductible ?? 'value';
    return line('item', kind, { ...base, value: (item?.fairmarketvalue ?? 0) * l.quantity });
  }
  if (l.kind === 'fee') {
    return line('fee', FEE_DEDUCTIBILITY, {
      ...base,
      label: `Card processing fee you covered (order ${l.id})`,
      value: l.amount,
    });
  }
  if (l.kind === 'pledge') return line('pledge', 'gift', { ...base, value: 0 });
  return line('donation', 'gift', { ...base, value: 0 });
}

/** When each paid order was paid; orders not paid (pending, unpaid, failed, refunded) are left out. */
async function paidOrders(db: Conn, ids: number[]): Promise<Map<number, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, settledAt: orders.settledAt, createdAt: orders.createdAt })
    .from(orders)
    .where(and(inArray(orders.id, ids), eq(orders.state, 'paid')));
  return new Map(rows.map((r) => [r.id, r.settledAt ?? r.createdAt]));
}

interface ItemTerms {
  deductible: 'value' | 'full' | 'none';
  fairmarketvalue: Cents;
}

/** The deductibility and fair market value of the items behind won_items rows. */
async function itemTerms(db: Conn, wonIds: number[]): Promise<Map<number, ItemTerms>> {
  if (wonIds.length === 0) return new Map();
  const rows = await db
    .select({ id: wonItems.id, deductible: auctionItems.deductible, fairmarketvalue: auctionItems.fairmarketvalue })
    .from(wonItems)
    .innerJoin(auctionItems, eq(wonItems.itemId, auctionItems.id))
    .where(inArray(wonItems.id, wonIds));
  return new Map(rows.map(({ id, ...terms }) => [id, terms]));
}

/**
 * The paid store orders of the event that are the bidder's: those bought with the account's email
 * (capitals aside) and not paid on another's balance, and the Bill Me ones the ledger put on this
 * balance (`billMe`, store_orders ids).
 */
async function storeLines(db: Conn, event: EventRow, email: string, billMe: number[]): Promise<ReceiptLine[]> {
  const mine = email.trim()
    ? sql`(lower(${storeOrders.email}) = lower(${email.trim()}) and ${isNull(storeOrders.settledBy)})`
    : sql`false`;
  const byBalance = billMe.length > 0 ? inArray(storeOrders.id, billMe) : sql`false`;
  const paid = await db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.eventId, event.id), eq(storeOrders.state, 'paid'), sql`(${mine} or ${byBalance})`))
    .orderBy(asc(storeOrders.id));
  return storeOrderLines(db, paid);
}

type StoreOrder = typeof storeOrders.$inferSelect;

/**
 * The receipt lines of store orders: each order's items (the promo code's discount spread over the
 * items it applies to), its donation (a gift) and the card fee the buyer covered.
 */
export async function storeOrderLines(db: Conn, paid: StoreOrder[]): Promise<ReceiptLine[]> {
  if (paid.length === 0) return [];
  const cartLines = await db
    .select({
      cartId: storeCartLines.cartId,
      itemId: storeItems.id,
      code: storeItems.code,
      name: storeItems.name,
      quantity: storeCartLines.quantity,
      price: storeCartLines.price,
      fairmarketvalue: storeItems.fairmarketvalue,
      deductible: storeItems.deductible,
    })
    .from(storeCartLines)
    .innerJoin(storeItems, eq(storeCartLines.itemId, storeItems.id))
    .where(
      inArray(
        storeCartLines.cartId,
        paid.map((p) => p.cartId),
      ),
    )
    .orderBy(asc(storeItems.position), asc(storeItems.id));
  const promoIds = [...new Set(paid.map((p) => p.promoCodeId).filter(isNumber))];
  const promos =
    promoIds.length === 0
      ? []
      : await db
          .select({ id: promoCodes.id, itemIds: promoCodes.itemIds })
          .from(promoCodes)
          .where(inArray(promoCodes.id, promoIds));
  return paid.flatMap((order) => {
    const paidAt = order.settledAt ?? order.createdAt;
    const own = cartLines.filter((c) => c.cartId === order.cartId);
    const number = storeOrderNumber(order.id);
    // A code naming no items applies to every item (import docs, "promo codes").
    const named = promos.find((p) => p.id === order.promoCodeId)?.itemIds ?? [];
    const discounted = new Set(named.length > 0 ? named : own.map((c) => c.itemId));
    const amounts = own.map((c) => c.price * c.quantity);
    const eligible = own.map((c, i) => (discounted.has(c.itemId) ? (amounts[i] ?? 0) : 0));
    const cut = afterDiscount(eligible, order.discount);
    const goods = own.map((c, i) =>
      line('store', c.deductible, {
        label: `${c.name} (order ${number})`,
        itemnum: c.code,
        quantity: c.quantity,
        paid: (amounts[i] ?? 0) - (eligible[i] ?? 0) + (cut[i] ?? 0),
        value: c.fairmarketvalue * c.quantity,
        paidAt,
      }),
    );
    return [...goods, ...extraLines(`order ${number}`, order.donation, order.fee, paidAt)];
  });
}

/** A checkout's donation (a gift) and the card fee the buyer covered (nothing deductible), each when there is one. */
export function extraLines(of: string, donation: Cents, fee: Cents, paidAt: Date): ReceiptLine[] {
  const extras = { itemnum: '', quantity: 1, paidAt };
  return [
    ...(donation > 0
      ? [line('donation', 'gift', { ...extras, label: `Donation (${of})`, paid: donation, value: 0 })]
      : []),
    ...(fee > 0
      ? [
          line('fee', FEE_DEDUCTIBILITY, {
            ...extras,
            label: `Card processing fee you covered (${of})`,
            paid: fee,
            value: fee,
          }),
        ]
      : []),
  ];
}

/**
 * The receipt lines of one auction order (its receipt email): its items won, each by its own
 * deductibility, then its donation (pledges, for a desk order) and the fee the bidder covered.
 */
export async function auctionOrderLines(
  db: Conn,
  order: { id: number; donation: Cents; fee: Cents; settledAt: Date | null; createdAt: Date },
): Promise<ReceiptLine[]> {
  const paidAt = order.settledAt ?? order.createdAt;
  const won = await db
    .select({
      id: wonItems.id,
      label: auctionItems.name,
      itemnum: auctionItems.itemnum,
      quantity: wonItems.quantity,
      amount: wonItems.amount,
      deductible: auctionItems.deductible,
      fairmarketvalue: auctionItems.fairmarketvalue,
    })
    .from(wonItems)
    .innerJoin(auctionItems, eq(wonItems.itemId, auctionItems.id))
    .where(eq(wonItems.checkoutId, order.id))
    .orderBy(asc(wonItems.id));
  const items = won.map((w) =>
    line('item', w.deductible, {
      label: w.label,
      itemnum: w.itemnum,
      quantity: w.quantity,
      paid: w.amount * w.quantity,
      value: w.fairmarketvalue * w.quantity,
      paidAt,
    }),
  );
  return [...items, ...extraLines(`order ${order.id}`, order.donation, order.fee, paidAt)];
}
