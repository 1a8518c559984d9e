import type { AuctionItem } from '../api/items';
import { formatMinutesSeconds, formatTimeLeft } from '../time';
import { noneLeft } from './rules';

/**
 * Items may close before the event's bidding does (an item's own `closing`). A bidder told only
 * the event's last close would miss them, so the countdowns name the soonest item close too.
 */
export type CloseFields = Pick<
  AuctionItem,
  'closing' | 'bidstatus' | 'itemisliveonly' | 'quantityavailable' | 'unlimitedquantity'
>;

export interface SoonestClose {
  at: Date;
  /** 'First items close' before any item has closed on its time; 'Next items close' after. */
  label: 'First items close' | 'Next items close';
}

/** Under this much time left the header counts down in minutes and seconds, as its spec line does. */
export const HEADER_COUNTDOWN_MS = 3_600_000;

/** An item that still ends at its close: open, not live-only (those close in the room), not sold out, its close still ahead. */
function closesLater(item: CloseFields, now: Date): boolean {
  return (
    !item.itemisliveonly &&
    item.bidstatus !== 'biddingclosed' &&
    !noneLeft(item) &&
    Date.parse(item.closing) > now.getTime()
  );
}

/**
 * The soonest close, after `now`, of the items still open, when it comes before the event's
 * bidding close; null when no open item closes before the event does (its close is then the first).
 * The items' `closing` is patched live (extended bidding), so this follows the room as it moves.
 */
export function soonestItemClose(items: readonly CloseFields[], biddingCloses: Date, now: Date): SoonestClose | null {
  let soonest = biddingCloses.getTime();
  let closedBefore = false;
  for (const item of items) {
    const at = Date.parse(item.closing);
    if (Number.isNaN(at)) continue;
    if (closesLater(item, now)) soonest = Math.min(soonest, at);
    else if (!item.itemisliveonly && at <= now.getTime()) closedBefore = true;
  }
  if (soonest >= biddingCloses.getTime()) return null;
  return { at: new Date(soonest), label: closedBefore ? 'Next items close' : 'First items close' };
}

/** A countdown line: its words and the time left ('Xd Yh' or 'Xh Ym'), which a page may set apart. */
export interface CountdownLine {
  label: string;
  left: string;
}

/**
 * The Welcome page's countdown: the soonest item close when it comes first ('First items close in
 * 1h 57m'), and the event's bidding close ('Bidding closes in 5h 0m').
 */
export function welcomeCountdown(
  items: readonly CloseFields[],
  biddingCloses: Date,
  now: Date,
): { items: CountdownLine | null; bidding: CountdownLine } {
  const soonest = soonestItemClose(items, biddingCloses, now);
  return {
    items: soonest
      ? { label: `${soonest.label} in`, left: formatTimeLeft(soonest.at.getTime() - now.getTime()) }
      : null,
    bidding: { label: 'Bidding closes in', left: formatTimeLeft(biddingCloses.getTime() - now.getTime()) },
  };
}

/**
 * The main header's line for items closing before the event: under an hour to the soonest, 'First
 * items close in mm:ss' (the spec's 'Bidding Closes in mm:ss' takes over once none comes first).
 */
export function headerItemsCountdown(items: readonly CloseFields[], biddingCloses: Date, now: Date): string | null {
  const soonest = soonestItemClose(items, biddingCloses, now);
  if (!soonest) return null;
  const left = soonest.at.getTime() - now.getTime();
  return left < HEADER_COUNTDOWN_MS ? `${soonest.label} in ${formatMinutesSeconds(left)}` : null;
}
