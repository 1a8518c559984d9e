import type { Cents } from '../money';
import { formatMoneyWhole } from '../money';
import { formatMinutesSeconds, formatTimeLeft } from '../time';

/**
 * The venue display board (spec store-and-display.md: "Auction display board", "Slideshow"):
 * its routes, its words and how each item reads from across a room. Prices have no decimals.
 */

/** The slideshow's defaults: six items a page, a new page every ten seconds; the detail view shows an item ten seconds. */
export const BOARD_PAGE_SIZE = 6;
export const BOARD_TIMEFRAME_SECONDS = 10;
/** Bounds on what a URL may ask for: a page must stay readable across a room and turn slowly enough to read. */
export const BOARD_MAX_PAGE_SIZE = 12;
export const BOARD_MIN_TIMEFRAME_SECONDS = 3;
export const BOARD_MAX_TIMEFRAME_SECONDS = 600;
/** How long an item just bid on stays highlighted, and how many bids the ticker keeps. */
export const BOARD_HIGHLIGHT_MS = 4_000;
export const BOARD_TICKER_SIZE = 6;
/** Besides the live messages, the board reloads what it shows this often (a missed message, a re-import). */
export const BOARD_REFRESH_MS = 5 * 60_000;
/**
 * Sponsors' logos along the bottom, at most this many at once so each stays tall enough to read
 * across a room; more take turns, a new set this often.
 */
export const BOARD_SPONSORS_PER_PAGE = 4;
export const BOARD_SPONSOR_PAGE_MS = 10_000;

export const boardMessages = {
  loading: 'Loading Auction Data...',
  noItems: 'No items found. Please check your URL.',
  allItems: 'All Items',
  closed: 'Bidding Closed',
  anonymous: 'Anonymous',
  soldOut: 'Sold Out',
  unlimited: 'Unlimited',
  reconnecting: 'Live updates paused. Reconnecting…',
  reconnect: 'Reconnect now',
} as const;

export type BoardView = 'detail' | 'list';

export interface BoardRoute {
  eventcode: string;
  view: BoardView;
  /** '' for every location. */
  location: string;
  timeframeSeconds: number;
  pageSize: number;
}

function wholeIn(text: string | null | undefined, min: number, max: number): number | undefined {
  if (!text || !/^\d{1,6}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).trim();
  } catch {
    return segment.trim();
  }
}

/** The query string's timeframe and pagecount (the domain has no URL parser of its own). */
function queryOf(search: string): { timeframe?: string; pagecount?: string } {
  const found: { timeframe?: string; pagecount?: string } = {};
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const [key = '', value = ''] = pair.split('=');
    const name = decodeSegment(key).toLowerCase();
    if ((name === 'timeframe' || name === 'pagecount') && found[name] === undefined) found[name] = decodeSegment(value);
  }
  return found;
}

/**
 * The board's route from the address: /{eventcode}/detail[/{location}[/{timeframe}]] or
 * /{eventcode}/list[/{location}[/{timeframe}[/{pagecount}]]] or /{eventcode}/list/pc/{pagecount};
 * `timeframe` and `pagecount` may also come as query parameters (the path wins). A number out of
 * bounds falls back to the default. Null when the path is not a board's.
 */
export function parseBoardRoute(pathname: string, search = ''): BoardRoute | null {
  const parts = pathname.split('/').filter(Boolean);
  const [eventcode, view, ...rest] = parts;
  if (!eventcode || (view !== 'detail' && view !== 'list')) return null;
  if (rest.length > (view === 'detail' ? 2 : 3)) return null;
  const query = queryOf(search);
  let location = '';
  let timeframe: string | undefined;
  let pagecount: string | undefined;
  if (view === 'list' && rest[0]?.toLowerCase() === 'pc' && rest.length === 2) pagecount = rest[1];
  else [location = '', timeframe, pagecount] = rest.map(decodeSegment);
  return {
    eventcode: decodeSegment(eventcode),
    view,
    location,
    timeframeSeconds:
      wholeIn(timeframe, BOARD_MIN_TIMEFRAME_SECONDS, BOARD_MAX_TIMEFRAME_SECONDS) ??
      wholeIn(query.timeframe, BOARD_MIN_TIMEFRAME_SECONDS, BOARD_MAX_TIMEFRAME_SECONDS) ??
      BOARD_TIMEFRAME_SECONDS,
    pageSize:
      view === 'detail'
        ? 1
        : (wholeIn(pagecount, 1, BOARD_MAX_PAGE_SIZE) ??
          wholeIn(query.pagecount, 1, BOARD_MAX_PAGE_SIZE) ??
          BOARD_PAGE_SIZE),
  };
}

/** The heading: '{location} items' or 'All Items'. */
export function boardTitle(location: string): string {
  return location ? `${location} items` : boardMessages.allItems;
}

