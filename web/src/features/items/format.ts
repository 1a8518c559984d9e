const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as the API carries them, shown with two decimals. */
export function money(dollars: number): string {
  return usd.format(dollars);
}
