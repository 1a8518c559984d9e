import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { submitBidRequest } from '../api/bids';
import { INT4_MAX } from '../bounds';
import { buyNowLimit } from '../catalog/catalog';
import { zodProblems } from '../validation';
import {
  buyNowAllowance,
  buyNowMessages,
  buyNowQuantityProblem,
  buyNowView,
  MAX_ITEM_UNITS,
  quantityAvailable,
} from './rules';

/**
 * Security finding 11: an item's maxpurchasequantity limits one bidder across all their Buy It Now
 * purchases, and no purchase can make the sold count overflow its integer column.
 */

const unlimited = { quantity: 0, quantitysold: 0, unlimitedquantity: true, maxpurchasequantity: 5 };
const limited = { quantity: 20, quantitysold: 0, unlimitedquantity: false, maxpurchasequantity: 5 };
const offer = { buyitnowonly: true, buyitnowavailable: false, buyitnowprice: 1_000_00, currentbid: null };

/** Plays a bidder's purchases in order, as the server does under the item's lock: answers what was refused and what they hold. */
function play(item: typeof limited, asks: number[]): { bought: number; sold: number; refusals: string[] } {
  let bought = 0;
  let sold = item.quantitysold;
  const refusals: string[] = [];
  for (const quantity of asks) {
    const problem = buyNowQuantityProblem({ ...item, quantitysold: sold }, bought, quantity);
    if (problem) refusals.push(problem);
    else {
      bought += quantity;
      sold += quantity;
    }
  }
  return { bought, sold, refusals };
}

describe('the per-bidder allowance', () => {
  it('is what is left of the limit, and none without a limit', () => {
    expect(buyNowAllowance(5, 0)).toBe(5);
    expect(buyNowAllowance(5, 3)).toBe(2);
    expect(buyNowAllowance(5, 5)).toBe(0);
    expect(buyNowAllowance(5, 9)).toBe(0);
    expect(buyNowAllowance(0, 100)).toBeNull();
  });

  it('replays the attack: three purchases of 5 of an unlimited item with a limit of 5 take 5 in all', () => {
    expect(play(unlimited, [5, 5, 5])).toEqual({
      bought: 5,
      sold: 5,
      refusals: [buyNowMessages.limitReached(5), buyNowMessages.limitReached(5)],
    });
    expect(play(unlimited, [2, 4, 3, 1])).toEqual({
      bought: 5,
      sold: 5,
      refusals: [buyNowMessages.atMostMore(3), buyNowMessages.limitReached(5)],
    });
    expect(play(unlimited, [6])).toEqual({ bought: 0, sold: 0, refusals: ['You can buy at most 5 of this item.'] });
  });

  it('never lets one bidder past the limit, whatever they ask for and in whatever order', () => {
    const item = fc.record({
      quantity: fc.integer({ min: 0, max: MAX_ITEM_UNITS }),
      unlimitedquantity: fc.boolean(),
      maxpurchasequantity: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(item, fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 30 }), (i, asks) => {
        const { bought } = play({ ...i, quantitysold: 0 }, asks);
        expect(bought).toBeLessThanOrEqual(i.maxpurchasequantity);
      }),
    );
  });

  it('takes a purchase exactly when it fits the allowance, the per-purchase limit and what is left', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 100 }),
        (max, bought, left, quantity) => {
          const item = { quantity: left, quantitysold: 0, unlimitedquantity: false, maxpurchasequantity: max };
          const fits =
            quantity <= Math.min(max - bought, buyNowLimit({ ...item, quantityavailable: quantityAvailable(item) }));
          expect(buyNowQuantityProblem(item, bought, quantity) === null).toBe(fits);
          if (bought >= max)
            expect(buyNowQuantityProblem(item, bought, quantity)).toBe(
              `You have reached the limit of ${max} for this item.`,
            );
        },
      ),
    );
  });

  it('leaves an item without a limit to its per-purchase limit alone', () => {
    const open = { ...unlimited, maxpurchasequantity: 0 };
    expect(buyNowQuantityProblem(open, 10_000, 100)).toBeNull();
    expect(buyNowQuantityProblem(open, 0, 101)).toBe('You can buy at most 100 of this item.');
  });
});

