import { type Cents, formatMoney } from '../money';

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

/** A form's choices, unchosen first: a new item must say how it is deductible, never take a default. */
export const DEDUCTIBILITY_CHOICES: ReadonlyArray<{ value: Deductibility | ''; label: string }> = [
  { value: '', label: 'Choose…' },
  ...DEDUCTIBILITIES.map((value) => ({ value, label: DEDUCTIBILITY_LABELS[value] })),
];

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

/** A line's amount paid, its stated value received and its deductible part. */
export interface ReceiptAmounts {
  amount: Cents;
  value: Cents;
  deductible: Cents;
}

/** What a receipt states for a line: what was paid, the value received and the deductible part, by the line's rule. */
export function receiptAmounts(kind: ReceiptLineKind, paid: Cents, value: Cents): ReceiptAmounts {
  return { amount: paid, value: valueReceivedOf(kind, paid, value), deductible: deductibleOf(kind, paid, value) };
}

/** The sums of a receipt's lines. */
export function receiptTotals(lines: readonly ReceiptAmounts[]): ReceiptAmounts {
  return lines.reduce(
    (t, l) => ({ amount: t.amount + l.amount, value: t.value + l.value, deductible: t.deductible + l.deductible }),
    { amount: 0, value: 0, deductible: 0 },
  );
}

/**
 * Whether a receipt needs the quid-pro-quo statement: one of its lines is such a payment, or its
 * lines bought partly for something of value come together to more than $75 (items paid at one
 * checkout are one payment). Stating it when it is not strictly due does no harm; leaving it out
 * when it is due does, so the rule leans towards stating it.
 */
export function quidProQuoDue(lines: readonly ReceiptLineFacts[]): boolean {
  if (lines.some(isQuidProQuo)) return true;
  const partly = lines.filter((l) => l.kind === 'value');
  const sums = receiptTotals(partly.map((l) => receiptAmounts(l.kind, l.amount, l.value)));
  return sums.amount > QUID_PRO_QUO_OVER && sums.value > 0 && sums.deductible > 0;
}

/**
 * The statement the US rules ask for (IRC 6115), with the organization's good-faith estimate of
 * the value received: `totals` are the sums of the lines bought partly for something of value.
 */
export function quidProQuoStatement(totals: ReceiptAmounts): string {
  return (
    `The amount of your contribution that is deductible for federal income tax purposes is limited to ` +
    `the excess of the amount you paid (${formatMoney(totals.amount)}) over the value of the goods or ` +
    `services you received. Our good-faith estimate of that value is ${formatMoney(totals.value)}, so ` +
    `the deductible part is ${formatMoney(totals.deductible)}.`
  );
}

/** The lines a quid-pro-quo statement speaks of: those bought partly for something of value. */
export function quidProQuoTotals(lines: readonly ReceiptLineFacts[]): ReceiptAmounts {
  return receiptTotals(lines.filter((l) => l.kind === 'value').map((l) => receiptAmounts(l.kind, l.amount, l.value)));
}

/**
 * A card fee the donor chose to cover pays the processor, not the cause: receipts show it with
 * nothing deductible (as 'none', its value received being what it paid for, the card payment).
 */
export const FEE_DEDUCTIBILITY: Deductibility = 'none';

/** The sentence a receipt carries when a covered card fee is on it. */
export const FEE_NOTE = 'A card processing fee you chose to cover pays for the card payment and is not deductible.';

/**
 * What each line of a store order paid once the promo code's discount is taken off (the lines it
 * applies to, in proportion to their amounts; the cents left by rounding go to the largest
 * remainders, so the parts always sum to the lines less the discount, and none goes below 0).
 */
export function afterDiscount(amounts: readonly Cents[], discount: Cents): Cents[] {
  const whole = amounts.reduce((s, a) => s + a, 0);
  const off = Math.min(Math.max(0, discount), whole);
  if (off === 0 || whole === 0) return [...amounts];
  // In whole numbers: each share's cents and what rounding left of it (a * off stays well within 2^53).
  const floors = amounts.map((a) => Math.floor((a * off) / whole));
  const rests = amounts.map((a) => (a * off) % whole);
  let left = off - floors.reduce((s, a) => s + a, 0);
  const order = rests.map((rest, i) => ({ i, rest })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left -= 1;
  }
  return amounts.map((a, i) => a - (floors[i] ?? 0));
}
