import type { AuctionItem, BidHistoryEntry } from '@gavel/domain';
import {
  buyNowView,
  formatClosingTime,
  itemBidStatus,
  itemCloses,
  minimumNextBid,
  publicBidderName,
  quantityAvailable,
  thumbnailUrl,
} from '@gavel/domain';
import type { auctionItems, bids, itemMaxima } from '../../db/schema';
import type { EventRow } from '../../tenancy';

/** Rows to the API's item shape; every rule it applies is in domain/src/items/rules.ts. Amounts stay in cents. */

export type ItemRow = typeof auctionItems.$inferSelect;
export type MaximumRow = typeof itemMaxima.$inferSelect;

export interface CallerView {
  bidderId: number | null;
  maximum: MaximumRow | undefined;
  watching: boolean;
  historyid: number;
  /** The event asks for a card to bid and this bidder has none on file. */
  needsCard: boolean;
  /** The units this bidder has bought of the item by Buy It Now (its limit is per bidder). */
  bought: number;
}

export const noCaller: CallerView = {
  bidderId: null,
  maximum: undefined,
  watching: false,
  historyid: 0,
  needsCard: false,
  bought: 0,
};

/** The list's item with its card thumbnail (includethumbnail); the item page keeps asking for imageurl and the photos. */
export const withThumbnail = (item: AuctionItem): AuctionItem => ({
  ...item,
  thumbnailurl: thumbnailUrl(item.imageurl),
});

export function presentItem(item: ItemRow, event: EventRow, caller: CallerView, now: Date): AuctionItem {
  const closes = itemCloses(item, event);
  const price = item.currentbid ?? 0;
  const mine = caller.maximum;
  const buyNow = buyNowView(item, caller.bought);
  return {
    itemid: item.id,
    name: item.name,
    description: item.description,
    longdescription: item.longdescription,
    itemnum: item.itemnum,
    donatedby: item.donatedby,
    fairmarketvalue: item.fairmarketvalue,
    ispriceless: item.ispriceless,
    imageurl: item.imageurl,
    tags: item.tags.join(','),
    location: item.location,
    quantity: item.quantity,
    quantityavailable: quantityAvailable(item),
    unlimitedquantity: item.unlimitedquantity,
    maxpurchasequantity: buyNow.maxpurchasequantity,
    maxpurchaseperbidder: item.maxpurchasequantity,
    buyitnowonly: item.buyitnowonly,
    buyitnowavailable: buyNow.buyitnowavailable,
    buyitnowprice: item.buyitnowprice,
    itemisliveonly: item.itemisliveonly,
    allowautobid: item.allowautobid,
    startingbid: item.startingbid,
    lastbid: price,
    currentbid: price,
    minimumbidincrease: item.minimumbidincrease,
    minimumnextbid: minimumNextBid(item, item),
    numberofbids: item.numberofbids,
    bidstatus: itemBidStatus(item, event, now),
    closing: closes.toISOString(),
    closingcst: formatClosingTime(closes, event.timezone),
    featured: item.featured,
    watchlist: caller.watching,
    currentlywinningbid: caller.bidderId !== null && item.leaderBidderId === caller.bidderId,
    accountbiddingon: mine !== undefined,
    accountisautobid: mine?.isAuto ?? false,
    accountautobidamount: mine?.isAuto ? mine.max : 0,
    accountautobidincrement: mine?.isAuto ? mine.increment : 0,
    needscardtobid: caller.needsCard,
    historyid: caller.historyid,
  };
}

/** An item's bid history, newest first; the caller's own bids are marked. */
export function presentBidHistory(
  rows: Array<{ bid: typeof bids.$inferSelect; name: Parameters<typeof publicBidderName>[0] }>,
  event: EventRow,
  bidderId: number | null,
): BidHistoryEntry[] {
  return [...rows].reverse().map((r) => ({
    biddername: publicBidderName(r.name, event.allowanonymousbidding),
    bidtime: r.bid.createdAt.toISOString(),
    bidtimecst: formatClosingTime(r.bid.createdAt, event.timezone),
    amount: r.bid.amount,
    isauto: r.bid.isAuto,
    mine: r.bid.bidderId === bidderId,
  }));
}

/** The item overview's counts, from the items as the caller sees them. */
export function itemOverview(items: AuctionItem[]) {
  return {
    totalitems: items.length,
    biddingon: items.filter((i) => i.accountbiddingon).length,
    winning: items.filter((i) => i.currentlywinningbid && i.bidstatus === 'biddingopen').length,
    watching: items.filter((i) => i.watchlist).length,
    won: items.filter((i) => i.historyid > 0).length,
  };
}
