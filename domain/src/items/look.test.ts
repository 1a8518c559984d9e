import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AuctionItem } from '../api/items';
import { buyNowLimit } from '../catalog/catalog';
import { buyNowLimitNote, itemLook, itemTime, itemVariant, NOT_AUTHORIZED, whyNoBid, yourMaximum } from './look';

const now = new Date('2026-11-22T20:00:00Z');
const base = {
  itemisliveonly: false,
  buyitnowonly: false,
  buyitnowavailable: false,
  buyitnowprice: 0,
  quantityavailable: 1,
  unlimitedquantity: false,
  numberofbids: 0,
  currentbid: 0,
  startingbid: 50_00,
  bidstatus: 'biddingopen',
  closing: '2026-11-22T22:05:00Z',
  currentlywinningbid: false,
  accountisautobid: false,
} satisfies Partial<AuctionItem>;

describe('item look', () => {
  it('an open bid item shows its starting bid, then its last bid, with the time left', () => {
    expect(itemLook(base, now, 'card')).toEqual({
      variant: 'bid',
      price: { kind: 'amount', label: 'Starting Bid', amount: 50_00 },
      bids: 'No bids yet',
      time: { text: '2h 5m left', urgent: false },
      buyNow: null,
    });
    const bid = itemLook({ ...base, numberofbids: 3, currentbid: 80_00 }, now, 'card');
    expect(bid.price).toEqual({ kind: 'amount', label: 'Last Bid', amount: 80_00 });
    expect(bid.bids).toBe('3 bids');
    expect(itemLook({ ...base, numberofbids: 1, currentbid: 80_00 }, now, 'detail').price).toEqual({
      kind: 'amount',
      label: 'Current Bid',
      amount: 80_00,
    });
  });
  it('a live-only item says Live Auction and never a starting bid or bid count', () => {
    const look = itemLook({ ...base, itemisliveonly: true, startingbid: 0 }, now, 'detail');
    expect(look).toEqual({
      variant: 'live',
      price: { kind: 'word', word: 'Live Auction' },
      bids: null,
      time: null,
      buyNow: null,
    });
  });
  it('a sold-out item says SOLD OUT and Closed, with no Buy It Now offer', () => {
    const look = itemLook(
      {
        ...base,
        buyitnowonly: true,
        buyitnowavailable: false,
        buyitnowprice: 40_00,
        quantityavailable: 0,
        bidstatus: 'biddingopen',
      },
      now,
      'detail',
    );
    expect(look).toEqual({
      variant: 'soldout',
      price: { kind: 'word', word: 'SOLD OUT' },
      bids: null,
      time: { text: 'Closed', urgent: false },
      buyNow: null,
    });
  });
  it('a bid item after close shows the bid it closed at, as Winning Bid to its winner', () => {
    const closed = {
      ...base,
      bidstatus: 'biddingclosed' as const,
      numberofbids: 4,
      currentbid: 220_00,
      quantityavailable: 0,
    };
    expect(itemVariant(closed)).toBe('closed');
    expect(itemLook({ ...closed, currentlywinningbid: true }, now, 'card').price).toEqual({
      kind: 'amount',
      label: 'Winning Bid',
      amount: 220_00,
    });
    expect(itemLook(closed, now, 'card').price).toEqual({ kind: 'amount', label: 'Final Bid', amount: 220_00 });
    expect(itemLook({ ...base, bidstatus: 'biddingclosed' }, now, 'card')).toMatchObject({
      price: { kind: 'word', word: 'Closed' },
      bids: 'No bids',
    });
  });
  it('offers Buy It Now only while open with units left, telling what is left unless unlimited', () => {
    const offer = { ...base, buyitnowavailable: true, buyitnowprice: 500_00, quantityavailable: 2 };
    expect(itemLook(offer, now, 'detail').buyNow).toEqual({ price: 500_00, left: 2 });
    expect(itemLook({ ...offer, unlimitedquantity: true, quantityavailable: 0 }, now, 'detail').buyNow).toEqual({
      price: 500_00,
      left: null,
    });
    expect(itemLook({ ...offer, bidstatus: 'biddingclosed' }, now, 'detail').buyNow).toBeNull();
  });
  it('time left says left, turns urgent in the last ten minutes, and never goes negative', () => {
    expect(itemTime({ bidstatus: 'biddingopen', closing: '2026-11-22T20:09:00Z' }, now)).toEqual({
      text: '0h 9m left',
      urgent: true,
    });
    expect(itemTime({ bidstatus: 'biddingnotopen', closing: '2026-11-22T22:00:00Z' }, now).text).toBe('Not open yet');
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (ms) => {
        const t = itemTime({ bidstatus: 'biddingopen', closing: new Date(now.getTime() + ms).toISOString() }, now);
        expect(t.text === 'Closed' || t.text.endsWith(' left')).toBe(true);
        expect(t.text).not.toContain('-');
      }),
    );
  });
});

