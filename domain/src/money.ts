import { z } from 'zod';

/**
 * Money is integer cents inside Gavel. The API and the organizer's import document speak dollars
 * with at most two decimals; these helpers are the only place the two meet.
 */
export type Cents = number;

/** Dollars (as sent by a client or an organizer) to cents; null when not a valid amount. */
export function dollarsToCents(dollars: number): Cents | null {
  if (!Number.isFinite(dollars)) return null;
  const cents = Math.round(dollars * 100);
  // Reject a third decimal: 10.005 * 100 is not within float noise of an integer. The noise of a
  // product grows with it (a few units in its last place), so the bound does too, but never as far
  // as a tenth of a cent, however large the amount.
  if (Math.abs(cents - dollars * 100) > Math.max(1e-6, Math.abs(dollars * 100) * 8 * Number.EPSILON)) return null;
  return cents;
}

/** Cents to dollars with two decimals, as the API carries them. */
export function centsToDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** True when a dollar amount has no more than two decimals. */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return dollarsToCents(dollars) !== null;
}

/**
 * US dollars as en-US writes them: a minus sign before the dollar sign, commas between thousands.
 * Written out rather than with Intl.NumberFormat: a phone's first Intl formatter costs it tens of
 * milliseconds (the browser loads its locale data), and money is on every first screen. A property
 * test holds it to Intl's own output.
 */
function usd(units: number, cents: number | null): string {
  const whole = Math.abs(units);
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = units < 0 || (units === 0 && cents !== null && cents < 0) ? '-' : '';
  return `${sign}$${digits}${cents === null ? '' : `.${String(Math.abs(cents)).padStart(2, '0')}`}`;
}

/** "1234.50": cents as a bid field shows them (a placeholder, a typed value). */
export function amountInput(cents: Cents): string {
  return centsToDollars(cents).toFixed(2);
}

/** Intl's own, for what no price is (NaN, past 2^53): built only if such an amount is ever shown. */
const intlUsd = new Map<0 | 2, Intl.NumberFormat>();
function beyondPrices(dollars: number, decimals: 0 | 2): string {
  let format = intlUsd.get(decimals);
  if (!format) {
    const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', ...digits });
    intlUsd.set(decimals, format);
  }
  return format.format(dollars);
}

/** "$1,234.50" */
export function formatMoney(cents: Cents): string {
  const rounded = Math.round(cents) + 0;
  if (!Number.isSafeInteger(rounded)) return beyondPrices(centsToDollars(cents), 2);
  return usd(Math.trunc(rounded / 100), rounded % 100);
}

/** "$1,235" — the display board shows prices without decimals. */
export function formatMoneyWhole(cents: Cents): string {
  const dollars = Math.round(cents / 100) + 0;
  if (!Number.isSafeInteger(dollars)) return beyondPrices(cents / 100, 0);
  return usd(dollars, null);
}

/**
 * The API's one conversion: dollars with two decimals on the wire, integer cents everywhere
 * inside. Decoding (a request reaching the server, an answer reaching the web) gives cents;
 * encoding (an answer leaving the server, a request leaving the web) gives dollars.
 */
export const money = z.codec(z.number(), z.number().int(), {
  decode: (dollars) => Math.round(dollars * 100),
  encode: (cents) => centsToDollars(cents),
});

/**
 * An amount a caller sends: not negative, at most two decimals, at most `max` (every amount has a
 * bound, so none can outgrow what the database or a rule can hold). `what` names it in the refusal
 * ("The bid must have at most two decimals."), which is a whole sentence the API answers as is.
 * `aboveMax`, when given, is the whole sentence for an amount above `max` ("Bids cannot be above
 * $1,000,000.00."); without it the refusal is the field's "must be at most $...".
 */
export function moneyIn(what: string, max: Cents, aboveMax?: string) {
  const dollars = z
    .number()
    .min(0, 'must not be negative')
    .superRefine((amount, ctx) => {
      if (amount <= max / 100) return;
      if (aboveMax) ctx.addIssue({ code: 'custom', message: aboveMax, input: amount, params: { sentence: true } });
      else ctx.addIssue({ code: 'custom', message: `must be at most ${formatMoney(max)}`, input: amount });
    });
  return z.codec(dollars, z.number().int(), {
    decode: (dollars, ctx) => {
      const cents = dollarsToCents(dollars);
      if (cents !== null) return cents;
      ctx.issues.push({
        code: 'custom',
        message: `The ${what} must have at most two decimals.`,
        input: dollars,
        params: { sentence: true },
      });
      return z.NEVER;
    },
    encode: (cents) => centsToDollars(cents),
  });
}
