import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AuctionItem } from '../api/items';
import { itemLook, itemTime, itemVariant } from '../items/look';
import type { SORTS } from './catalog';
import {
  applyCatalogQuery,
  availableFilters,
  buyNowLimit,
  buyNowSubtotal,
  cartTotal,
  headerCountdown,
  showPlaceBid,
  showUpdateMaxBid,
  tagsOf,
  USER_STATUS_LABEL,
  userItemStatus,
} from './catalog';

const base: AuctionItem = {
  itemid: 1,
  name: 'Item',
  description: '',
  longdescription: '',
  itemnum: '1',
  donatedby: '',
  fairmarketvalue: 0,
  ispriceless: false,
  imageurl: '',
  tags: '',
  location: '',
  quantity: 1,
  quantityavailable: 1,
  unlimitedquantity: false,
  maxpurchasequantity: 0,
  maxpurchaseperbidder: 0,
  buyitnowonly: false,
  buyitnowavailable: false,
  buyitnowprice: 0,
  itemisliveonly: false,
  allowautobid: true,
  startingbid: 10,
  lastbid: 0,
  currentbid: 0,
  minimumbidincrease: 1,
  minimumnextbid: 10,
  numberofbids: 0,
  bidstatus: 'biddingopen',
  closing: '2026-12-05T02:00:00Z',
  closingcst: '',
  featured: 0,
  watchlist: false,
  currentlywinningbid: false,
  accountbiddingon: false,
  accountisautobid: false,
  accountautobidamount: 0,
  accountautobidincrement: 0,
  needscardtobid: false,
  historyid: 0,
};
const item = (over: Partial<AuctionItem>): AuctionItem => ({ ...base, ...over });

describe('cards and labels', () => {
  it('picks the card variant', () => {
    expect(itemVariant(item({}))).toBe('bid');
    expect(itemVariant(item({ buyitnowonly: true }))).toBe('buynow');
    expect(itemVariant(item({ itemisliveonly: true }))).toBe('live');
    expect(itemVariant(item({ quantityavailable: 0 }))).toBe('soldout');
    expect(itemVariant(item({ quantityavailable: 0, unlimitedquantity: true, buyitnowonly: true }))).toBe('buynow');
  });
  it('labels the user status', () => {
    expect(USER_STATUS_LABEL[userItemStatus(item({ currentlywinningbid: true, accountbiddingon: true }))]).toBe(
      'Current High Bidder',
    );
    expect(
      USER_STATUS_LABEL[
        userItemStatus(item({ currentlywinningbid: true, accountbiddingon: true, bidstatus: 'biddingclosed' }))
      ],
    ).toBe('Winner');
    expect(USER_STATUS_LABEL[userItemStatus(item({ accountbiddingon: true }))]).toBe('Current Low Bidder');
    expect(userItemStatus(item({}))).toBe('default');
  });
  it('labels closing', () => {
    const now = new Date('2026-12-03T00:00:00Z');
    expect(itemTime(item({}), now).text).toBe('2d 2h left');
    expect(itemTime(item({ bidstatus: 'biddingclosed' }), now).text).toBe('Closed');
    expect(itemLook(item({ quantityavailable: 0 }), now, 'card').time?.text).toBe('Closed');
  });
  it('shows Place Bid and Update Max Bid by the spec', () => {
    expect(showPlaceBid(item({}), true)).toBe(true);
    expect(showPlaceBid(item({}), false)).toBe(false);
    expect(showPlaceBid(item({ buyitnowonly: true }), true)).toBe(false);
    expect(showPlaceBid(item({ itemisliveonly: true }), true)).toBe(false);
    expect(showPlaceBid(item({ bidstatus: 'biddingclosed' }), true)).toBe(false);
    expect(showPlaceBid(item({ currentlywinningbid: true, accountisautobid: true }), true)).toBe(false);
    expect(showUpdateMaxBid(item({ currentlywinningbid: true, accountisautobid: true }), true)).toBe(true);
  });
});

