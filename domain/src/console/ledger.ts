import type { Cents } from '../money';

/**
 * A bidder's balance, read from one ledger (shared/DESIGN.md, "The console"): the charges are the
 * rows that already say what a bidder owes, the payments are money taken for them. The rule:
 *
 *   charged = every line's amount;  paid = every payment's amount;  due = charged − paid
 *
 * in integer cents, so the lines always sum to the due less the payments. The server reads the
 * rows (server/src/features/console/desk/ledger.ts); the arithmetic is here, without I/O.
 */

/** Where a charge comes from, and so how a desk order settles it when the balance is paid in full. */
export type BalanceLineKind =
  /** An item won (a bid at close, Buy It Now, a live sale): its amount times its quantity. */
  | 'item'
  /** A fund-a-need pledge. */
  | 'pledge'
  /** The donation added at a phone checkout (card or Bill Me). */
  | 'donation'
  /** The card fee the bidder chose to cover at a phone checkout. */
  | 'fee'
  /** A store order the buyer chose to pay later (Bill Me), matched to the bidder by email. */
  | 'storebillme';

export interface BalanceLine {
  kind: BalanceLineKind;
  /** The row it comes from: won_items.id, pledges.id, orders.id (donation, fee) or store_orders.id. */
  id: number;
  /** What a person reads: the item's name, "Fund-a-need: ...", "Store order S-12". */
  label: string;
  /** The item's number, for items and pledges; '' otherwise. */
  itemnum: string;
  quantity: number;
  amount: Cents;
  /** How the item was won, for items. */
  won: 'bid' | 'buynow' | 'live' | null;
  /** The auction order it is part of (a phone checkout, a Bill Me order, a desk order), if any. */
  orderId: number | null;
  /** That order is Bill Me (auction or store): still to be settled on the balance. */
  billme: boolean;
  /**
   * Still to be settled: an item in no order, a pledge not settled, a line of a Bill Me order
   * still unpaid. The desk order that pays the balance in full settles every open line.
   */
  open: boolean;
  /**
   * Disputed at the desk: held from every payer (the desk, the phone, charge all) until released or
   * removed. A held line is shown but not charged: it is in `held`, not in `charged`.
   */
  held?: boolean;
  /** The hold (money/holds.ts) of a held line. */
  hold?: { id: number; reason: string };
  at: Date;
}

/** A payment money can be given back from: a phone's card order (orders.id) or a desk payment (payments.id). */
export interface PaymentRef {
  source: 'phone' | 'desk';
  id: number;
}

export interface PaymentLine {
  /**
   * 'phone': a card order paid on the bidder's phone; 'desk': money taken for balances (desk,
   * charge all); 'refund': money given back from one of those (a refund or a void), negative.
   */
  source: 'phone' | 'desk' | 'refund';
  /** orders.id for the phone, payments.id for the desk, refunds.id for a refund. */
  id: number;
  method: 'card' | 'cash' | 'check';
  /** What of it went to this balance (a couple's payment is split between balances); below 0 for a refund. */
  amount: Cents;
  /** Pending: a card charge (or a card refund) sent and its outcome not yet known. */
  state: 'paid' | 'pending';
  /** A refund's payment: what it gave back from. Null for a payment. */
  of?: PaymentRef | null;
  /** Who paid: the bidder whose card or cash it was (a couple pays one another's balance). */
  payerId: number;
  reference: string;
  cardbrand: string;
  cardlast4: string;
  /** The desk order the payment made when it paid the balance in full (desk payments). */
  orderId: number | null;
  at: Date;
}

export interface BalanceTotals {
  /** Every line not on hold. */
  charged: Cents;
  /** The lines on hold (disputed): owed by nobody until released. */
  held: Cents;
  /** Payments less refunds. */
  paid: Cents;
  /** charged − paid: below 0 when more was paid than is owed. */
  due: Cents;
  /** What was paid over what is owed (an item undone after it was paid): the bidder's to be refunded; 0 or more. */
  credit: Cents;
  /** A payment is under way (a card charge sent, its outcome not yet known). */
  inProgress: boolean;
}

