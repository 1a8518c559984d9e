import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { money, moneyIn } from '../money';
import { maxBidSchema, placeBidSchema } from './bid-forms';
import {
  amountCorrections,
  BID_CAP,
  quickBids,
  readTypedAmount,
  buyNowAvailable,
  extendedClose,
  isSoldOut,
  itemBidStatus,
  itemCloses,
  publicBidderName,
  quantityAvailable,
} from './rules';

const at = (iso: string) => new Date(`2026-12-01T${iso}:00Z`);
const event = {
  biddingopens: at('18:00'),
  biddingcloses: at('21:00'),
  extendedbiddingminutes: 0,
  extendedbiddinglatest: null,
};
const stock = { quantity: 3, quantitysold: 0, unlimitedquantity: false };
const buyNow = { ...stock, buyitnowonly: false, buyitnowavailable: true, buyitnowprice: 50_00, currentbid: null };

describe('item times', () => {
  it('closes at its own time, else the event close', () => {
    expect(itemCloses({ closing: at('20:00') }, event)).toEqual(at('20:00'));
    expect(itemCloses({ closing: null }, event)).toEqual(at('21:00'));
  });
  it('tells not open, open and closed, and a closed item stays closed', () => {
    const item = { closing: null, closedAt: null };
    expect(itemBidStatus(item, event, at('17:59'))).toBe('biddingnotopen');
    expect(itemBidStatus(item, event, at('18:00'))).toBe('biddingopen');
    expect(itemBidStatus(item, event, at('21:00'))).toBe('biddingclosed');
    expect(itemBidStatus({ closing: null, closedAt: at('19:00') }, event, at('19:30'))).toBe('biddingclosed');
  });
  it('extends the close by N minutes after a late bid, never past the latest allowed', () => {
    const ext = { ...event, extendedbiddingminutes: 5, extendedbiddinglatest: at('21:07') };
    expect(extendedClose({ closing: null }, ext, at('20:50'))).toBeUndefined();
    expect(extendedClose({ closing: null }, ext, at('20:58'))).toEqual(at('21:03'));
    expect(extendedClose({ closing: null }, ext, new Date(at('21:06').getTime() - 1))).toEqual(at('21:07'));
    expect(extendedClose({ closing: null }, event, at('20:59'))).toBeUndefined();
  });
});

describe('quantity and Buy It Now', () => {
  it('counts what is left; unlimited items never sell out', () => {
    expect(quantityAvailable({ ...stock, quantitysold: 1 })).toBe(2);
    expect(quantityAvailable({ ...stock, quantitysold: 5 })).toBe(0);
    expect(isSoldOut({ ...stock, quantitysold: 3 })).toBe(true);
    expect(isSoldOut({ ...stock, unlimitedquantity: true, quantitysold: 99 })).toBe(false);
  });
  it('offers Buy It Now while units remain and bidding is below the price', () => {
    expect(buyNowAvailable(buyNow)).toBe(true);
    expect(buyNowAvailable({ ...buyNow, currentbid: 50_00 })).toBe(false);
    expect(buyNowAvailable({ ...buyNow, buyitnowonly: true, currentbid: 60_00 })).toBe(true);
    expect(buyNowAvailable({ ...buyNow, quantitysold: 3 })).toBe(false);
    expect(buyNowAvailable({ ...buyNow, buyitnowprice: 0 })).toBe(false);
  });
});

describe('public bidder names', () => {
  const row = { firstname: 'ann', lastname: 'taylor', bidanonymously: false, bidderdisplaynumber: 7 };
  it('shows first name and initial, a number without a name, or anonymous when allowed', () => {
    expect(publicBidderName(row, true)).toBe('ann T.');
    expect(publicBidderName({ ...row, firstname: ' ' }, true)).toBe('Bidder 7');
    expect(publicBidderName({ ...row, bidanonymously: true }, true)).toBe('Anonymous Bidder');
    expect(publicBidderName({ ...row, bidanonymously: true }, false)).toBe('ann T.');
  });
});

const bidInputCents = (typed: string) => readTypedAmount(typed)?.cents ?? null;

