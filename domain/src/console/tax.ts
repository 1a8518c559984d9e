import type { Cents } from '../money';

/**
 * Tax receipts (issue 30): how much of what a donor paid is deductible. Each auction item and
 * store item says so explicitly, never guessed from a blank value (peers disagree on what
 * "priceless" means):
 *
 *   value: what was paid minus the fair market value of what was received, never below 0;
 *   full:  all of it (nothing of value was received: a sponsorship, a "donate your bid" item);
 *   none:  nothing (merchandise sold at its price, a raffle ticket).
 *
 * Donations and fund-a-need pledges are always fully deductible. Amounts are integer cents.
 */
export const DEDUCTIBILITIES = ['value', 'full', 'none'] as const;
export type Deductibility = (typeof DEDUCTIBILITIES)[number];

/** The plain words for each choice, for forms and receipts. */
export const DEDUCTIBILITY_LABELS: Record<Deductibility, string> = {
  value: 'The amount paid above its fair market value',
  full: 'All of it (nothing of value received)',
  none: 'None of it',
};

/** What a receipt line is: something bought or won (its own rule), or a gift (all deductible). */
export type ReceiptLineKind = Deductibility | 'gift';

/**
 * The deductible part of a payment of `paid` for something whose fair market value is `value`
 * (both for the whole line: the unit value times the quantity).
 */
export function deductibleOf(kind: ReceiptLineKind, paid: Cents, value: Cents): Cents {
  if (kind === 'none') return 0;
  if (kind === 'full' || kind === 'gift') return Math.max(0, paid);
  return Math.max(0, paid - Math.max(0, value));
}

/** The value received that a receipt states for a line: the fair market value for 'value' and 'none', 0 otherwise. */
export function valueReceivedOf(kind: ReceiptLineKind, paid: Cents, value: Cents): Cents {
  if (kind === 'full' || kind === 'gift') return 0;
  if (kind === 'none') return Math.max(0, paid);
  return Math.max(0, value);
}

/**
 * US rule (IRC 6115): a "quid pro quo" contribution over $75 (a payment made partly as a gift and
 * partly for goods or services) needs a written statement that the deduction is limited to the
 * excess over the value received, with a good-faith estimate of that value.
 */
export const QUID_PRO_QUO_OVER: Cents = 7500;

export interface ReceiptLineFacts {
  kind: ReceiptLineKind;
  amount: Cents;
  value: Cents;
}

/** Whether a line is a payment over $75 made partly for something of value (the statement is then due). */
export function isQuidProQuo(line: ReceiptLineFacts): boolean {
  if (line.kind !== 'value') return false;
  const received = valueReceivedOf(line.kind, line.amount, line.value);
  return line.amount > QUID_PRO_QUO_OVER && received > 0 && deductibleOf(line.kind, line.amount, line.value) > 0;
}