export interface Balance extends BalanceTotals {
  lines: BalanceLine[];
  payments: PaymentLine[];
}

const sum = (amounts: Cents[]): Cents => amounts.reduce((s, a) => s + a, 0);

/** The ledger's rule: what the lines charge, what the payments paid, and what is due. */
export function balanceTotals(
  lines: Pick<BalanceLine, 'amount' | 'held'>[],
  payments: Pick<PaymentLine, 'amount' | 'state'>[],
) {
  const charged = sum(lines.filter((l) => !l.held).map((l) => l.amount));
  const held = sum(lines.filter((l) => l.held).map((l) => l.amount));
  const paid = sum(payments.map((p) => p.amount));
  const due = charged - paid;
  return {
    charged,
    held,
    paid,
    due,
    credit: Math.max(0, -due),
    inProgress: payments.some((p) => p.state === 'pending'),
  };
}

/** A balance from its lines and payments, its totals by the ledger's rule. */
export function balanceOfLines(lines: BalanceLine[], payments: PaymentLine[]): Balance {
  return { lines, payments, ...balanceTotals(lines, payments) };
}

/**
 * What of a payment can still be given back from this balance: what it gave the balance, less the
 * refunds of it (done or under way). 0 for a payment not on the balance.
 */
export function refundable(balance: Pick<Balance, 'payments'>, of: PaymentRef): Cents {
  const same = (r: PaymentRef | null | undefined) => r?.source === of.source && r.id === of.id;
  const paid = sum(balance.payments.filter((p) => p.source === of.source && p.id === of.id).map((p) => p.amount));
  const back = sum(balance.payments.filter((p) => p.source === 'refund' && same(p.of)).map((p) => p.amount));
  return Math.max(0, paid + back);
}

/** The lines a payment may settle: open, and not on hold. */
export const payableLines = (balance: Pick<Balance, 'lines'>): BalanceLine[] =>
  balance.lines.filter((l) => l.open && !l.held);

/** What the open lines charge: what a desk order paying the balance in full would tie (a line on hold is left out). */
export function openCharges(balance: Pick<Balance, 'lines'>): Cents {
  return sum(payableLines(balance).map((l) => l.amount));
}

/**
 * Money paid toward the balance and not yet tied to what it pays for (a partial payment at the
 * desk): while there is some, paying the open items on the phone would pay them twice.
 */
export function unappliedCredit(balance: Pick<Balance, 'lines' | 'due'>): Cents {
  return Math.max(0, openCharges(balance) - Math.max(0, balance.due));
}

/**
 * The desk order that pays a balance in full: the items in no order as its subtotal, the open
 * pledges as its donation (no fee: a card fee is the phone checkout's choice). Bill Me orders it
 * settles keep their own amounts.
 */
export function deskOrderAmounts(balance: Pick<Balance, 'lines'>) {
  const open = payableLines(balance);
  const subtotal = sum(open.filter((l) => l.kind === 'item' && l.orderId === null).map((l) => l.amount));
  const donation = sum(open.filter((l) => l.kind === 'pledge').map((l) => l.amount));
  return { subtotal, donation, fee: 0, total: subtotal + donation };
}

/**
 * Splits a payment over balances in the order given (the payer's own first): each gets up to what
 * it owes, until the amount is spent. Answers each balance's share (0 for one owing nothing) and
 * whether the share pays that balance in full. The amount must not exceed the dues' sum.
 */
export function allocatePayment(amount: Cents, dues: Cents[]): { amount: Cents; full: boolean }[] {
  let left = amount;
  return dues.map((due) => {
    const owed = Math.max(0, due);
    const share = Math.min(owed, left);
    left -= share;
    return { amount: share, full: owed > 0 && share === owed };
  });
}

/** The total the balances owe (a balance paid ahead owes nothing, and gives nothing to the others). */
export function totalDue(dues: Cents[]): Cents {
  return sum(dues.map((d) => Math.max(0, d)));
}
