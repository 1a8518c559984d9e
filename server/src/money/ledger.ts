import { and, asc, eq, inArray, isNotNull, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { type Balance, type BalanceLine, balanceOfLines, type PaymentLine } from '@gavel/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import {
  auctionItems,
  bidders,
  orders,
  paymentAllocations,
  payments,
  lineHolds,
  pledges,
  refunds,
  storeOrders,
  wonItems,
} from '../db/schema';
import type { EventRow } from '../tenancy';

export type { Balance, BalanceLine, PaymentLine } from '@gavel/domain';

/**
 * A bidder's balance, read from the one ledger (domain/src/console/ledger.ts has the rule):
 *
 * Charges (lines):
 *   - every item won (a bid, Buy It Now, a live sale) that is in no order, or in an order that has
 *     not failed or been refunded: its amount times its quantity;
 *   - every fund-a-need pledge;
 *   - the donation and the card fee of every phone checkout (card or Bill Me) that has not failed
 *     or been refunded (a desk order's donation is its pledges, already counted);
 *   - the store's Bill Me orders of the bidder: unpaid ones the bidder confirmed through the link
 *     mailed to their address (store_orders.bidder_id; an email typed at checkout alone puts nothing
 *     on anyone's balance), and those a desk order of the bidder settled.
 * Payments:
 *   - the phone's card orders, paid or pending (a pending one is a payment in progress);
 *   - what each desk payment (desk, charge all) gave this balance, paid or pending;
 *   - less the money given back from them (refunds and voids), done or under way.
 * Holds (disputes at the desk): a line on hold is shown but not charged; a line removed is left out.
 * A desk order is no payment: its money is the desk payment's. due = charged − paid, in cents.
 */

/** Orders whose lines still count: not declined, not refunded. */
const GONE = ['failed', 'refunded'] as const;

const forBidders = (column: AnyPgColumn, ids: number[] | undefined): SQL | undefined =>
  ids === undefined ? undefined : inArray(column, ids.length > 0 ? ids : [-1]);

/** The balance of one bidder (bidders.id) of the event. */
export async function balanceOf(db: Db | Tx, event: EventRow, bidderId: number): Promise<Balance> {
  const all = await balancesOf(db, event, [bidderId]);
  return all.get(bidderId) ?? balanceOfLines([], []);
}

/**
 * The balances of the event's bidders (bidders.id), all of them or those named, in eight queries
 * whatever their number. A bidder with nothing charged or paid is answered with an empty balance
 * when named, and left out otherwise.
 */
export async function balancesOf(db: Db | Tx, event: EventRow, bidderIds?: number[]): Promise<Map<number, Balance>> {
  // One after another: inside a transaction they share one connection, which runs a query at a time.
  const items = await wonLines(db, event, bidderIds);
  const pledged = await pledgeLines(db, event, bidderIds);
  const checkouts = await checkoutRows(db, event, bidderIds);
  const storeBillMe = await storeBillMeLines(db, event, bidderIds);
  const desk = await deskPaymentLines(db, event, bidderIds);
  const back = await refundLines(db, event, bidderIds);
  const holds = await holdsOf(db, event, bidderIds);
  const lines = new Map<number, BalanceLine[]>();
  const paid = new Map<number, PaymentLine[]>();
  const add = <T>(map: Map<number, T[]>, bidderId: number, row: T) => {
    const list = map.get(bidderId);
    if (list) list.push(row);
    else map.set(bidderId, [row]);
  };
  for (const row of [...items, ...pledged, ...checkouts.lines, ...storeBillMe]) {
    const hold = holds.get(`${row.line.kind}:${row.line.id}`);
    // A line removed at the desk is owed by nobody; one on hold is shown apart, not charged.
    if (hold?.state === 'removed') continue;
    add(lines, row.bidderId, hold ? { ...row.line, held: true, hold: { id: hold.id, reason: hold.reason } } : row.line);
  }
  for (const row of [...checkouts.payments, ...desk, ...back]) add(paid, row.bidderId, row.payment);
  const ids = new Set([...(bidderIds ?? []), ...lines.keys(), ...paid.keys()]);
  return new Map([...ids].map((id) => [id, balanceOfLines(lines.get(id) ?? [], paid.get(id) ?? [])]));
}

interface Owed {
  bidderId: number;
  line: BalanceLine;
}

/** A charge of a bidder's; what most charges are not (one unit, not an item won, not Bill Me) by default. */
const owed = (
  bidderId: number,
  line: Pick<BalanceLine, 'kind' | 'id' | 'label' | 'amount' | 'orderId' | 'open' | 'at'> & Partial<BalanceLine>,
): Owed => ({ bidderId, line: { itemnum: '', quantity: 1, won: null, billme: false, ...line } });
interface Paid {
  bidderId: number;
  payment: PaymentLine;
}

