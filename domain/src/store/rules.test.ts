import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { INT4_MAX } from '../bounds';
import {
  cartCountdown,
  currentPrice,
  feeLabel,
  FREE_ITEM_TYPE,
  HOLD_LIFETIME_HOLDS,
  holdLifetimeEnd,
  MAX_HOLDING_CARTS_PER_ADDRESS,
  MAX_LINE_QUANTITY,
  MAX_STORE_DONATION,
  type PricedLine,
  type PromoCode,
  promoDiscount,
  promoProblem,
  quantityProblem,
  readStoreDonation,
  registersGuests,
  renewedHoldEnd,
  storeAmounts,
  storeMessages,
  available,
} from './rules';

const promo = (over: Partial<PromoCode> = {}): PromoCode => ({
  kind: 'percent',
  value: 1_000,
  validfrom: null,
  validuntil: null,
  maxuses: null,
  itemIds: [],
  ...over,
});
const line = (itemId: number, price: number, quantity = 1): PricedLine => ({ itemId, price, quantity });
const subtotalOf = (lines: PricedLine[]) => lines.reduce((s, l) => s + l.price * l.quantity, 0);

const lineArb = fc.record({
  itemId: fc.integer({ min: 1, max: 6 }),
  price: fc.integer({ min: 0, max: 500_000 }),
  quantity: fc.integer({ min: 0, max: 20 }),
});
const linesArb = fc.uniqueArray(lineArb, { selector: (l) => l.itemId, maxLength: 6 });
const promoArb = fc.oneof(
  fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ kind: fc.constant('amount' as const), value: fc.integer({ min: 1, max: 10_000_000 }) }),
);

describe('available', () => {
  it('is quantity − sold − held, never below 0, and always enough for an unlimited item', () => {
    expect(available({ quantity: 10, unlimited: false, sold: 3, held: 4 })).toBe(3);
    expect(available({ quantity: 10, unlimited: false, sold: 6, held: 6 })).toBe(0);
    expect(available({ quantity: 0, unlimited: true, sold: 900, held: 900 })).toBe(MAX_LINE_QUANTITY);
  });

  it('is never negative and never above quantity − sold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (quantity, soldSeed, held) => {
          const sold = soldSeed % (quantity + 1);
          const left = available({ quantity, unlimited: false, sold, held });
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left).toBeLessThanOrEqual(quantity - sold);
          expect(left).toBe(Math.max(0, quantity - sold - held));
        },
      ),
    );
  });

  it('never lets an unlimited item’s sold count pass what its int4 column holds (it sells out instead)', () => {
    expect(available({ quantity: 0, unlimited: true, sold: INT4_MAX - 5, held: 2 })).toBe(3);
    expect(available({ quantity: 0, unlimited: true, sold: INT4_MAX, held: 0 })).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: INT4_MAX }), fc.integer({ min: 0, max: 100_000 }), (sold, held) => {
        const left = available({ quantity: 0, unlimited: true, sold, held: Math.min(held, INT4_MAX - sold) });
        expect(sold + Math.min(held, INT4_MAX - sold) + left).toBeLessThanOrEqual(INT4_MAX);
        expect(left).toBeLessThanOrEqual(MAX_LINE_QUANTITY);
      }),
    );
  });
});

describe('quantityProblem', () => {
  it('refuses only above a max per transaction that is not 0', () => {
    expect(quantityProblem(5, 4)).toEqual({ kind: 'max', max: 4 });
    expect(quantityProblem(4, 4)).toBeUndefined();
    expect(quantityProblem(9_999, 0)).toBeUndefined();
    expect(quantityProblem(0, 1)).toBeUndefined();
  });
});