describe('bid input', () => {
  it('reads dollars to cents, capped at $1,000,000 and rounded to cents', () => {
    expect(bidInputCents('')).toBeNull();
    expect(bidInputCents('abc')).toBeNull();
    expect(bidInputCents('$1,250.5')).toBe(125_050);
    expect(bidInputCents('1234567.899')).toBe(BID_CAP);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: BID_CAP }), (cents) => {
        expect(bidInputCents((cents / 100).toFixed(2))).toBe(cents);
      }),
    );
  });
  it('says when reading an amount capped or rounded it, and never otherwise', () => {
    expect(readTypedAmount('1234567.899')).toEqual({
      cents: BID_CAP,
      capped: true,
      rounded: false,
      typed: '1234567.899',
    });
    expect(readTypedAmount('250.555')).toEqual({ cents: 250_56, capped: false, rounded: true, typed: '250.555' });
    expect(amountCorrections('bid', readTypedAmount('1234567.899'))).toEqual([
      'You typed 1234567.899 as your bid; the most it may be is $1,000,000.00.',
    ]);
    expect(amountCorrections('bid', readTypedAmount('250.555'))).toEqual([
      'You typed 250.555 as your bid; it is rounded to $250.56.',
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: BID_CAP }), (cents) => {
        expect(amountCorrections('bid', readTypedAmount((cents / 100).toFixed(2)))).toEqual([]);
      }),
    );
  });
  it('offers the minimum and a step or two above it as quick bids, never above the cap', () => {
    expect(quickBids(100_00, 10_00)).toEqual([100_00, 110_00, 120_00]);
    expect(quickBids(50_00, 0)).toEqual([50_00, 51_00, 52_00]);
    expect(quickBids(BID_CAP - 100, 100)).toEqual([BID_CAP - 100, BID_CAP]);
  });
  it('checks a bid against the minimum with the spec message; an empty amount is an error', () => {
    const schema = placeBidSchema({ minimumnextbid: 100_00, minimumbidincrease: 10_00 });
    const typed = (v: Partial<z.input<typeof schema>>) =>
      schema.safeParse({ amount: '', auto: false, max: '', increment: '', ...v });
    expect(typed({ amount: '95' }).error?.issues[0]?.message).toBe(
      'Please adjust the bid amount. The minimum bid for this item is $100.00.',
    );
    expect(typed({ amount: '' }).error?.issues[0]?.message).toBe('Please enter your bid amount.');
    expect(typed({ amount: '100' }).data).toEqual({ request: { autobid: false, bid: 100_00 }, corrections: [] });
    expect(typed({ amount: '1234567.899' }).data?.corrections).toHaveLength(1);
    expect(typed({ auto: true, max: '50' }).error?.issues[0]?.message).toBe(
      'Maximum bid price must be at least $100.00',
    );
    expect(typed({ auto: true, max: '500', increment: '1' }).error?.issues[0]?.message).toBe(
      'Desired bid increment must be at least $10.00',
    );
    expect(typed({ auto: true, max: '500' }).data).toEqual({
      request: { autobid: true, maxbid: 500_00, increment: 10_00 },
      corrections: [],
    });
  });
  it('keeps a leader at or above their own maximum', () => {
    const schema = maxBidSchema({
      accountautobidamount: 300_00,
      accountautobidincrement: 20_00,
      minimumbidincrease: 10_00,
    });
    expect(schema.safeParse({ max: '250', increment: '' }).error?.issues[0]?.message).toBe(
      'Please adjust the max bid amount. The minimum bid for this item is $300.00.',
    );
    expect(schema.safeParse({ max: '', increment: '' }).data).toEqual({
      request: { maxbid: 300_00, increment: 20_00 },
      corrections: [],
    });
  });
});

describe('money at the API edge', () => {
  it('decodes dollars to cents and encodes back, exactly, for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * BID_CAP }), (cents) => {
        const dollars = z.encode(money, cents);
        expect(z.decode(money, dollars)).toBe(cents);
      }),
    );
  });
  it('refuses a third decimal or a negative amount in a request, naming the amount', () => {
    const bid = moneyIn('bid', BID_CAP);
    expect(bid.safeParse(230.005).error?.issues[0]?.message).toBe('The bid must have at most two decimals.');
    expect(bid.safeParse(-1).error?.issues[0]?.message).toBe('must not be negative');
    expect(bid.parse(19.99)).toBe(1999);
  });
});
