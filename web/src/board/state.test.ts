import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BOARD_HIGHLIGHT_MS,
  BOARD_TICKER_SIZE,
  boardClosing,
  type DisplayBoardResponse,
  type DisplayItem,
  type HubMessage,
  type LiveHistoryEntry,
} from '@gavel/domain';
import { boardReducer, initialBoard, isHighlighted, type BoardState } from './state';

const item = (itemid: number, over: Partial<DisplayItem> = {}): DisplayItem => ({
  itemid,
  itemnum: String(100 + itemid),
  name: `Item ${itemid}`,
  imageurl: '',
  donatedby: '',
  description: '',
  location: 'Hall',
  startingbid: 10_000,
  currentbid: 0,
  lastbid: 0,
  numberofbids: 0,
  quantity: 1,
  quantityavailable: 1,
  quantityunlimited: false,
  buyitnowonly: false,
  buyitnowavailable: false,
  buyitnowprice: 0,
  fairmarketvalue: 0,
  ispriceless: false,
  itemisliveonly: false,
  bidstatus: 'biddingopen',
  closing: '2026-12-05T21:00:00.000Z',
  ...over,
});

const answer = (over: Partial<DisplayBoardResponse> = {}): DisplayBoardResponse => ({
  status: 'success',
  token: 't',
  eventname: 'Gala',
  eventcode: 'gala',
  auctioncode: 'demo',
  logourl: '',
  sponsorurl: [],
  location: '',
  biddingopens: '2026-12-05T18:00:00.000Z',
  biddingcloses: '2026-12-05T21:00:00.000Z',
  servertime: '2026-12-05T19:00:10.000Z',
  version: '1',
  bidurl: 'http://localhost/gala',
  bidurlshort: 'localhost/gala',
  qrsvg: '<svg/>',
  message: '',
  total: { show: true, raised: 50_000, goal: 1_000_000 },
  recentbids: [],
  items: [item(1), item(2)],
  ...over,
});

const loaded = (over: Partial<DisplayBoardResponse> = {}): BoardState =>
  boardReducer(initialBoard, {
    type: 'loaded',
    board: answer(over),
    receivedAt: Date.parse('2026-12-05T19:00:00.000Z'),
  });

const entry = (amount: number, biddernumber: number | null = 7): LiveHistoryEntry => ({
  bidno: 1,
  biddername: 'Jane D.',
  biddernumber,
  bidtime: '2026-12-05T19:01:00.000Z',
  bidtimecst: '',
  amount,
  isauto: false,
});

const update = (
  itemid: number,
  currentbid: number,
  history: LiveHistoryEntry[] = [entry(currentbid)],
  eventcode = 'gala',
): HubMessage => ({
  type: 'itemupdate',
  eventcode,
  auctioncode: 'demo',
  history,
  item: {
    itemid,
    currentbid,
    lastbid: currentbid,
    minimumnextbid: currentbid + 100,
    numberofbids: history.length,
    closing: '2026-12-05T21:00:00.000Z',
    closingcst: '',
    bidstatus: 'biddingopen',
    quantityavailable: 1,
    buyitnowavailable: false,
  },
});