describe('promoDiscount', () => {
  it('rounds a percent half up to the cent: 10% of $3.25 is 33 cents', () => {
    expect(promoDiscount(promo({ value: 1_000 }), [line(1, 325)])).toBe(33);
    expect(promoDiscount(promo({ value: 1_000 }), [line(1, 324)])).toBe(32);
    expect(promoDiscount(promo({ value: 1_500 }), [line(1, 10_000, 2)])).toBe(3_000);
    expect(promoDiscount(promo({ value: 250 }), [line(1, 1_999)])).toBe(50);
  });

  it('takes a fixed amount off, capped at what the eligible lines come to', () => {
    expect(promoDiscount(promo({ kind: 'amount', value: 2_000 }), [line(1, 5_000)])).toBe(2_000);
    expect(promoDiscount(promo({ kind: 'amount', value: 5_000 }), [line(1, 3_000)])).toBe(3_000);
    expect(
      promoDiscount(promo({ kind: 'amount', value: 5_000, itemIds: [2] }), [line(1, 10_000), line(2, 1_500)]),
    ).toBe(1_500);
  });

  it('counts only the items the code names', () => {
    expect(promoDiscount(promo({ value: 1_000, itemIds: [2] }), [line(1, 10_000), line(2, 2_000, 2)])).toBe(400);
    expect(promoDiscount(promo({ value: 1_000, itemIds: [3] }), [line(1, 10_000)])).toBe(0);
    expect(promoDiscount(promo(), [])).toBe(0);
  });

  it('never exceeds the eligible subtotal and is never negative', () => {
    fc.assert(
      fc.property(
        linesArb,
        promoArb,
        fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
        (lines, kind, itemIds) => {
          const p = promo({ ...kind, itemIds });
          const eligible = subtotalOf(itemIds.length === 0 ? lines : lines.filter((l) => itemIds.includes(l.itemId)));
          const off = promoDiscount(p, lines);
          expect(Number.isInteger(off)).toBe(true);
          expect(off).toBeGreaterThanOrEqual(0);
          expect(off).toBeLessThanOrEqual(eligible);
          if (p.kind === 'percent')
            expect(off).toBe(Math.min(eligible, Math.floor((eligible * p.value + 5_000) / 10_000)));
          else expect(off).toBe(Math.min(eligible, p.value));
        },
      ),
    );
  });
});

describe('promoProblem', () => {
  const now = new Date('2026-12-01T18:00:00Z');
  const before = new Date(now.getTime() - 60_000);
  const after = new Date(now.getTime() + 60_000);
  const lines = [line(1, 5_000)];

  it('answers undefined for a code that applies now', () => {
    expect(promoProblem(promo({ validfrom: before, validuntil: after, maxuses: 3 }), lines, 2, now)).toBeUndefined();
    expect(promoProblem(promo({ validfrom: now, validuntil: now }), lines, 0, now)).toBeUndefined();
  });

  it('names the code not yet valid, expired, used up, or without eligible items', () => {
    expect(promoProblem(promo({ validfrom: after }), lines, 0, now)).toBe(storeMessages.promoNotYet);
    expect(promoProblem(promo({ validuntil: before }), lines, 0, now)).toBe(storeMessages.promoExpired);
    expect(promoProblem(promo({ maxuses: 2 }), lines, 2, now)).toBe(storeMessages.promoUsedUp);
    expect(promoProblem(promo({ maxuses: 2 }), lines, 5, now)).toBe(storeMessages.promoUsedUp);
    expect(promoProblem(promo({ itemIds: [9] }), lines, 0, now)).toBe(storeMessages.promoNoItems);
    expect(promoProblem(promo(), [], 0, now)).toBe(storeMessages.promoNoItems);
    expect(promoProblem(promo(), [line(1, 0, 3)], 0, now)).toBe(storeMessages.promoNoItems);
  });

  it('checks the dates before the uses, and the uses before the items', () => {
    expect(promoProblem(promo({ validfrom: after, maxuses: 1, itemIds: [9] }), lines, 1, now)).toBe(
      storeMessages.promoNotYet,
    );
    expect(promoProblem(promo({ validuntil: before, maxuses: 1, itemIds: [9] }), lines, 1, now)).toBe(
      storeMessages.promoExpired,
    );
    expect(promoProblem(promo({ maxuses: 1, itemIds: [9] }), lines, 1, now)).toBe(storeMessages.promoUsedUp);
  });
});