describe('the item as one bidder sees it', () => {
  it('tells the phone what the bidder may still buy, and offers nothing once they have reached the limit', () => {
    const item = { ...limited, ...offer };
    expect(buyNowView(item, 0)).toEqual({ maxpurchasequantity: 5, buyitnowavailable: true });
    expect(buyNowView(item, 3)).toEqual({ maxpurchasequantity: 2, buyitnowavailable: true });
    expect(buyNowView(item, 5)).toEqual({ maxpurchasequantity: 0, buyitnowavailable: false });
    expect(buyNowView({ ...item, maxpurchasequantity: 0 }, 40)).toEqual({
      maxpurchasequantity: 0,
      buyitnowavailable: true,
    });
    expect(buyNowView({ ...item, quantitysold: 20 }, 0)).toEqual({ maxpurchasequantity: 5, buyitnowavailable: false });
  });

  it('lets the phone’s quantity picker (buyNowLimit) go no further than the server takes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 49 }),
        fc.integer({ min: 1, max: 60 }),
        fc.boolean(),
        (max, bought, left, isUnlimited) => {
          const item = {
            quantity: left,
            quantitysold: 0,
            unlimitedquantity: isUnlimited,
            maxpurchasequantity: max,
            ...offer,
          };
          const view = buyNowView(item, bought);
          if (!view.buyitnowavailable) return;
          const picker = buyNowLimit({
            maxpurchasequantity: view.maxpurchasequantity,
            quantityavailable: quantityAvailable(item),
            unlimitedquantity: isUnlimited,
          });
          expect(buyNowQuantityProblem(item, bought, picker)).toBeNull();
          expect(buyNowQuantityProblem(item, bought, picker + 1)).not.toBeNull();
        },
      ),
    );
  });
});

describe('counts that cannot overflow', () => {
  it('refuses a purchase that would carry the sold count past 2,147,483,647, saying how many still fit', () => {
    const full = { ...unlimited, maxpurchasequantity: 0, quantitysold: INT4_MAX - 3 };
    expect(buyNowQuantityProblem(full, 0, 5)).toBe('You can buy at most 3 of this item.');
    expect(buyNowQuantityProblem(full, 0, 3)).toBeNull();
    expect(buyNowQuantityProblem({ ...full, quantitysold: INT4_MAX }, 0, 1)).toBe('This item is sold out.');
  });

  it('never takes a purchase that leaves the sold count beyond an integer column', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: INT4_MAX }),
        fc.integer({ min: 0, max: MAX_ITEM_UNITS }),
        fc.integer({ min: 1, max: MAX_ITEM_UNITS }),
        (sold, max, quantity) => {
          const item = { ...unlimited, maxpurchasequantity: max, quantitysold: sold };
          if (buyNowQuantityProblem(item, 0, quantity) === null) expect(sold + quantity).toBeLessThanOrEqual(INT4_MAX);
        },
      ),
    );
  });

  it('bounds the request: no quantity beyond what any item holds reaches the server', () => {
    const ask = (quantity: number) =>
      submitBidRequest.safeParse({ eventcode: 'gala', itemid: 1, buyitnow: true, quantity });
    expect(zodProblems(ask(INT4_MAX).error ?? fail())).toEqual([
      { path: 'quantity', message: 'Quantity must be at most 1,000,000.' },
    ]);
    expect(zodProblems(ask(0).error ?? fail())).toEqual([
      { path: 'quantity', message: 'Quantity must be at least 1.' },
    ]);
    expect(ask(MAX_ITEM_UNITS).success).toBe(true);
  });
});

function fail(): never {
  throw new Error('expected a refusal');
}
