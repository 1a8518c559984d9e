import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToDollars, dollarsToCents, formatMoney, formatMoneyWhole } from './money';

describe('money', () => {
  it('converts dollars with up to two decimals to cents', () => {
    expect(dollarsToCents(0)).toBe(0);
    expect(dollarsToCents(10.5)).toBe(1050);
    expect(dollarsToCents(0.07)).toBe(7);
    expect(dollarsToCents(1_000_000)).toBe(100_000_000);
  });

  it('refuses a third decimal and non-numbers', () => {
    expect(dollarsToCents(10.005)).toBeNull();
    expect(dollarsToCents(Number.NaN)).toBeNull();
    expect(dollarsToCents(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('round-trips every cent amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_00 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });

  it('formats as US dollars', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoneyWhole(123450)).toBe('$1,235');
  });

  it('writes every amount as Intl writes US dollars, without building an Intl formatter', () => {
    const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    // Up to a hundred billion dollars: past that, dollars as a float (what Intl is given) lose the cents.
    const amounts = fc.oneof(
      fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }),
      fc.integer({ min: -1e13, max: 1e13 }),
      fc.double({ min: -1e13, max: 1e13, noNaN: true }),
    );
    fc.assert(
      fc.property(amounts, (amount) => {
        // Intl writes a negative zero (-0.4 cents rounds to it) as "-$0.00"; a price of nothing has no sign.
        const dollars = Math.round(amount) / 100 || 0;
        expect(formatMoney(amount)).toBe(cents.format(dollars));
        expect(formatMoneyWhole(amount)).toBe(whole.format(Math.round(amount / 100) || 0));
      }),
      { numRuns: 2000 },
    );
    expect(formatMoney(-5)).toBe('-$0.05');
    expect(formatMoney(-150)).toBe('-$1.50');
    expect(formatMoneyWhole(-150)).toBe('-$1');
  });
});
