import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  afterDiscount,
  DEDUCTIBILITIES,
  DEDUCTIBILITY_CHOICES,
  deductibleOf,
  isQuidProQuo,
  QUID_PRO_QUO_OVER,
  quidProQuoDue,
  quidProQuoStatement,
  quidProQuoTotals,
  type ReceiptLineKind,
  receiptAmounts,
  receiptTotals,
  valueReceivedOf,
} from './tax';

const KINDS: ReceiptLineKind[] = [...DEDUCTIBILITIES, 'gift'];
const cents = fc.integer({ min: 0, max: 10_000_000 });
const kind = fc.constantFrom(...KINDS);

describe('what is deductible', () => {
  it('is what was paid above the value for value, all of it for full and gifts, nothing for none', () => {
    expect(receiptAmounts('value', 55_000, 40_000)).toEqual({ amount: 55_000, value: 40_000, deductible: 15_000 });
    expect(receiptAmounts('value', 30_000, 40_000)).toEqual({ amount: 30_000, value: 40_000, deductible: 0 });
    expect(receiptAmounts('full', 55_000, 40_000)).toEqual({ amount: 55_000, value: 0, deductible: 55_000 });
    expect(receiptAmounts('gift', 25_000, 0)).toEqual({ amount: 25_000, value: 0, deductible: 25_000 });
    expect(receiptAmounts('none', 2_500, 0)).toEqual({ amount: 2_500, value: 2_500, deductible: 0 });
  });

  it('never goes below 0 nor above what was paid, whatever the value', () => {
    fc.assert(
      fc.property(kind, cents, fc.integer({ min: -1_000_000, max: 10_000_000 }), (k, paid, value) => {
        const d = deductibleOf(k, paid, value);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(paid);
        expect(valueReceivedOf(k, paid, value)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('states a value received and a deductible part that add up to what was paid when the value is below it', () => {
    fc.assert(
      fc.property(kind, cents, cents, (k, paid, value) => {
        fc.pre(k !== 'value' || value <= paid);
        const line = receiptAmounts(k, paid, value);
        expect(line.value + line.deductible).toBe(paid);
      }),
    );
  });

  it('sums a receipt’s lines', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(kind, cents, cents), { maxLength: 20 }), (rows) => {
        const lines = rows.map(([k, paid, value]) => receiptAmounts(k, paid, value));
        const totals = receiptTotals(lines);
        expect(totals.amount).toBe(rows.reduce((s, [, paid]) => s + paid, 0));
        expect(totals.deductible).toBe(lines.reduce((s, l) => s + l.deductible, 0));
      }),
    );
  });

  it('offers every choice by its label, unchosen first', () => {
    expect(DEDUCTIBILITY_CHOICES.map((c) => c.value)).toEqual(['', 'value', 'full', 'none']);
  });
});

describe('the quid-pro-quo statement', () => {
  it('is due for a payment over $75 made partly for something of value', () => {
    expect(isQuidProQuo({ kind: 'value', amount: 55_000, value: 40_000 })).toBe(true);
    expect(quidProQuoDue([{ kind: 'value', amount: 55_000, value: 40_000 }])).toBe(true);
  });

  it('is not due for $75 or less, for gifts, for full or none, or when nothing is deductible', () => {
    expect(quidProQuoDue([{ kind: 'value', amount: QUID_PRO_QUO_OVER, value: 1_000 }])).toBe(false);
    expect(quidProQuoDue([{ kind: 'gift', amount: 100_000, value: 0 }])).toBe(false);
    expect(quidProQuoDue([{ kind: 'full', amount: 100_000, value: 50_000 }])).toBe(false);
    expect(quidProQuoDue([{ kind: 'none', amount: 100_000, value: 0 }])).toBe(false);
    expect(quidProQuoDue([{ kind: 'value', amount: 40_000, value: 40_000 }])).toBe(false);
    expect(quidProQuoDue([{ kind: 'value', amount: 10_000, value: 0 }])).toBe(false);
  });

  it('is due when items paid together come to more than $75, each under it', () => {
    const lines = [
      { kind: 'value' as const, amount: 5_000, value: 3_000 },
      { kind: 'value' as const, amount: 5_000, value: 3_000 },
    ];
    expect(lines.some(isQuidProQuo)).toBe(false);
    expect(quidProQuoDue(lines)).toBe(true);
    expect(quidProQuoTotals(lines)).toEqual({ amount: 10_000, value: 6_000, deductible: 4_000 });
  });

  it('says the deduction is limited to the excess, with the good-faith estimate', () => {
    const sentence = quidProQuoStatement({ amount: 55_000, value: 40_000, deductible: 15_000 });
    expect(sentence).toContain('limited to the excess of the amount you paid ($550.00)');
    expect(sentence).toContain('good-faith estimate of that value is $400.00');
    expect(sentence).toContain('$150.00');
  });
});

describe('a discount spread over a store order’s lines', () => {
  it('takes it off in proportion, the rounding cents going to the largest remainders', () => {
    expect(afterDiscount([30_000, 2_500], 3_250)).toEqual([27_000, 2_250]);
    expect(afterDiscount([100, 100, 100], 100)).toEqual([66, 67, 67]);
    expect(afterDiscount([1_000, 0], 5_000)).toEqual([0, 0]);
    expect(afterDiscount([1_000], 0)).toEqual([1_000]);
  });

  it('always sums to the lines less the discount, none below 0 nor above its amount', () => {
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 12 }), cents, (amounts, discount) => {
        const out = afterDiscount(amounts, discount);
        const whole = amounts.reduce((s, a) => s + a, 0);
        expect(out.reduce((s, a) => s + a, 0)).toBe(whole - Math.min(discount, whole));
        out.forEach((a, i) => {
          expect(a).toBeGreaterThanOrEqual(0);
          expect(a).toBeLessThanOrEqual(amounts[i] ?? 0);
        });
      }),
    );
  });
});
