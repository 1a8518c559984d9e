import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BOARD_PAGE_SIZE,
  BOARD_TIMEFRAME_SECONDS,
  boardBidderName,
  boardBuyNow,
  boardCountdown,
  boardMessages,
  boardPage,
  boardPageCount,
  boardPriceLine,
  boardQuantity,
  boardTakesBids,
  boardTitle,
  goalPercent,
  parseBoardRoute,
  type BoardPriced,
} from './board';

describe('parseBoardRoute', () => {
  it('reads the detail routes: location and timeframe, defaults otherwise', () => {
    expect(parseBoardRoute('/gala/detail')).toEqual({
      eventcode: 'gala',
      view: 'detail',
      location: '',
      timeframeSeconds: BOARD_TIMEFRAME_SECONDS,
      pageSize: 1,
    });
    expect(parseBoardRoute('/gala/detail/Main%20Hall')).toMatchObject({ location: 'Main Hall', timeframeSeconds: 10 });
    expect(parseBoardRoute('/gala/detail/Main%20Hall/15/')).toMatchObject({
      location: 'Main Hall',
      timeframeSeconds: 15,
      pageSize: 1,
    });
  });

  it('reads the list routes: location, timeframe, pagecount, and list/pc/{pagecount}', () => {
    expect(parseBoardRoute('/gala/list')).toMatchObject({
      view: 'list',
      location: '',
      timeframeSeconds: 10,
      pageSize: BOARD_PAGE_SIZE,
    });
    expect(parseBoardRoute('/gala/list/Silent%20Room')).toMatchObject({ location: 'Silent Room', pageSize: 6 });
    expect(parseBoardRoute('/gala/list/Silent%20Room/20/4')).toMatchObject({
      location: 'Silent Room',
      timeframeSeconds: 20,
      pageSize: 4,
    });
    expect(parseBoardRoute('/gala/list/pc/2')).toMatchObject({ location: '', pageSize: 2, timeframeSeconds: 10 });
    expect(parseBoardRoute('/gala/list/PC/3')).toMatchObject({ location: '', pageSize: 3 });
  });

  it('takes timeframe and pagecount from the query too; the path wins', () => {
    expect(parseBoardRoute('/gala/list', '?pagecount=3&timeframe=5')).toMatchObject({
      pageSize: 3,
      timeframeSeconds: 5,
    });
    expect(parseBoardRoute('/gala/list/Hall/20/4', '?pagecount=3&timeframe=5')).toMatchObject({
      pageSize: 4,
      timeframeSeconds: 20,
    });
    expect(parseBoardRoute('/gala/detail', 'timeframe=30')).toMatchObject({ timeframeSeconds: 30, pageSize: 1 });
  });

  it('falls back to the defaults for numbers out of bounds or not numbers', () => {
    for (const bad of ['0', '-1', '2', '601', 'ten', '1e3', '9999999', '']) {
      expect(parseBoardRoute(`/gala/detail/Hall/${bad}`)?.timeframeSeconds).toBe(BOARD_TIMEFRAME_SECONDS);
      expect(parseBoardRoute('/gala/list', `?timeframe=${bad}`)?.timeframeSeconds).toBe(BOARD_TIMEFRAME_SECONDS);
    }
    for (const bad of ['0', '13', 'six', '-3'])
      expect(parseBoardRoute(`/gala/list/pc/${bad}`)?.pageSize).toBe(BOARD_PAGE_SIZE);
  });

  it('is not a board for other paths, and survives a broken escape', () => {
    for (const path of [
      '/',
      '/gala',
      '/gala/auction-items',
      '/gala/detail/a/10/extra',
      '/gala/list/a/1/2/3',
      '/gala/listing',
    ])
      expect(parseBoardRoute(path)).toBeNull();
    expect(parseBoardRoute('/gala/list/%E0%A4%A')).toMatchObject({ location: '%E0%A4%A' });
  });

  it('never throws and always gives bounded numbers', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 6 }), fc.string(), (segments, search) => {
        const route = parseBoardRoute(`/${segments.join('/')}`, search);
        if (!route) return;
        expect(route.timeframeSeconds).toBeGreaterThanOrEqual(3);
        expect(route.timeframeSeconds).toBeLessThanOrEqual(600);
        expect(route.pageSize).toBeGreaterThanOrEqual(1);
        expect(route.pageSize).toBeLessThanOrEqual(12);
      }),
    );
  });
});