describe('Buy It Now', () => {
  it('limits the quantity', () => {
    expect(buyNowLimit(item({ quantityavailable: 5, maxpurchasequantity: 2 }))).toBe(2);
    expect(buyNowLimit(item({ quantityavailable: 1, maxpurchasequantity: 2 }))).toBe(1);
    expect(buyNowLimit(item({ quantityavailable: 4 }))).toBe(4);
    expect(buyNowLimit(item({ unlimitedquantity: true, maxpurchasequantity: 6 }))).toBe(6);
  });
  it('multiplies in cents, so the subtotal is exact', () => {
    expect(buyNowSubtotal(1999, 3)).toBe(5997);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 100 }), (cents, q) => {
        expect(Number.isInteger(buyNowSubtotal(cents, q))).toBe(true);
        expect(buyNowSubtotal(cents, q)).toBe(cents * q);
      }),
    );
  });
});

describe('search, filters and sorts', () => {
  const items = [
    item({
      itemid: 1,
      name: 'Wine Basket',
      tags: 'Food,Wine',
      watchlist: true,
      featured: 2,
      currentbid: 50,
      numberofbids: 1,
    }),
    item({ itemid: 2, name: 'Ski Trip', tags: 'Travel', itemisliveonly: true, featured: 1, startingbid: 500 }),
    item({
      itemid: 3,
      name: 'wine tour',
      tags: 'Travel,Wine',
      accountbiddingon: true,
      featured: 3,
      currentbid: 200,
      numberofbids: 2,
      closing: '2026-12-04T00:00:00Z',
    }),
  ];
  const q = { search: '', filters: [], tags: [], sort: 'Featured Items' as const };
  it('searches names case-insensitively', () => {
    expect(applyCatalogQuery(items, { ...q, search: 'WINE' }).map((i) => i.itemid)).toEqual([1, 3]);
    expect(applyCatalogQuery(items, { ...q, search: 'zzz' })).toEqual([]);
  });
  it('ORs filters, ORs tags, and unions both', () => {
    expect(applyCatalogQuery(items, { ...q, filters: ['Watchlist', 'My Bids'] }).map((i) => i.itemid)).toEqual([1, 3]);
    expect(applyCatalogQuery(items, { ...q, tags: ['Food'] }).map((i) => i.itemid)).toEqual([1]);
    expect(
      applyCatalogQuery(items, { ...q, filters: ['Live Auction Only'], tags: ['Food'] }).map((i) => i.itemid),
    ).toEqual([2, 1]);
  });
  it('sorts six ways', () => {
    const ids = (sort: (typeof SORTS)[number]) => applyCatalogQuery(items, { ...q, sort }).map((i) => i.itemid);
    expect(ids('Featured Items')).toEqual([2, 1, 3]);
    expect(ids('Ending Soonest')).toEqual([3, 2, 1]);
    expect(ids('A to Z')).toEqual([2, 1, 3]);
    expect(ids('Z to A')).toEqual([3, 1, 2]);
    expect(ids('Price Low to High')).toEqual([1, 3, 2]);
    expect(ids('Price High to Low')).toEqual([2, 3, 1]);
  });
  it('offers Live Auction Only only with live items, and tags from the items', () => {
    expect(availableFilters(items)).toContain('Live Auction Only');
    expect(availableFilters([items[0] as AuctionItem])).not.toContain('Live Auction Only');
    expect(availableFilters(items, true)).toEqual(['Live Auction Only', 'Online Auction']);
    expect(tagsOf(items)).toEqual(['Food', 'Travel', 'Wine']);
  });
});

describe('header countdown and cart', () => {
  const close = new Date('2026-12-05T02:00:00Z');
  it('counts down in the last hour and prompts checkout after', () => {
    expect(headerCountdown(close, new Date(close.getTime() - 2 * 3_600_000), 0)).toEqual({ kind: 'none' });
    expect(headerCountdown(close, new Date(close.getTime() - 61_000), 0)).toEqual({
      kind: 'closing',
      text: 'Bidding Closes in 01:01',
    });
    expect(headerCountdown(close, close, 2)).toEqual({
      kind: 'closed',
      text: 'Bidding Closed; Go to Checkout',
      toCheckout: true,
    });
    expect(headerCountdown(close, close, 0)).toEqual({ kind: 'closed', text: 'BIDDING CLOSED', toCheckout: false });
  });
  it('adds checked lines only', () => {
    expect(
      cartTotal([
        { amount: 1010, quantity: 3, checked: true },
        { amount: 500, quantity: 1, checked: false },
      ]),
    ).toBe(3030);
  });
});