/** The countdown line: 'Bidding Opens in …' before bidding, 'Bidding Ends in …' while open, then 'Bidding Closed'. */
export function boardCountdown(now: Date, opens: Date, closes: Date): { text: string; closed: boolean } {
  const HOUR = 3_600_000;
  const spell = (ms: number) => (ms < HOUR ? formatMinutesSeconds(ms) : formatTimeLeft(ms));
  if (now < opens) return { text: `Bidding Opens in ${spell(opens.getTime() - now.getTime())}`, closed: false };
  if (now < closes) return { text: `Bidding Ends in ${spell(closes.getTime() - now.getTime())}`, closed: false };
  return { text: boardMessages.closed, closed: true };
}

/** What the board needs of an item to say its price. */
export interface BoardPriced {
  currentbid: Cents;
  lastbid: Cents;
  startingbid: Cents;
  numberofbids: number;
  buyitnowonly: boolean;
  buyitnowprice: Cents;
  itemisliveonly: boolean;
  quantityavailable: number;
  quantityunlimited: boolean;
}

/**
 * The big price line: 'Current Bid $1,250' (or the starting bid before any), 'Buy It Now $90' for an
 * item only sold that way, and the words that replace a price: 'Sold Out', 'Unlimited' (units of a
 * Buy It Now item without a limit), 'Live Auction'.
 */
export function boardPriceLine(item: BoardPriced): { label: string; value: string } {
  if (!item.quantityunlimited && item.quantityavailable <= 0) return { label: '', value: boardMessages.soldOut };
  if (item.buyitnowonly) return { label: 'Buy It Now', value: formatMoneyWhole(item.buyitnowprice) };
  if (item.itemisliveonly) return { label: '', value: 'Live Auction' };
  if (item.numberofbids > 0) return { label: 'Current Bid', value: formatMoneyWhole(item.currentbid) };
  return { label: 'Starting Bid', value: formatMoneyWhole(item.startingbid) };
}

/** The Buy It Now price a card shows beside the bids: only for an item that takes bids and also sells now. */
export function boardBuyNow(
  item: Pick<BoardPriced, 'buyitnowonly' | 'buyitnowprice'> & { buyitnowavailable: boolean },
): Cents | null {
  return item.buyitnowavailable && !item.buyitnowonly && item.buyitnowprice > 0 ? item.buyitnowprice : null;
}

/** Does the item take bids on the board (so its number of bids means something)? */
export function boardTakesBids(item: Pick<BoardPriced, 'buyitnowonly' | 'itemisliveonly'>): boolean {
  return !item.buyitnowonly && !item.itemisliveonly;
}

/** How many are left: a number, or 'Unlimited'. */
export function boardQuantity(item: Pick<BoardPriced, 'quantityavailable' | 'quantityunlimited'>): string {
  return item.quantityunlimited ? boardMessages.unlimited : String(Math.max(0, item.quantityavailable));
}

/**
 * What is left, where it tells the room something: 'Unlimited', or the count of an item sold in
 * several units ('3 available', '1 available' of ten). A single item (a quantity of 1) says
 * nothing, since '1 available' of the only one is noise, and an item with none left says nothing
 * either, since its price line reads 'Sold Out'.
 */
export function boardAvailability(
  item: Pick<BoardPriced, 'quantityavailable' | 'quantityunlimited'> & { quantity: number },
): { count: string; words: string } | null {
  if (item.quantityunlimited) return { count: boardMessages.unlimited, words: boardMessages.unlimited };
  if (item.quantity <= 1 || item.quantityavailable <= 0) return null;
  const count = boardQuantity(item);
  return { count, words: `${count} available` };
}

/** An item's number as the board shows it, as on its table at the venue: '#12'. */
export function boardItemNumber(itemnum: string): string {
  const n = itemnum.trim();
  return n ? `#${n.replace(/^#/, '')}` : '';
}

/**
 * The bid address in pieces that may each start a line: after a '/' and before a '.', the
 * points where an address reads naturally split ('gala.example.org/' + 'spring26', not
 * 'spring' + '26'). Joined they are the address again.
 */
export function boardAddressParts(address: string): string[] {
  return address.split(/(?<=\/)|(?=\.)/).filter(Boolean);
}

/** A bidder on the ticker: their bidder number, or 'Anonymous'; never a name. */
export function boardBidderName(biddernumber: number | null): string {
  return biddernumber === null ? boardMessages.anonymous : `Bidder #${biddernumber}`;
}

/** The goal bar's share, 0 to 100 (a goal of 0 has no bar). */
export function goalPercent(raised: Cents, goal: Cents): number {
  if (goal <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((raised / goal) * 100)));
}

/** The pages of a slideshow: how many, and which items a page holds (page numbers wrap around). */
export function boardPageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
export function boardPage<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const pages = boardPageCount(items.length, pageSize);
  const p = ((page % pages) + pages) % pages;
  return items.slice(p * pageSize, (p + 1) * pageSize);
}

/** What the total raised may count, as the organizer chooses. */
export const TOTAL_PARTS = ['bids', 'buyitnow', 'store', 'donations'] as const;
export type TotalPart = (typeof TOTAL_PARTS)[number];
