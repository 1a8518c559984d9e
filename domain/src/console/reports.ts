import type { Cents } from '../money';
import type { Balance, BalanceLine, PaymentLine } from './ledger';

/**
 * The console's reports (issue 30): pure sums over the one ledger (./ledger.ts) and the store's
 * orders that are on no bidder's balance. The server reads the rows; what counts where is here, so
 * the summary reconciles with the ledger by construction:
 *
 *   raised      = Σ balances' charged + Σ store orders off the balances (their totals)
 *   collected   = Σ balances' paid    + Σ those store orders paid by card (or being charged)
 *   outstanding = Σ balances' due (those owing) + Σ those store orders on Bill Me, unpaid
 *   credits     = Σ balances' credit (paid over what is owed, to give back)
 *   raised      = collected + outstanding − credits
 *
 * A refunded order has left the ledger (its items, donation and fee are no charge, its card no
 * payment): it is in neither raised nor collected, only under refunds.
 */

export const RAISED_SOURCES = [
  'silent',
  'live',
  'buynow',
  'fundaneed',
  'tickets',
  'merchandise',
  'donations',
  'fees',
] as const;
export type RaisedSource = (typeof RAISED_SOURCES)[number];

export const RAISED_SOURCE_LABELS: Record<RaisedSource, string> = {
  silent: 'Silent auction wins',
  live: 'Live sales',
  buynow: 'Buy It Now',
  fundaneed: 'Fund-a-need',
  tickets: 'Store tickets',
  merchandise: 'Store merchandise',
  donations: 'Donations',
  fees: 'Card fees covered',
};

/** How the raised money stands: paid by card, cash or check (collected), or still owed (outstanding). */
export const SUMMARY_METHODS = ['card', 'cash', 'check', 'billme', 'unpaid', 'credit'] as const;
export type SummaryMethod = (typeof SUMMARY_METHODS)[number];

export const SUMMARY_METHOD_LABELS: Record<SummaryMethod, string> = {
  card: 'Card',
  cash: 'Cash',
  check: 'Check',
  billme: 'Bill Me, unpaid',
  unpaid: 'Not yet paid',
  credit: 'Paid over what is owed (to give back)',
};

/** A store order's money by source: its goods (after the discount) by tab, its donation and fee. */
export interface StoreSplit {
  tickets: Cents;
  merchandise: Cents;
  donations: Cents;
  fees: Cents;
}

/**
 * A store order's total by source. The discount is shared between tickets and merchandise in
 * proportion to their lines (rounded to the cent on tickets); merchandise takes what is left, so
 * the parts always add up to the order's total exactly.
 */
export function storeOrderSplit(order: {
  lines: Array<{ tab: 'Tickets' | 'Merchandise'; amount: Cents }>;
  subtotal: Cents;
  discount: Cents;
  donation: Cents;
  fee: Cents;
  total: Cents;
}): StoreSplit {
  const gross = order.lines.reduce((s, l) => s + l.amount, 0);
  const ticketGross = order.lines.filter((l) => l.tab === 'Tickets').reduce((s, l) => s + l.amount, 0);
  const goods = order.subtotal - order.discount;
  const tickets = gross > 0 ? Math.round((goods * ticketGross) / gross) : 0;
  return {
    tickets,
    merchandise: order.total - order.donation - order.fee - tickets,
    donations: order.donation,
    fees: order.fee,
  };
}

/** A store order on no bidder's balance (paid by card, free, being charged, or Bill Me on nobody's balance). */
export interface LooseStoreOrder {
  split: StoreSplit;
  total: Cents;
  /** Paid by card or free ('paid'), a card charge under way ('pending'), or Bill Me still unpaid ('unpaid'). */
  state: 'paid' | 'pending' | 'unpaid';
  /** How a paid one was paid: by card at the store (or free), or a Bill Me invoice in cash or by check at the desk. */
  method: 'card' | 'cash' | 'check';
}

export interface SummaryFigures {
  raised: Cents;
  collected: Cents;
  outstanding: Cents;
  /** Paid over what is owed, on balances that owe nothing: to be given back. */
  credits: Cents;
  /** Lines on hold at the desk (disputed): in none of the figures above until released. */
  held: Cents;
  /** Of the collected, card charges whose outcome is not in yet. */
  pending: Cents;
  sources: Record<RaisedSource, Cents>;
  methods: Record<SummaryMethod, Cents>;
}

const zeroes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, Cents>;

const WON_SOURCE: Record<NonNullable<BalanceLine['won']>, RaisedSource> = {
  bid: 'silent',
  live: 'live',
  buynow: 'buynow',
};

/** Adds one ledger line's amount to its source (a Bill Me store order by its split, when known). */
function addLine(sources: Record<RaisedSource, Cents>, line: BalanceLine, splits: ReadonlyMap<number, StoreSplit>) {
  if (line.kind === 'item') sources[WON_SOURCE[line.won ?? 'bid']] += line.amount;
  else if (line.kind === 'pledge') sources.fundaneed += line.amount;
  else if (line.kind === 'donation') sources.donations += line.amount;
  else if (line.kind === 'fee') sources.fees += line.amount;
  else {
    const split = splits.get(line.id);
    if (!split) {
      sources.merchandise += line.amount;
      return;
    }
    // The ledger charges the order's total; the split adds up to it (storeOrderSplit).
    for (const key of ['tickets', 'merchandise', 'donations', 'fees'] as const) sources[key] += split[key];
  }
}

