import type { AuctionItem } from '../api/items';
import type { Cents } from '../money';
import { formatMinutesSeconds } from '../time';

/**
 * The catalog's rules as the bidder app applies them: card variants, labels, search, filters and
 * sorts (spec bidder-app.md sections 2, 4, 5 and 9).
 */
export type UserItemStatus = 'default' | 'highBidder' | 'winner' | 'losingBidder';

export function userItemStatus(
  item: Pick<AuctionItem, 'currentlywinningbid' | 'accountbiddingon' | 'bidstatus'>,
): UserItemStatus {
  if (item.currentlywinningbid && item.bidstatus === 'biddingclosed') return 'winner';
  if (item.currentlywinningbid && item.accountbiddingon) return 'highBidder';
  if (item.accountbiddingon && !item.currentlywinningbid) return 'losingBidder';
  return 'default';
}

export const USER_STATUS_LABEL: Record<UserItemStatus, string> = {
  default: '',
  highBidder: 'Current High Bidder',
  winner: 'Winner',
  losingBidder: 'Current Low Bidder',
};

/** Place Bid shows for an authorized bidder on an open, online, biddable item — not to an auto-bidding leader. */
export function showPlaceBid(
  item: Pick<AuctionItem, 'buyitnowonly' | 'bidstatus' | 'itemisliveonly' | 'currentlywinningbid' | 'accountisautobid'>,
  authorized: boolean,
): boolean {
  if (!authorized || item.buyitnowonly || item.itemisliveonly || item.bidstatus !== 'biddingopen') return false;
  return !(item.currentlywinningbid && item.accountisautobid);
}

export function showUpdateMaxBid(
  item: Pick<AuctionItem, 'bidstatus' | 'currentlywinningbid' | 'accountisautobid' | 'itemisliveonly'>,
  authorized: boolean,
): boolean {
  return (
    authorized &&
    !item.itemisliveonly &&
    item.bidstatus === 'biddingopen' &&
    item.currentlywinningbid &&
    item.accountisautobid
  );
}

/** Buy It Now quantity limit: the per-purchase maximum when set and below what is left, else what is left. */
export function buyNowLimit(
  item: Pick<AuctionItem, 'maxpurchasequantity' | 'quantityavailable' | 'unlimitedquantity'>,
): number {
  if (item.unlimitedquantity) return item.maxpurchasequantity > 0 ? item.maxpurchasequantity : 100;
  return item.maxpurchasequantity > 0 && item.maxpurchasequantity < item.quantityavailable
    ? item.maxpurchasequantity
    : item.quantityavailable;
}

/** Price times quantity, in cents (so nothing needs rounding). */
export function buyNowSubtotal(price: Cents, quantity: number): Cents {
  return price * quantity;
}

export const SORTS = [
  'Featured Items',
  'Ending Soonest',
  'A to Z',
  'Z to A',
  'Price Low to High',
  'Price High to Low',
] as const;
export type SortOption = (typeof SORTS)[number];

export const FILTERS = ['Watchlist', 'My Bids', 'Live Auction Only', 'Online Auction'] as const;
export type FilterOption = (typeof FILTERS)[number];

/** What a card shows as its price: the buy price for buy-now items, else the current (or starting) bid. */
export function displayPrice(
  item: Pick<AuctionItem, 'buyitnowonly' | 'buyitnowprice' | 'currentbid' | 'startingbid' | 'numberofbids'>,
): Cents {
  if (item.buyitnowonly) return item.buyitnowprice;
  return item.numberofbids > 0 ? item.currentbid : item.startingbid;
}

export function tagsOf(items: ReadonlyArray<Pick<AuctionItem, 'tags'>>): string[] {
  const all = new Set<string>();
  for (const i of items) for (const t of i.tags.split(',')) if (t.trim()) all.add(t.trim());
  return [...all].sort((a, b) => a.localeCompare(b));
}

/** The filters to offer: Live Auction Only only when some item is live-only; Watchlist and My Bids not to guests, who have neither. */
export function availableFilters(
  items: ReadonlyArray<Pick<AuctionItem, 'itemisliveonly'>>,
  guest = false,
): FilterOption[] {
  const live = items.some((i) => i.itemisliveonly);
  return FILTERS.filter(
    (f) => (f !== 'Live Auction Only' || live) && !(guest && (f === 'Watchlist' || f === 'My Bids')),
  );
}

const FILTER_TEST: Record<FilterOption, (i: AuctionItem) => boolean> = {
  Watchlist: (i) => i.watchlist,
  'My Bids': (i) => i.accountbiddingon,
  'Live Auction Only': (i) => i.itemisliveonly,
  'Online Auction': (i) => !i.itemisliveonly,
};

export interface CatalogQuery {
  search: string;
  filters: FilterOption[];
  tags: string[];
  sort: SortOption;
}

/**
 * Search is a case-insensitive name match. Filters OR together, tags OR together, and with both the
 * result is their union.
 */
export function applyCatalogQuery(items: readonly AuctionItem[], q: CatalogQuery): AuctionItem[] {
  const needle = q.search.trim().toLowerCase();
  let out = needle ? items.filter((i) => i.name.toLowerCase().includes(needle)) : [...items];
  if (q.filters.length > 0 || q.tags.length > 0) {
    out = out.filter((i) => {
      const byFilter = q.filters.some((f) => FILTER_TEST[f](i));
      const itemTags = i.tags.split(',').map((t) => t.trim());
      const byTag = q.tags.some((t) => itemTags.includes(t));
      return byFilter || byTag;
    });
  }
  return sortItems(out, q.sort);
}

export function sortItems(items: AuctionItem[], sort: SortOption): AuctionItem[] {
  const byName = (a: AuctionItem, b: AuctionItem) => a.name.localeCompare(b.name);
  const sorted = [...items];
  switch (sort) {
    case 'Featured Items':
      return sorted.sort((a, b) => a.featured - b.featured || a.itemid - b.itemid);
    case 'Ending Soonest':
      return sorted.sort((a, b) => Date.parse(a.closing) - Date.parse(b.closing) || byName(a, b));
    case 'A to Z':
      return sorted.sort(byName);
    case 'Z to A':
      return sorted.sort((a, b) => byName(b, a));
    case 'Price Low to High':
      return sorted.sort((a, b) => displayPrice(a) - displayPrice(b) || byName(a, b));
    case 'Price High to Low':
      return sorted.sort((a, b) => displayPrice(b) - displayPrice(a) || byName(a, b));
  }
}

export type HeaderCountdown =
  { kind: 'none' } | { kind: 'closing'; text: string } | { kind: 'closed'; text: string; toCheckout: boolean };

/** The main header's countdown: under an hour 'Bidding Closes in mm:ss'; after close, the checkout prompt. */
export function headerCountdown(biddingCloses: Date, now: Date, wonItems: number): HeaderCountdown {
  const left = biddingCloses.getTime() - now.getTime();
  if (left <= 0)
    return wonItems > 0
      ? { kind: 'closed', text: 'Bidding Closed; Go to Checkout', toCheckout: true }
      : { kind: 'closed', text: 'BIDDING CLOSED', toCheckout: false };
  if (left < 3_600_000) return { kind: 'closing', text: `Bidding Closes in ${formatMinutesSeconds(left)}` };
  return { kind: 'none' };
}

/** Cart total in cents: amount times quantity of every checked line. */
export function cartTotal(lines: ReadonlyArray<{ amount: Cents; quantity: number; checked: boolean }>): Cents {
  return lines.reduce((sum, l) => (l.checked ? sum + l.amount * l.quantity : sum), 0);
}