describe('the board’s words', () => {
  it('titles a location board "{location} items", else "All Items"', () => {
    expect(boardTitle('Main Hall')).toBe('Main Hall items');
    expect(boardTitle('')).toBe('All Items');
  });

  it('counts down to the close, then says Bidding Closed', () => {
    const opens = new Date('2026-12-05T18:00:00Z');
    const closes = new Date('2026-12-05T21:00:00Z');
    expect(boardCountdown(new Date('2026-12-05T17:30:00Z'), opens, closes)).toEqual({
      text: 'Bidding Opens in 30:00',
      closed: false,
    });
    expect(boardCountdown(new Date('2026-12-05T18:30:00Z'), opens, closes)).toEqual({
      text: 'Bidding Ends in 2h 30m',
      closed: false,
    });
    expect(boardCountdown(new Date('2026-12-05T20:55:01Z'), opens, closes)).toEqual({
      text: 'Bidding Ends in 04:59',
      closed: false,
    });
    expect(boardCountdown(closes, opens, closes)).toEqual({ text: 'Bidding Closed', closed: true });
    expect(boardCountdown(new Date('2026-12-06T00:00:00Z'), opens, closes).text).toBe(boardMessages.closed);
  });

  const priced = (over: Partial<BoardPriced> = {}): BoardPriced => ({
    currentbid: 0,
    lastbid: 0,
    startingbid: 60_000,
    numberofbids: 0,
    buyitnowonly: false,
    buyitnowprice: 0,
    itemisliveonly: false,
    quantityavailable: 1,
    quantityunlimited: false,
    ...over,
  });

  it('prices without decimals: starting bid, current bid, Buy It Now, and the words that replace a price', () => {
    expect(boardPriceLine(priced())).toEqual({ label: 'Starting Bid', value: '$600' });
    expect(boardPriceLine(priced({ numberofbids: 3, currentbid: 125_050 }))).toEqual({
      label: 'Current Bid',
      value: '$1,251',
    });
    expect(boardPriceLine(priced({ buyitnowonly: true, buyitnowprice: 9_000, quantityavailable: 5 }))).toEqual({
      label: 'Buy It Now',
      value: '$90',
    });
    expect(boardPriceLine(priced({ quantityavailable: 0, numberofbids: 2, currentbid: 100 }))).toEqual({
      label: '',
      value: 'Sold Out',
    });
    expect(
      boardPriceLine(
        priced({ buyitnowonly: true, quantityunlimited: true, quantityavailable: 0, buyitnowprice: 2_500 }),
      ),
    ).toEqual({ label: 'Buy It Now', value: '$25' });
    expect(boardPriceLine(priced({ itemisliveonly: true }))).toEqual({ label: '', value: 'Live Auction' });
  });

  it('shows a Buy It Now price beside the bids only where an item taking bids also sells now', () => {
    expect(boardBuyNow({ buyitnowavailable: true, buyitnowonly: false, buyitnowprice: 140_000 })).toBe(140_000);
    expect(boardBuyNow({ buyitnowavailable: false, buyitnowonly: false, buyitnowprice: 140_000 })).toBeNull();
    expect(boardBuyNow({ buyitnowavailable: true, buyitnowonly: true, buyitnowprice: 9_000 })).toBeNull();
    expect(boardBuyNow({ buyitnowavailable: true, buyitnowonly: false, buyitnowprice: 0 })).toBeNull();
    expect(boardTakesBids({ buyitnowonly: false, itemisliveonly: false })).toBe(true);
    expect(boardTakesBids({ buyitnowonly: true, itemisliveonly: false })).toBe(false);
    expect(boardTakesBids({ buyitnowonly: false, itemisliveonly: true })).toBe(false);
  });

  it('says how many are left, or Unlimited', () => {
    expect(boardQuantity({ quantityavailable: 4, quantityunlimited: false })).toBe('4');
    expect(boardQuantity({ quantityavailable: -1, quantityunlimited: false })).toBe('0');
    expect(boardQuantity({ quantityavailable: 0, quantityunlimited: true })).toBe('Unlimited');
  });

  it('names a bidder on the ticker by number, or Anonymous', () => {
    expect(boardBidderName(12)).toBe('Bidder #12');
    expect(boardBidderName(null)).toBe('Anonymous');
  });
});

describe('goalPercent', () => {
  it('is 0 without a goal, and capped at 100', () => {
    expect(goalPercent(5_000, 0)).toBe(0);
    expect(goalPercent(2_500_000, 10_000_000)).toBe(25);
    expect(goalPercent(20_000_000, 10_000_000)).toBe(100);
  });

  it('stays within 0 to 100 and grows with the amount raised', () => {
    fc.assert(
      fc.property(fc.nat(1e10), fc.nat(1e10), fc.integer({ min: 1, max: 1e10 }), (a, b, goal) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const p = goalPercent(low, goal);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
        expect(goalPercent(high, goal)).toBeGreaterThanOrEqual(p);
      }),
    );
  });
});

describe('slideshow pages', () => {
  it('shows every item exactly once over a round of pages, and wraps around', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), (items, size) => {
        const pages = boardPageCount(items.length, size);
        const shown = Array.from({ length: pages }, (_, p) => boardPage(items, p, size)).flat();
        expect(shown).toEqual(items);
        for (let p = 0; p < pages; p++) expect(boardPage(items, p, size).length).toBeLessThanOrEqual(size);
        expect(boardPage(items, pages, size)).toEqual(boardPage(items, 0, size));
      }),
    );
  });

  it('has one (empty) page when there are no items', () => {
    expect(boardPageCount(0, 6)).toBe(1);
    expect(boardPage([], 3, 6)).toEqual([]);
  });
});