async function wonLines(db: Db | Tx, event: EventRow, ids: number[] | undefined): Promise<Owed[]> {
  const rows = await db
    .select({
      id: wonItems.id,
      bidderId: wonItems.bidderId,
      kind: wonItems.kind,
      amount: wonItems.amount,
      quantity: wonItems.quantity,
      at: wonItems.createdAt,
      orderId: wonItems.checkoutId,
      orderMethod: orders.method,
      orderState: orders.state,
      orderSettledBy: orders.settledBy,
      itemnum: auctionItems.itemnum,
      name: auctionItems.name,
    })
    .from(wonItems)
    .innerJoin(auctionItems, eq(wonItems.itemId, auctionItems.id))
    .leftJoin(orders, eq(wonItems.checkoutId, orders.id))
    .where(
      and(
        eq(wonItems.eventId, event.id),
        forBidders(wonItems.bidderId, ids),
        or(isNull(wonItems.checkoutId), notInArray(orders.state, [...GONE])),
      ),
    )
    .orderBy(asc(wonItems.id));
  return rows.map((r) => {
    const billme = r.orderMethod === 'billme';
    return owed(r.bidderId, {
      kind: 'item',
      id: r.id,
      label: r.name,
      itemnum: r.itemnum,
      quantity: r.quantity,
      amount: r.amount * r.quantity,
      won: r.kind,
      orderId: r.orderId,
      billme,
      open: r.orderId === null || (billme && r.orderState === 'unpaid' && r.orderSettledBy === null),
      at: r.at,
    });
  });
}

async function pledgeLines(db: Db | Tx, event: EventRow, ids: number[] | undefined): Promise<Owed[]> {
  const rows = await db
    .select({
      id: pledges.id,
      bidderId: pledges.bidderId,
      amount: pledges.amount,
      at: pledges.createdAt,
      settledBy: pledges.settledBy,
      itemnum: auctionItems.itemnum,
      name: auctionItems.name,
    })
    .from(pledges)
    .innerJoin(auctionItems, eq(pledges.itemId, auctionItems.id))
    .where(and(eq(pledges.eventId, event.id), forBidders(pledges.bidderId, ids)))
    .orderBy(asc(pledges.id));
  return rows.map((r) =>
    owed(r.bidderId, {
      kind: 'pledge',
      id: r.id,
      label: r.name,
      itemnum: r.itemnum,
      amount: r.amount,
      orderId: r.settledBy,
      open: r.settledBy === null,
      at: r.at,
    }),
  );
}

/** The phone's checkouts: their donations and fees are charges, their card payments payments. */
async function checkoutRows(db: Db | Tx, event: EventRow, ids: number[] | undefined) {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.eventId, event.id),
        forBidders(orders.bidderId, ids),
        inArray(orders.method, ['card', 'billme']),
        notInArray(orders.state, [...GONE]),
      ),
    )
    .orderBy(asc(orders.id));
  const lines: Owed[] = [];
  const paid: Paid[] = [];
  for (const o of rows) {
    const billme = o.method === 'billme';
    const charge = (kind: 'donation' | 'fee', amount: number, label: string) =>
      owed(o.bidderId, {
        kind,
        id: o.id,
        label,
        amount,
        orderId: o.id,
        billme,
        open: billme && o.state === 'unpaid' && o.settledBy === null,
        at: o.createdAt,
      });
    if (o.donation !== 0) lines.push(charge('donation', o.donation, `Donation (order ${o.id})`));
    if (o.fee !== 0) lines.push(charge('fee', o.fee, `Card fee (order ${o.id})`));
    if (o.method !== 'card' || (o.state !== 'paid' && o.state !== 'pending')) continue;
    paid.push({
      bidderId: o.bidderId,
      payment: {
        source: 'phone',
        id: o.id,
        method: 'card',
        amount: o.total,
        state: o.state,
        payerId: o.bidderId,
        reference: '',
        cardbrand: o.cardbrand,
        cardlast4: o.cardlast4,
        orderId: o.id,
        at: o.settledAt ?? o.createdAt,
      },
    });
  }
  return { lines, payments: paid };
}

/**
 * The store's Bill Me orders on a balance: unpaid ones the bidder confirmed as theirs
 * (store_orders.bidder_id), and those a desk order settled, on that order's bidder. The others are
 * their purchasers' own invoices (the reports' loose orders), paid at the desk by whoever is there.
 */
