import type { AuctionItem } from '@gavel/domain';
import { centsToDollars, formatClosingTime, minimumNextBid } from '@gavel/domain';
import type { auctionItems, itemMaxima } from '../../db/schema';
import type { EventRow } from '../../tenancy';

export type ItemRow = typeof auctionItems.$inferSelect;
export type MaximumRow = typeof itemMaxima.$inferSelect;

/** When bidding on the item ends: its own close, else the event's bidding close. */
export function itemCloses(item: ItemRow, event: EventRow): Date {
  return item.closing ?? event.biddingcloses;
}

export function itemBidStatus(item: ItemRow, event: EventRow, now: Date): AuctionItem['bidstatus'] {
  if (item.closedAt) return 'biddingclosed';
  if (now < event.biddingopens) return 'biddingnotopen';
  if (now >= itemCloses(item, event)) return 'biddingclosed';
  return 'biddingopen';
}

export function quantityAvailable(item: ItemRow): number {
  return item.unlimitedquantity ? 0 : Math.max(0, item.quantity - item.quantitysold);
}

/** Buy It Now is offered while units remain and bidding has not passed the price. */
export function buyNowAvailable(item: ItemRow): boolean {
  if (!(item.buyitnowonly || item.buyitnowavailable) || item.buyitnowprice <= 0) return false;
  if (!item.unlimitedquantity && quantityAvailable(item) <= 0) return false;
  return item.buyitnowonly || (item.currentbid ?? 0) < item.buyitnowprice;
}

export interface CallerView {
  bidderId: number | null;
  maximum: MaximumRow | undefined;
  watching: boolean;
  historyid: number;
}

export const noCaller: CallerView = { bidderId: null, maximum: undefined, watching: false, historyid: 0 };

export function presentItem(item: ItemRow, event: EventRow, caller: CallerView, now: Date): AuctionItem {
  const closes = itemCloses(item, event);
  const price = item.currentbid ?? 0;
  const mine = caller.maximum;
  return {
    itemid: item.id,
    name: item.name,
    description: item.description,
    longdescription: item.longdescription,
    itemnum: item.itemnum,
    donatedby: item.donatedby,
    fairmarketvalue: centsToDollars(item.fairmarketvalue),
    ispriceless: item.ispriceless,
    imageurl: item.imageurl,
    tags: item.tags.join(','),
    location: item.location,
    quantity: item.quantity,
    quantityavailable: quantityAvailable(item),
    unlimitedquantity: item.unlimitedquantity,
    maxpurchasequantity: item.maxpurchasequantity,
    buyitnowonly: item.buyitnowonly,
    buyitnowavailable: buyNowAvailable(item),
    buyitnowprice: centsToDollars(item.buyitnowprice),
    itemisliveonly: item.itemisliveonly,
    allowautobid: item.allowautobid,
    startingbid: centsToDollars(item.startingbid),
    lastbid: centsToDollars(price),
    currentbid: centsToDollars(price),
    minimumbidincrease: centsToDollars(item.minimumbidincrease),
    minimumnextbid: centsToDollars(minimumNextBid(item, item)),
    numberofbids: item.numberofbids,
    bidstatus: itemBidStatus(item, event, now),
    closing: closes.toISOString(),
    closingcst: formatClosingTime(closes, event.timezone),
    featured: item.featured,
    watchlist: caller.watching,
    currentlywinningbid: caller.bidderId !== null && item.leaderBidderId === caller.bidderId,
    accountbiddingon: mine !== undefined,
    accountisautobid: mine?.isAuto ?? false,
    accountautobidamount: mine?.isAuto ? centsToDollars(mine.max) : 0,
    accountautobidincrement: mine?.isAuto ? centsToDollars(mine.increment) : 0,
    // A card on file comes with payments; until then no item asks for one.
    needscardtobid: false,
    historyid: caller.historyid,
  };
}