describe('why a bid page cannot take a bid', () => {
  it('names the reason for every state that takes no bid, and none when a bid is possible', () => {
    expect(whyNoBid(base, true, 'bid')).toBeNull();
    expect(whyNoBid(base, false, 'bid')).toBe(NOT_AUTHORIZED);
    expect(whyNoBid({ ...base, itemisliveonly: true }, true, 'bid')).toMatch(/live auction/);
    expect(whyNoBid({ ...base, buyitnowonly: true }, true, 'bid')).toMatch(/Buy It Now only/);
    expect(whyNoBid({ ...base, bidstatus: 'biddingclosed' }, true, 'bid')).toBe('Bidding on this item is closed.');
    expect(whyNoBid({ ...base, bidstatus: 'biddingnotopen' }, true, 'bid')).toBe('Bidding has not opened yet.');
    expect(whyNoBid({ ...base, currentlywinningbid: true, accountisautobid: true }, true, 'bid')).toMatch(
      /Update your maximum/,
    );
    expect(whyNoBid(base, true, 'max')).toBe('You have no automatic bid on this item. Place a bid instead.');
    expect(whyNoBid({ ...base, currentlywinningbid: true, accountisautobid: true }, true, 'max')).toBeNull();
  });
});

describe('the bidder’s own maximum', () => {
  const mine = {
    accountisautobid: true,
    accountautobidamount: 1_500_00,
    currentlywinningbid: true,
    bidstatus: 'biddingopen',
  } as const;
  it('is told while it keeps them in the lead, and that it was passed once outbid', () => {
    expect(yourMaximum(mine)).toBe('Your maximum: $1,500.00');
    expect(yourMaximum({ ...mine, currentlywinningbid: false })).toBe('Your maximum of $1,500.00 was passed.');
  });
  it('is nothing without an automatic bid, or after a lost close', () => {
    expect(yourMaximum({ ...mine, accountisautobid: false, accountautobidamount: 0 })).toBeNull();
    expect(yourMaximum({ ...mine, currentlywinningbid: false, bidstatus: 'biddingclosed' })).toBeNull();
  });
});

describe('why the Buy It Now quantity stops where it does', () => {
  const offer = { maxpurchasequantity: 0, maxpurchaseperbidder: 0, quantityavailable: 5, unlimitedquantity: false };
  it('names the limit per bidder, and what is left of it after a purchase', () => {
    expect(buyNowLimitNote({ ...offer, maxpurchasequantity: 2, maxpurchaseperbidder: 2 })).toBe('Limit 2 per bidder.');
    expect(buyNowLimitNote({ ...offer, maxpurchasequantity: 1, maxpurchaseperbidder: 2 })).toBe(
      'You can buy 1 more: the limit is 2 per bidder.',
    );
    expect(
      buyNowLimitNote({
        ...offer,
        unlimitedquantity: true,
        quantityavailable: 0,
        maxpurchasequantity: 3,
        maxpurchaseperbidder: 3,
      }),
    ).toBe('Limit 3 per bidder.');
  });
  it('names what is left when that comes first, and the most one purchase takes of an unlimited item', () => {
    expect(buyNowLimitNote(offer)).toBe('5 left.');
    expect(buyNowLimitNote({ ...offer, quantityavailable: 1 })).toBe('Only 1 left.');
    expect(buyNowLimitNote({ ...offer, quantityavailable: 2, maxpurchasequantity: 4, maxpurchaseperbidder: 4 })).toBe(
      '2 left.',
    );
    expect(buyNowLimitNote({ ...offer, unlimitedquantity: true, quantityavailable: 0 })).toBe(
      'Up to 100 per purchase.',
    );
  });
  it('always names the number the quantity picker stops at', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 20 }),
        fc.boolean(),
        (allowance, bought, left, unlimited) => {
          const item = {
            maxpurchasequantity: allowance,
            maxpurchaseperbidder: allowance > 0 ? allowance + bought : 0,
            quantityavailable: unlimited ? 0 : left,
            unlimitedquantity: unlimited,
          };
          expect(buyNowLimitNote(item)).toMatch(new RegExp(`\\b${buyNowLimit(item)}\\b`));
        },
      ),
    );
  });
});
