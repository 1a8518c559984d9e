import type { BidStatus } from '../items/rules';
import { noneLeft } from '../items/rules';
import { formatTimeLeftShort } from '../time';

/**
 * An item's own line about its close on the venue board: 'Closes in 12m', marked 'Closing soon'
 * in the last minutes so the room sees which items to bid on now, and 'Closed' once it is over.
 */

/** From this much time left, a card or the detail view is marked closing soon. */
export const BOARD_CLOSING_SOON_MS = 10 * 60_000;

export const boardClosingWords = {
  closesIn: (left: string) => `Closes in ${left}`,
  closed: 'Closed',
  closingSoon: 'Closing soon',
} as const;

/** What the board needs of an item to say when it closes (its close is its own, else the event's). */
export interface BoardClosingFields {
  itemisliveonly: boolean;
  bidstatus: BidStatus;
  /** ISO instant: the item's own close, or the event's bidding close (the server decides). */
  closing: string;
  quantityavailable: number;
  quantityunlimited: boolean;
}

export interface BoardClosing {
  text: string;
  /** Within BOARD_CLOSING_SOON_MS of the close. */
  soon: boolean;
  closed: boolean;
}

/**
 * The item's close as the board says it at `now` (the server's clock), or null when there is
 * nothing to say: a live-auction item closes in the room, a sold-out item's price already says so,
 * and before bidding opens the heading counts down to the opening instead. The time left is worked
 * out from the close itself, so the line stays right between answers; a close the server reported
 * (an item closed early) wins.
 */
export function boardClosing(item: BoardClosingFields, biddingopens: Date | string, now: Date): BoardClosing | null {
  if (
    item.itemisliveonly ||
    noneLeft({ quantityavailable: item.quantityavailable, unlimitedquantity: item.quantityunlimited })
  )
    return null;
  const closes = Date.parse(item.closing);
  if (!Number.isFinite(closes)) return null;
  const left = closes - now.getTime();
  if (item.bidstatus === 'biddingclosed' || left <= 0)
    return { text: boardClosingWords.closed, soon: false, closed: true };
  if (now.getTime() < new Date(biddingopens).getTime()) return null;
  return {
    text: boardClosingWords.closesIn(formatTimeLeftShort(left)),
    soon: left <= BOARD_CLOSING_SOON_MS,
    closed: false,
  };
}