describe('boardReducer', () => {
  it('takes the answer: items, total, ticker and the server clock’s lead', () => {
    const s = loaded({ recentbids: [{ itemid: 1, itemname: 'Item 1', biddernumber: 4, amount: 20_000, bidtime: '' }] });
    expect(s.phase).toBe('ready');
    expect(s.items.map((i) => i.itemid)).toEqual([1, 2]);
    expect(s.raised).toBe(50_000);
    expect(s.ticker).toHaveLength(1);
    expect(s.skewMs).toBe(10_000);
  });

  it('applies a bid at once: the price, the ticker, and a highlight that passes', () => {
    const now = 1_000_000;
    const s = boardReducer(loaded(), { type: 'message', message: update(2, 15_000), now });
    expect(s.items[1]).toMatchObject({ itemid: 2, currentbid: 15_000, numberofbids: 1 });
    expect(s.ticker[0]).toMatchObject({ itemid: 2, itemname: 'Item 2', biddernumber: 7, amount: 15_000 });
    expect(isHighlighted(s, 2, now + 1)).toBe(true);
    expect(isHighlighted(s, 1, now + 1)).toBe(false);
    const later = boardReducer(s, { type: 'tick', now: now + BOARD_HIGHLIGHT_MS });
    expect(isHighlighted(later, 2, now + BOARD_HIGHLIGHT_MS)).toBe(false);
    expect(later.highlights.size).toBe(0);
  });

  it('updates an item without a highlight when the change carries no bid (a close, a sale)', () => {
    const s = boardReducer(loaded(), { type: 'message', message: update(1, 0, []), now: 5 });
    expect(s.highlights.size).toBe(0);
    expect(s.ticker).toEqual([]);
  });

  it('moves an item’s close line with the live messages: a close extended by a late bid, an item closed early', () => {
    const opens = '2026-12-05T18:00:00.000Z';
    const at = new Date('2026-12-05T20:57:00.000Z');
    const s = loaded();
    expect(boardClosing(s.items[0] as DisplayItem, opens, at)).toEqual({
      text: 'Closes in 3m',
      soon: true,
      closed: false,
    });
    const extended = update(1, 15_000);
    if (extended.type !== 'itemupdate') throw new Error('an itemupdate');
    extended.item.closing = '2026-12-05T21:02:00.000Z';
    const later = boardReducer(s, { type: 'message', message: extended, now: 5 });
    expect(boardClosing(later.items[0] as DisplayItem, opens, at)).toEqual({
      text: 'Closes in 5m',
      soon: true,
      closed: false,
    });
    const early = update(2, 0, []);
    if (early.type !== 'itemupdate') throw new Error('an itemupdate');
    early.item.bidstatus = 'biddingclosed';
    const closed = boardReducer(later, { type: 'message', message: early, now: 6 });
    expect(boardClosing(closed.items[1] as DisplayItem, opens, at)).toEqual({
      text: 'Closed',
      soon: false,
      closed: true,
    });
  });

  it('ignores another event’s messages and items this board does not show', () => {
    const s = loaded();
    expect(boardReducer(s, { type: 'message', message: update(1, 99_900, undefined, 'other'), now: 5 })).toBe(s);
    expect(boardReducer(s, { type: 'message', message: update(42, 99_900), now: 5 })).toBe(s);
  });

  it('takes the total from eventtotal', () => {
    const s = boardReducer(loaded(), {
      type: 'message',
      message: { type: 'eventtotal', raised: 77_700, eventcode: 'GALA', auctioncode: 'demo' },
      now: 5,
    });
    expect(s.raised).toBe(77_700);
  });

  it('keeps a board that once loaded through a failed reload; says missing only at first', () => {
    expect(boardReducer(initialBoard, { type: 'missing' }).phase).toBe('missing');
    const s = loaded();
    expect(boardReducer(s, { type: 'missing' })).toBe(s);
  });

  it('never grows: however many bids arrive, the ticker stays capped and highlights end', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(1, 2, 3), fc.nat(1_000_000), fc.option(fc.nat(500), { nil: null })), {
          maxLength: 300,
        }),
        (bids) => {
          let s = loaded();
          let now = 0;
          for (const [itemid, amount, number] of bids) {
            now += 700;
            s = boardReducer(s, { type: 'message', message: update(itemid, amount, [entry(amount, number)]), now });
            s = boardReducer(s, { type: 'tick', now });
          }
          expect(s.ticker.length).toBeLessThanOrEqual(BOARD_TICKER_SIZE);
          expect(s.items).toHaveLength(2);
          s = boardReducer(s, { type: 'tick', now: now + BOARD_HIGHLIGHT_MS });
          expect(s.highlights.size).toBe(0);
        },
      ),
    );
  });
});