describe('storeAmounts', () => {
  it('takes the fee on subtotal + donation − discount, rounded half up', () => {
    // $100.00 + $50.00 − $10.00 = $140.00; 3% = $4.20.
    expect(
      storeAmounts({ lines: [line(1, 10_000)], discount: 1_000, donation: 5_000, coverFee: true, percent: 3 }),
    ).toEqual({ subtotal: 10_000, discount: 1_000, donation: 5_000, fee: 420, total: 14_420 });
    // $10.50 at 3% is 31.5 cents: 32.
    expect(storeAmounts({ lines: [line(1, 1_050)], discount: 0, donation: 0, coverFee: true, percent: 3 }).fee).toBe(
      32,
    );
    // 2.9% of $10.00 is exactly 29 cents.
    expect(storeAmounts({ lines: [line(1, 500, 2)], discount: 0, donation: 0, coverFee: true, percent: 2.9 }).fee).toBe(
      29,
    );
  });

  it('adds no fee unless the buyer covers it', () => {
    expect(storeAmounts({ lines: [line(1, 10_000)], discount: 0, donation: 0, coverFee: false, percent: 3 })).toEqual({
      subtotal: 10_000,
      discount: 0,
      donation: 0,
      fee: 0,
      total: 10_000,
    });
  });

  it('never takes more discount than the subtotal', () => {
    expect(
      storeAmounts({ lines: [line(1, 1_000)], discount: 5_000, donation: 2_000, coverFee: false, percent: 0 }),
    ).toEqual({ subtotal: 1_000, discount: 1_000, donation: 2_000, fee: 0, total: 2_000 });
  });

  it('totals subtotal + donation + fee − discount, never below 0', () => {
    fc.assert(
      fc.property(
        linesArb,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: MAX_STORE_DONATION }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2_000 }).map((bp) => bp / 100),
        (lines, discount, donation, coverFee, percent) => {
          const a = storeAmounts({ lines, discount, donation, coverFee, percent });
          expect(a.subtotal).toBe(subtotalOf(lines));
          expect(a.discount).toBe(Math.min(discount, a.subtotal));
          const base = a.subtotal + donation - a.discount;
          expect(a.fee).toBe(
            coverFee && base > 0 ? Math.floor((base * Math.round(percent * 100) + 5_000) / 10_000) : 0,
          );
          expect(a.total).toBe(a.subtotal + a.donation + a.fee - a.discount);
          expect(a.total).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('labels the fee box with the percent to two decimals', () => {
    expect(feeLabel(3, 123)).toBe('Add 3.00% to cover card processing fees ($1.23)');
    expect(feeLabel(2.9, 29)).toBe('Add 2.90% to cover card processing fees ($0.29)');
  });
});

describe('readStoreDonation', () => {
  it('keeps whole dollars of what was typed', () => {
    expect(readStoreDonation('25')).toBe(2_500);
    expect(readStoreDonation('25.75')).toBe(2_500);
    expect(readStoreDonation('$1,000')).toBe(100_000);
    expect(readStoreDonation(' 7 ')).toBe(700);
  });

  it('caps at $100,000', () => {
    expect(readStoreDonation('100000')).toBe(MAX_STORE_DONATION);
    expect(readStoreDonation('100001')).toBe(MAX_STORE_DONATION);
    expect(readStoreDonation('99999999999')).toBe(MAX_STORE_DONATION);
  });

  it('reads junk as 0', () => {
    for (const junk of ['', 'abc', '.', '..', '.50', '$', 'ten dollars']) expect(readStoreDonation(junk), junk).toBe(0);
  });

  it('keeps nothing of a negative amount', () => {
    expect(readStoreDonation('-5')).toBe(0);
  });

  it('is always whole dollars between 0 and the cap', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const c = readStoreDonation(typed);
        expect(c % 100).toBe(0);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(MAX_STORE_DONATION);
      }),
    );
  });
});

describe('cartCountdown', () => {
  const s = 1_000;
  it('drops leading units while they are 0', () => {
    expect(cartCountdown((14 * 60 + 5) * s)).toBe('Cart Expires in 14m 05s');
    expect(cartCountdown((3_600 + 5) * s)).toBe('Cart Expires in 1h 00m 05s');
    expect(cartCountdown((2 * 86_400 + 3 * 3_600 + 9) * s)).toBe('Cart Expires in 2d 03h 00m 09s');
    expect(cartCountdown(5 * s)).toBe('Cart Expires in 5s');
    expect(cartCountdown(60 * s)).toBe('Cart Expires in 1m 00s');
  });

  it('counts a part of a second as a whole one', () => {
    expect(cartCountdown(500)).toBe('Cart Expires in 1s');
    expect(cartCountdown(4_001)).toBe('Cart Expires in 5s');
  });

  it('shows the expired words at 0 and below', () => {
    expect(cartCountdown(0)).toBe('Cart Expired. Please reload the page');
    expect(cartCountdown(-1)).toBe(storeMessages.cartExpired);
    expect(cartCountdown(-60_000)).toBe(storeMessages.cartExpired);
  });
});

