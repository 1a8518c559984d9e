import type { AuctionItem } from '../api/items';
import { buyNowLimit } from '../catalog/catalog';
import type { Cents } from '../money';
import { formatMoney } from '../money';
import { formatTimeLeft } from '../time';
import { noneLeft } from './rules';

/**
 * How an item reads to a bidder, in one place for the card and the item page: its variant, its
 * price line, its bid count and its time. Each state of an item has one right look: an open bid
 * item shows its last bid, a buy-now-only item its price, a live-only item 'Live Auction', an
 * item with nothing left 'SOLD OUT'; after close a bid item shows the bid it closed at.
 */
export type ItemVariant = 'bid' | 'buynow' | 'live' | 'soldout' | 'closed';

export type PriceLine =
  { kind: 'amount'; label: string; amount: Cents } | { kind: 'word'; word: 'SOLD OUT' | 'Live Auction' | 'Closed' };

export interface ItemTime {
  text: string;
  /** In the last minutes before close. */
  urgent: boolean;
}

export interface ItemLook {
  variant: ItemVariant;
  price: PriceLine;
  /** '3 bids', 'No bids yet'; null where bids do not apply (live-only, buy-now-only, sold out). */
  bids: string | null;
  /** Time left, 'Closed' or 'Not open yet'; null for live-only items, which close in the room. */
  time: ItemTime | null;
  /** The Buy It Now offer while it can be taken: its price and what is left (null when unlimited). */
  buyNow: { price: Cents; left: number | null } | null;
}

/** Time left reads 'urgent' from this close on. */
export const URGENT_MS = 10 * 60_000;

type LookFields = Pick<
  AuctionItem,
  | 'itemisliveonly'
  | 'buyitnowonly'
  | 'buyitnowavailable'
  | 'buyitnowprice'
  | 'quantityavailable'
  | 'unlimitedquantity'
  | 'numberofbids'
  | 'currentbid'
  | 'startingbid'
  | 'bidstatus'
  | 'closing'
  | 'currentlywinningbid'
>;

export function itemVariant(item: LookFields): ItemVariant {
  if (item.itemisliveonly) return 'live';
  const closed = item.bidstatus === 'biddingclosed';
  // A bid item that closed with bids tells what it closed at, even though its one unit is now gone.
  if (!item.buyitnowonly && closed && item.numberofbids > 0) return 'closed';
  if (noneLeft(item)) return 'soldout';
  if (closed) return 'closed';
  return item.buyitnowonly ? 'buynow' : 'bid';
}

function countBids(n: number): string {
  if (n === 0) return 'No bids yet';
  return `${n} bid${n === 1 ? '' : 's'}`;
}

/** Time left with 'left', urgent in the last minutes; 'Closed' once closed. */
export function itemTime(item: Pick<AuctionItem, 'bidstatus' | 'closing'>, now: Date): ItemTime {
  if (item.bidstatus === 'biddingclosed') return { text: 'Closed', urgent: false };
  if (item.bidstatus === 'biddingnotopen') return { text: 'Not open yet', urgent: false };
  const left = Date.parse(item.closing) - now.getTime();
  if (left <= 0) return { text: 'Closed', urgent: false };
  return { text: `${formatTimeLeft(left)} left`, urgent: left <= URGENT_MS };
}

/** The look of an item on a card (`Last Bid`) or its page (`Current Bid`). */
export function itemLook(item: LookFields, now: Date, where: 'card' | 'detail'): ItemLook {
  const variant = itemVariant(item);
  const open = item.bidstatus === 'biddingopen';
  const buyNow =
    open && item.buyitnowavailable && !noneLeft(item)
      ? { price: item.buyitnowprice, left: item.unlimitedquantity ? null : item.quantityavailable }
      : null;
  switch (variant) {
    case 'live':
      return { variant, price: { kind: 'word', word: 'Live Auction' }, bids: null, time: null, buyNow: null };
    case 'soldout':
      return {
        variant,
        price: { kind: 'word', word: 'SOLD OUT' },
        bids: null,
        time: { text: 'Closed', urgent: false },
        buyNow: null,
      };
    case 'closed': {
      const closedTime = { text: 'Closed', urgent: false };
      if (item.buyitnowonly || item.numberofbids === 0)
        return {
          variant,
          price: { kind: 'word', word: 'Closed' },
          bids: item.buyitnowonly ? null : 'No bids',
          time: closedTime,
          buyNow: null,
        };
      const label = item.currentlywinningbid ? 'Winning Bid' : 'Final Bid';
      return {
        variant,
        price: { kind: 'amount', label, amount: item.currentbid },
        bids: countBids(item.numberofbids),
        time: closedTime,
        buyNow: null,
      };
    }
    case 'buynow':
      return {
        variant,
        price: { kind: 'amount', label: 'Buy Now', amount: item.buyitnowprice },
        bids: null,
        time: itemTime(item, now),
        buyNow,
      };
    case 'bid': {
      const hasBids = item.numberofbids > 0;
      const label = hasBids ? (where === 'card' ? 'Last Bid' : 'Current Bid') : 'Starting Bid';
      return {
        variant,
        price: { kind: 'amount', label, amount: hasBids ? item.currentbid : item.startingbid },
        bids: countBids(item.numberofbids),
        time: itemTime(item, now),
        buyNow,
      };
    }
  }
}

