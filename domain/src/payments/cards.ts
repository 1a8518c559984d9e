import { PROCESSOR_TEST } from '../api/payments';

/**
 * The test gateway's card checks and its documented test cards (docs/payments.md). The hosted card
 * form runs these in the browser; the card number itself never leaves the form.
 */

export type CardOutcome = 'success' | 'declined' | 'insufficient_funds' | 'expired_card' | 'authentication_required';

export interface TestCard {
  number: string;
  outcome: CardOutcome;
  label: string;
}

/** The cards the test gateway knows, as documented on the form and in docs/payments.md. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', outcome: 'success', label: 'Succeeds' },
  { number: '4000000000000002', outcome: 'declined', label: 'Is declined' },
  { number: '4000000000009995', outcome: 'insufficient_funds', label: 'Has insufficient funds' },
  { number: '4000000000000069', outcome: 'expired_card', label: 'Is expired' },
  { number: '4000002760003184', outcome: 'authentication_required', label: "Needs the bidder's confirmation" },
];

/** What a processor answers for each failure, in the words a bidder understands. */
export const cardFailureMessages: Record<Exclude<CardOutcome, 'success'>, string> = {
  declined: 'Your card was declined. Please use another card.',
  insufficient_funds: 'Your card has insufficient funds. Please use another card.',
  expired_card: 'Your card has expired. Please use another card.',
  authentication_required: 'Your bank needs you to confirm this card. Please enter it again and confirm.',
};

export const cardFieldMessages = {
  number: 'Please enter a valid card number.',
  notTestCard: 'Test payments take only the test cards listed below; no real card is needed.',
  expiry: 'Please enter the expiry as MM/YY.',
  expired: 'This card has expired.',
  cvc: 'Please enter the 3-digit CVC (4 digits for American Express).',
  zip: 'Please enter your ZIP code.',
  authenticationFailed: 'The card was not confirmed. Please try again or use another card.',
} as const;

export function digitsOnly(s: string): string {
  return s.replace(/\D/g, '');
}

/** The Luhn checksum every card number carries. */
export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (digits.length < 12 || digits.length > 19 || digits !== number.replace(/[\s-]/g, '')) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card brand from the number's first digits. */
export function cardBrand(number: string): string {
  const d = digitsOnly(number);
  if (/^4/.test(d)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'Mastercard';
  if (/^3[47]/.test(d)) return 'American Express';
  if (/^6(011|5)/.test(d)) return 'Discover';
  return 'Card';
}

/** MM/YY (or MM/YYYY) read into month and four-digit year, or null when it is not one. */
export function readExpiry(text: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month. */
export function expiryPassed(expiry: { month: number; year: number }, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return expiry.year < y || (expiry.year === y && expiry.month < m);
}

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  zip: string;
}

/** The hosted form's checks, field by field, with the first problem of each. */
export function cardFieldProblems(fields: CardFields, now: Date): Partial<Record<keyof CardFields, string>> {
  const problems: Partial<Record<keyof CardFields, string>> = {};
  if (!luhnValid(fields.number)) problems.number = cardFieldMessages.number;
  else if (!testCardOutcome(fields.number)) problems.number = cardFieldMessages.notTestCard;
  const expiry = readExpiry(fields.expiry);
  if (!expiry) problems.expiry = cardFieldMessages.expiry;
  else if (expiryPassed(expiry, now)) problems.expiry = cardFieldMessages.expired;
  const cvcLength = cardBrand(fields.number) === 'American Express' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(fields.cvc.trim())) problems.cvc = cardFieldMessages.cvc;
  if (!/^[A-Za-z0-9 -]{3,10}$/.test(fields.zip.trim())) problems.zip = cardFieldMessages.zip;
  return problems;
}

/** How the test gateway treats a card number; undefined for a number that is not a test card. */
export function testCardOutcome(number: string): CardOutcome | undefined {
  const digits = digitsOnly(number);
  return TEST_CARDS.find((c) => c.number === digits)?.outcome;
}

/** '4242 4242 4242 4242', as cards are printed. */
export function groupCardNumber(number: string): string {
  return digitsOnly(number).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * An order paid by card through the test gateway (processor code 1): it reads as paid, yet no money
 * moved, so the organizer's reports, the receipts and the order history mark it. A Bill Me or free
 * order of the same event moved no card money to begin with, so it is not marked.
 */
export function isTestPayment(order: { processorcode: number; card: boolean }): boolean {
  return order.card && order.processorcode === PROCESSOR_TEST;
}

/** The mark in the reports' test payment column. */
export const TEST_PAYMENT_MARK = 'TEST';
/** The line beside the payment in receipts and the order history. */
export const TEST_PAYMENT_NOTE = 'TEST PAYMENT — no money was moved.';
