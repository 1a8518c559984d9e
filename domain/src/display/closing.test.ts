import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatTimeLeftShort } from '../time';
import { boardAddressParts, boardAvailability, boardItemNumber } from './board';
import { BOARD_CLOSING_SOON_MS, boardClosing, boardClosingWords, type BoardClosingFields } from './closing';

const opens = '2026-12-05T18:00:00.000Z';
const closes = '2026-12-05T21:00:00.000Z';
const at = (iso: string) => new Date(iso);
const open = (over: Partial<BoardClosingFields> = {}): BoardClosingFields => ({
  itemisliveonly: false,
  bidstatus: 'biddingopen',
  closing: closes,
  quantityavailable: 1,
  quantityunlimited: false,
  ...over,
});

describe('formatTimeLeftShort', () => {
  it('says days and hours, hours and minutes, minutes, then seconds in the last minute', () => {
    expect(formatTimeLeftShort(2 * 86_400_000 + 3 * 3_600_000 + 59_000)).toBe('2d 3h');
    expect(formatTimeLeftShort(3_600_000)).toBe('1h 0m');
    expect(formatTimeLeftShort(2 * 3_600_000 + 15 * 60_000 + 59_999)).toBe('2h 15m');
    expect(formatTimeLeftShort(3_599_999)).toBe('59m');
    expect(formatTimeLeftShort(12 * 60_000 + 30_000)).toBe('12m');
    expect(formatTimeLeftShort(60_000)).toBe('1m');
    expect(formatTimeLeftShort(59_999)).toBe('59s');
    expect(formatTimeLeftShort(1_000)).toBe('1s');
  });

  it("never reads '0s' before the close, nor anything negative after it", () => {
    expect(formatTimeLeftShort(400)).toBe('1s');
    expect(formatTimeLeftShort(0)).toBe('0s');
    expect(formatTimeLeftShort(-5_000)).toBe('0s');
  });
});

describe('boardClosing', () => {
  it("counts down to the item's close: 'Closes in …', in the fewest units", () => {
    expect(boardClosing(open(), opens, at('2026-12-05T18:30:00Z'))).toEqual({
      text: 'Closes in 2h 30m',
      soon: false,
      closed: false,
    });
    expect(boardClosing(open(), opens, at('2026-12-05T20:48:00Z'))).toEqual({
      text: 'Closes in 12m',
      soon: false,
      closed: false,
    });
    expect(boardClosing(open({ closing: '2026-12-07T00:00:00.000Z' }), opens, at('2026-12-05T20:00:00Z'))?.text).toBe(
      'Closes in 1d 4h',
    );
  });

  it('marks the last ten minutes closing soon, up to the last second', () => {
    const tenBefore = new Date(Date.parse(closes) - BOARD_CLOSING_SOON_MS);
    expect(boardClosing(open(), opens, new Date(tenBefore.getTime() - 1))).toMatchObject({
      text: 'Closes in 10m',
      soon: false,
    });
    expect(boardClosing(open(), opens, tenBefore)).toEqual({ text: 'Closes in 10m', soon: true, closed: false });
    expect(boardClosing(open(), opens, at('2026-12-05T20:55:30Z'))).toEqual({
      text: 'Closes in 4m',
      soon: true,
      closed: false,
    });
    expect(boardClosing(open(), opens, at('2026-12-05T20:59:15Z'))).toEqual({
      text: 'Closes in 45s',
      soon: true,
      closed: false,
    });
    expect(boardClosing(open(), opens, at('2026-12-05T20:59:59.500Z'))).toEqual({
      text: 'Closes in 1s',
      soon: true,
      closed: false,
    });
  });

  it("says 'Closed' from the close on, or once the server closed the item early", () => {
    expect(boardClosing(open(), opens, at(closes))).toEqual({
      text: boardClosingWords.closed,
      soon: false,
      closed: true,
    });
    expect(boardClosing(open(), opens, at('2026-12-06T03:00:00Z'))).toEqual({
      text: 'Closed',
      soon: false,
      closed: true,
    });
    expect(boardClosing(open({ bidstatus: 'biddingclosed' }), opens, at('2026-12-05T19:00:00Z'))).toEqual({
      text: 'Closed',
      soon: false,
      closed: true,
    });
  });

  it('uses the close it is given, so an item closing before the event counts down to its own', () => {
    const own = open({ closing: '2026-12-05T20:00:00.000Z' });
    expect(boardClosing(own, opens, at('2026-12-05T19:55:00Z'))).toEqual({
      text: 'Closes in 5m',
      soon: true,
      closed: false,
    });
    expect(boardClosing(own, opens, at('2026-12-05T20:30:00Z'))?.closed).toBe(true);
  });

  it('works from the times, not a stale status: an item answered before opening counts down once bidding opens', () => {
    const early = open({ bidstatus: 'biddingnotopen' });
    expect(boardClosing(early, opens, at('2026-12-05T17:59:59Z'))).toBeNull();
    expect(boardClosing(early, opens, at('2026-12-05T18:00:00Z'))).toEqual({
      text: 'Closes in 3h 0m',
      soon: false,
      closed: false,
    });
  });

  it('says nothing of a live-auction item, a sold-out one, or a close it cannot read', () => {
    const now = at('2026-12-05T20:55:00Z');
    expect(boardClosing(open({ itemisliveonly: true }), opens, now)).toBeNull();
    expect(boardClosing(open({ quantityavailable: 0 }), opens, now)).toBeNull();
    expect(boardClosing(open({ closing: '' }), opens, now)).toBeNull();
    // Unlimited units never run out.
    expect(boardClosing(open({ quantityavailable: 0, quantityunlimited: true }), opens, now)?.soon).toBe(true);
  });

  it('is closing soon exactly when open with ten minutes or less to go', () => {
    const closeMs = Date.parse(closes);
    fc.assert(
      fc.property(fc.integer({ min: -3_600_000, max: 3 * 3_600_000 }), (before) => {
        const c = boardClosing(open(), opens, new Date(closeMs - before));
        if (!c) throw new Error('an open item always has a line');
        expect(c.soon).toBe(before > 0 && before <= BOARD_CLOSING_SOON_MS);
        expect(c.closed).toBe(before <= 0);
      }),
    );
  });
});