/**
 * The bidder's own automatic bid, in words for their item page: 'Your maximum: $1,500.00' while it
 * keeps them in the lead, that it was passed once another bidder's went higher; null without one.
 * Only ever the caller's own maximum: the item answer carries no one else's.
 */
export function yourMaximum(
  item: Pick<AuctionItem, 'accountisautobid' | 'accountautobidamount' | 'currentlywinningbid' | 'bidstatus'>,
): string | null {
  if (!item.accountisautobid || item.accountautobidamount <= 0) return null;
  if (item.currentlywinningbid) return `Your maximum: ${formatMoney(item.accountautobidamount)}`;
  // After the close a lost bid says nothing more than its status does.
  return item.bidstatus === 'biddingopen'
    ? `Your maximum of ${formatMoney(item.accountautobidamount)} was passed.`
    : null;
}

/**
 * Why the Buy It Now quantity stops where it does (buyNowLimit): the item's limit per bidder (with
 * what this bidder may still buy when they have bought some), what is left, or the most one
 * purchase of an unlimited item takes.
 */
export function buyNowLimitNote(
  item: Pick<AuctionItem, 'maxpurchasequantity' | 'maxpurchaseperbidder' | 'quantityavailable' | 'unlimitedquantity'>,
): string {
  const limit = buyNowLimit(item);
  const byAllowance =
    item.maxpurchasequantity > 0 && (item.unlimitedquantity || item.maxpurchasequantity < item.quantityavailable);
  if (byAllowance) {
    const perBidder = Math.max(item.maxpurchaseperbidder, item.maxpurchasequantity);
    return perBidder > limit
      ? `You can buy ${limit} more: the limit is ${perBidder} per bidder.`
      : `Limit ${limit} per bidder.`;
  }
  if (item.unlimitedquantity) return `Up to ${limit} per purchase.`;
  return limit === 1 ? 'Only 1 left.' : `${limit} left.`;
}

export type BidMode = 'bid' | 'max';

/**
 * Why a bid page cannot take a bid, or null when it can: the page then tells this and offers a
 * way back instead of a form that would only be refused.
 */
export function whyNoBid(
  item: Pick<
    AuctionItem,
    | 'itemisliveonly'
    | 'buyitnowonly'
    | 'bidstatus'
    | 'quantityavailable'
    | 'unlimitedquantity'
    | 'numberofbids'
    | 'currentlywinningbid'
    | 'accountisautobid'
  >,
  authorized: boolean,
  mode: BidMode,
): string | null {
  if (!authorized) return NOT_AUTHORIZED;
  if (item.itemisliveonly) return 'This item is sold at the live auction. Bid on it in the room.';
  if (item.buyitnowonly) return 'This item is Buy It Now only: it takes no bids.';
  if (item.bidstatus === 'biddingnotopen') return 'Bidding has not opened yet.';
  if (item.bidstatus === 'biddingclosed') return 'Bidding on this item is closed.';
  if (noneLeft(item)) return 'This item is sold out.';
  const autoLeader = item.currentlywinningbid && item.accountisautobid;
  if (mode === 'bid' && autoLeader)
    return 'You are the high bidder with an automatic bid. Update your maximum bid instead.';
  if (mode === 'max' && !autoLeader)
    return item.accountisautobid
      ? 'You have been outbid: your automatic bid is used up. Place a new bid instead.'
      : 'You have no automatic bid on this item. Place a bid instead.';
  return null;
}

/** The spec's words for a signed-in bidder the organizer has not authorized. */
export const NOT_AUTHORIZED = 'Not authorized to bid. Contact the event organizer.';