describe('the hold and its lifetime', () => {
  const start = new Date('2026-12-01T18:00:00.250Z');
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  const whole = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

  it('lasts twice the hold from the first item', () => {
    expect(HOLD_LIFETIME_HOLDS).toBe(2);
    expect(holdLifetimeEnd(start, 15)).toEqual(whole(at(30)));
  });

  it('runs holdMinutes from now until the lifetime caps it, on whole seconds', () => {
    // A cart that has never held an item has no lifetime yet.
    expect(renewedHoldEnd(at(100), 15, null)).toEqual(whole(at(115)));
    expect(renewedHoldEnd(start, 15, start)).toEqual(whole(at(15)));
    expect(renewedHoldEnd(at(10), 15, start)).toEqual(whole(at(25)));
    expect(renewedHoldEnd(at(20), 15, start)).toEqual(whole(at(30)));
    // Past the lifetime the hold has already ended: the cart expires like any other.
    expect(renewedHoldEnd(at(45), 15, start)).toEqual(whole(at(30)));
  });

  it('never passes the lifetime nor holdMinutes from now, and never runs backwards as the cart is touched', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 * 60 }),
        fc.array(fc.integer({ min: 0, max: 120_000 }), { maxLength: 40 }),
        (holdMinutes, gaps) => {
          const first = start;
          const limit = holdLifetimeEnd(first, holdMinutes).getTime();
          let now = first.getTime();
          let last = 0;
          for (const gap of [0, ...gaps]) {
            now += gap;
            const end = renewedHoldEnd(new Date(now), holdMinutes, first).getTime();
            expect(end % 1000).toBe(0);
            expect(end).toBeLessThanOrEqual(limit);
            expect(end).toBeLessThanOrEqual(now + holdMinutes * 60_000);
            // As long as it may be: the whole hold (less the part of a second cut to whole seconds), or the lifetime's end.
            expect(end).toBeGreaterThanOrEqual(Math.min(now + holdMinutes * 60_000 - 999, limit));
            expect(end).toBeGreaterThanOrEqual(last);
            last = end;
          }
        },
      ),
    );
  });

  it('ends for good: a cart touched every minute still loses its hold at the lifetime', () => {
    const holdMinutes = 15;
    let expires = renewedHoldEnd(start, holdMinutes, start);
    for (let minute = 1; at(minute) < expires; minute++) expires = renewedHoldEnd(at(minute), holdMinutes, start);
    expect(expires).toEqual(holdLifetimeEnd(start, holdMinutes));
  });
});

describe('currentPrice', () => {
  it("is the item's price, and 0 for a free item whatever its price says", () => {
    expect(currentPrice({ price: 17_500, itemtypecode: 1 })).toBe(17_500);
    expect(currentPrice({ price: 17_500, itemtypecode: FREE_ITEM_TYPE })).toBe(0);
  });
});

describe('MAX_HOLDING_CARTS_PER_ADDRESS', () => {
  it("leaves room for a venue's shared Wi-Fi", () => {
    expect(MAX_HOLDING_CARTS_PER_ADDRESS).toBeGreaterThanOrEqual(50);
  });
});

describe('registersGuests', () => {
  const tabs = (enabled: boolean) => ({ tabs: [{ tabname: 'Registration', enabled }] });
  it('follows a purchase with seats in a store whose Registration tab is on', () => {
    expect(registersGuests([{ seats: 0 }, { seats: 8 }], tabs(true))).toBe(true);
    expect(registersGuests([{ seats: 8 }], tabs(false))).toBe(false);
    expect(registersGuests([{ seats: 0 }], tabs(true))).toBe(false);
    expect(registersGuests([{ seats: 8 }], { tabs: [{ tabname: 'Tickets', enabled: true }] })).toBe(false);
  });
});
