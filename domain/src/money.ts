/**
 * Money is integer cents inside Gavel. The API and the organizer's import document speak dollars
 * with at most two decimals; these helpers are the only place the two meet.
 */
export type Cents = number;

/** Dollars (as sent by a client or an organizer) to cents; null when not a valid amount. */
export function dollarsToCents(dollars: number): Cents | null {
  if (!Number.isFinite(dollars)) return null;
  const cents = Math.round(dollars * 100);
  // Reject a third decimal: 10.005 * 100 is not within float noise of an integer.
  if (Math.abs(cents - dollars * 100) > 1e-6 * Math.max(1, Math.abs(dollars))) return null;
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

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** "$1,234.50" */
export function formatMoney(cents: Cents): string {
  return usd.format(centsToDollars(cents));
}

/** "$1,235" — the display board shows prices without decimals. */
export function formatMoneyWhole(cents: Cents): string {
  return usdWhole.format(Math.round(cents / 100));
}
