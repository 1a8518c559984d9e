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
 * test holds it to Intl's own output for every price.
 */
function usd(amount: number, withCents: boolean): string {
  const abs = Math.abs(amount);
  const whole = String(withCents ? Math.floor(abs / 100) : abs).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}$${whole}${withCents ? `.${String(abs % 100).padStart(2, '0')}` : ''}`;
}

/** "1234.50": cents as a bid field shows them (a placeholder, a typed value). */
export function amountInput(cents: Cents): string {
  return centsToDollars(cents).toFixed(2);
}

/** "$1,234.50" */
export function formatMoney(cents: Cents): string {
  return usd(Math.round(cents), true);
}

/** "$1,235" — the display board shows prices without decimals. */
export function formatMoneyWhole(cents: Cents): string {
  return usd(Math.round(cents / 100), false);
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