async function storeBillMeLines(db: Db | Tx, event: EventRow, ids: number[] | undefined): Promise<Owed[]> {
  const columns = {
    id: storeOrders.id,
    total: storeOrders.total,
    state: storeOrders.state,
    settledBy: storeOrders.settledBy,
    at: storeOrders.createdAt,
  };
  const billMe = and(eq(storeOrders.eventId, event.id), eq(storeOrders.method, 'BILLME'));
  const unpaid = await db
    .select({ ...columns, bidderId: bidders.id })
    .from(storeOrders)
    .innerJoin(bidders, and(eq(bidders.id, storeOrders.bidderId), eq(bidders.eventId, event.id)))
    .where(and(billMe, eq(storeOrders.state, 'unpaid'), isNull(storeOrders.settledBy), forBidders(bidders.id, ids)));
  const settled = await db
    .select({ ...columns, bidderId: orders.bidderId })
    .from(storeOrders)
    .innerJoin(orders, eq(storeOrders.settledBy, orders.id))
    .where(
      and(
        billMe,
        isNotNull(storeOrders.settledBy),
        notInArray(storeOrders.state, [...GONE]),
        forBidders(orders.bidderId, ids),
      ),
    );
  return [...unpaid, ...settled]
    .sort((a, b) => a.id - b.id)
    .map((r) =>
      owed(r.bidderId, {
        kind: 'storebillme',
        id: r.id,
        label: `Store order S-${r.id} (Bill Me)`,
        amount: r.total,
        orderId: r.settledBy,
        billme: true,
        open: r.state === 'unpaid' && r.settledBy === null,
        at: r.at,
      }),
    );
}

/** What each desk payment (the desk, charge all) gave a balance, while it is paid or being charged. */
async function deskPaymentLines(db: Db | Tx, event: EventRow, ids: number[] | undefined): Promise<Paid[]> {
  const rows = await db
    .select({
      id: payments.id,
      bidderId: paymentAllocations.bidderId,
      amount: paymentAllocations.amount,
      orderId: paymentAllocations.orderId,
      method: payments.method,
      state: payments.state,
      payerId: payments.bidderId,
      reference: payments.reference,
      cardbrand: payments.cardbrand,
      cardlast4: payments.cardlast4,
      at: sql<Date>`coalesce(${payments.settledAt}, ${payments.createdAt})`.mapWith(payments.createdAt),
    })
    .from(paymentAllocations)
    .innerJoin(payments, eq(paymentAllocations.paymentId, payments.id))
    .where(
      and(
        eq(payments.eventId, event.id),
        inArray(payments.state, ['paid', 'pending']),
        forBidders(paymentAllocations.bidderId, ids),
      ),
    )
    .orderBy(asc(payments.id));
  return rows.map(({ bidderId, state, ...r }) => ({
    bidderId,
    payment: { source: 'desk', ...r, state: state === 'pending' ? 'pending' : 'paid' },
  }));
}

/** Money given back from the balance's payments (a refund or a void), while under way or done: below 0. */
async function refundLines(db: Db | Tx, event: EventRow, ids: number[] | undefined): Promise<Paid[]> {
  const rows = await db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.eventId, event.id),
        inArray(refunds.state, ['pending', 'refunded']),
        forBidders(refunds.bidderId, ids),
      ),
    )
    .orderBy(asc(refunds.id));
  return rows.map((r) => ({
    bidderId: r.bidderId,
    payment: {
      source: 'refund',
      id: r.id,
      method: r.method,
      amount: -r.amount,
      state: r.state === 'pending' ? 'pending' : 'paid',
      payerId: r.bidderId,
      reference: r.reason,
      cardbrand: '',
      cardlast4: '',
      orderId: null,
      at: r.settledAt ?? r.createdAt,
      of: { source: r.source, id: r.paymentId },
    },
  }));
}

/** The holds that change a balance (on hold, or removed), by "kind:lineId". */
async function holdsOf(db: Db | Tx, event: EventRow, ids: number[] | undefined) {
  const rows = await db
    .select({
      id: lineHolds.id,
      kind: lineHolds.kind,
      lineId: lineHolds.lineId,
      state: lineHolds.state,
      reason: lineHolds.reason,
    })
    .from(lineHolds)
    .where(
      and(
        eq(lineHolds.eventId, event.id),
        inArray(lineHolds.state, ['held', 'removed']),
        forBidders(lineHolds.bidderId, ids),
      ),
    );
  return new Map(rows.map((r) => [`${r.kind}:${r.lineId}`, r]));
}
