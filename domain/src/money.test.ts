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
});