/** What of a balance's due is Bill Me (its open Bill Me lines, never more than is due), and the rest. */
export function dueByKind(balance: Pick<Balance, 'lines' | 'due'>): { billme: Cents; unpaid: Cents } {
  const open = balance.lines.filter((l) => l.open && l.billme && !l.held).reduce((s, l) => s + l.amount, 0);
  const billme = Math.min(Math.max(0, open), Math.max(0, balance.due));
  return { billme, unpaid: Math.max(0, balance.due) - billme };
}

/**
 * The summary's figures from the ledger's balances and the store orders on no balance. `splits`
 * says how each store order on a balance (a 'storebillme' line, by store order id) divides.
 */
export function summarize(input: {
  balances: Iterable<Balance>;
  splits: ReadonlyMap<number, StoreSplit>;
  storeOrders: LooseStoreOrder[];
}): SummaryFigures {
  const sources = zeroes(RAISED_SOURCES);
  const methods = zeroes(SUMMARY_METHODS);
  let raised = 0;
  let collected = 0;
  let credits = 0;
  let held = 0;
  let pending = 0;
  for (const balance of input.balances) {
    raised += balance.charged;
    collected += balance.paid;
    // A line on hold (disputed) is raised by nobody until it is released: it is under held.
    for (const line of balance.lines) if (!line.held) addLine(sources, line, input.splits);
    held += balance.held;
    for (const p of balance.payments) {
      methods[p.method] += p.amount;
      if (p.state === 'pending') pending += p.amount;
    }
    const due = dueByKind(balance);
    methods.billme += due.billme;
    methods.unpaid += due.unpaid;
    methods.credit -= Math.max(0, -balance.due);
    credits += Math.max(0, -balance.due);
  }
  for (const order of input.storeOrders) {
    raised += order.total;
    for (const key of ['tickets', 'merchandise', 'donations', 'fees'] as const) sources[key] += order.split[key];
    if (order.state === 'unpaid') {
      methods.billme += order.total;
      continue;
    }
    collected += order.total;
    methods[order.method] += order.total;
    if (order.state === 'pending') pending += order.total;
  }
  return { raised, collected, outstanding: raised - collected + credits, credits, held, pending, sources, methods };
}

/** Percent of the fair market value an item fetched (whole percent), or null when it has no value or sold nothing. */
export function percentOfValue(amount: Cents, value: Cents, quantity: number): number | null {
  if (value <= 0 || quantity <= 0) return null;
  return Math.round((amount * 100) / (value * quantity));
}

/** Who took a payment, for counting the cash box. */
export type PaymentTaker = 'desk' | 'chargeall' | 'phone' | 'store';

export interface PaymentRowFigures {
  method: PaymentLine['method'];
  /** Negative for a refund. */
  amount: Cents;
  takenby: string;
}

export interface PaymentTotals {
  total: Cents;
  methods: Record<PaymentLine['method'], Cents>;
  /** Per person (or the phone, the store, charge all), by method, in the order first met. */
  people: Array<{ takenby: string; count: number; total: Cents } & Record<PaymentLine['method'], Cents>>;
}

/** The payments report's totals: by method, and by who took them. */
export function paymentTotals(rows: PaymentRowFigures[]): PaymentTotals {
  const methods = { card: 0, cash: 0, check: 0 };
  const people = new Map<string, PaymentTotals['people'][number]>();
  for (const row of rows) {
    methods[row.method] += row.amount;
    const person = people.get(row.takenby) ?? { takenby: row.takenby, count: 0, total: 0, card: 0, cash: 0, check: 0 };
    person.count += 1;
    person.total += row.amount;
    person[row.method] += row.amount;
    people.set(row.takenby, person);
  }
  return { total: methods.card + methods.cash + methods.check, methods, people: [...people.values()] };
}

/** The minutes of a span that bids are counted in, at most this many (a day): a longer night shows its last day. */
export const BIDS_MINUTES_MAX = 1440;

/**
 * Bids per minute, every minute from the first bid's to the last's (minutes without bids count 0).
 * `counts` are minutes as epoch milliseconds (whole minutes) with their bids.
 */
export function bidsPerMinute(
  counts: Array<{ minute: number; bids: number }>,
): Array<{ minute: number; bids: number }> {
  if (counts.length === 0) return [];
  const byMinute = new Map(counts.map((c) => [c.minute, c.bids]));
  const last = Math.max(...byMinute.keys());
  const first = Math.max(Math.min(...byMinute.keys()), last - (BIDS_MINUTES_MAX - 1) * 60_000);
  const out: Array<{ minute: number; bids: number }> = [];
  for (let m = first; m <= last; m += 60_000) out.push({ minute: m, bids: byMinute.get(m) ?? 0 });
  return out;
}