describe('boardAvailability', () => {
  it('says nothing of a single item, or of one with none left', () => {
    expect(boardAvailability({ quantity: 1, quantityavailable: 1, quantityunlimited: false })).toBeNull();
    expect(boardAvailability({ quantity: 0, quantityavailable: 0, quantityunlimited: false })).toBeNull();
    expect(boardAvailability({ quantity: 10, quantityavailable: 0, quantityunlimited: false })).toBeNull();
  });

  it('counts what is left of an item sold in several units, down to the last one', () => {
    expect(boardAvailability({ quantity: 10, quantityavailable: 10, quantityunlimited: false })).toEqual({
      count: '10',
      words: '10 available',
    });
    expect(boardAvailability({ quantity: 10, quantityavailable: 1, quantityunlimited: false })).toEqual({
      count: '1',
      words: '1 available',
    });
  });

  it("says 'Unlimited' where there is no limit", () => {
    expect(boardAvailability({ quantity: 0, quantityavailable: 0, quantityunlimited: true })).toEqual({
      count: 'Unlimited',
      words: 'Unlimited',
    });
  });
});

describe('boardItemNumber', () => {
  it("shows the item's number as its table card does", () => {
    expect(boardItemNumber('12')).toBe('#12');
    expect(boardItemNumber(' A-7 ')).toBe('#A-7');
    expect(boardItemNumber('#3')).toBe('#3');
    expect(boardItemNumber('')).toBe('');
  });
});

describe('boardAddressParts', () => {
  it("splits after a '/' and before a '.', never inside a word", () => {
    expect(boardAddressParts('gala.example.org/spring26')).toEqual(['gala', '.example', '.org/', 'spring26']);
    expect(boardAddressParts('localhost:4360/boardmwwd8g2kck')).toEqual(['localhost:4360/', 'boardmwwd8g2kck']);
    expect(boardAddressParts('gala')).toEqual(['gala']);
    expect(boardAddressParts('')).toEqual([]);
  });

  it('gives back the address when joined', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9./:-]{0,40}$/), (address) => {
        expect(boardAddressParts(address).join('')).toBe(address);
      }),
    );
  });
});
