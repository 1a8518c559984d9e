import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  APP_VERSION,
  BOARD_TICKER_SIZE,
  boardBidderNumber,
  type DisplayBid,
  type DisplayBoardResponse,
  type DisplayItem,
} from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { auctionItems, bidders, bids } from '../../db/schema';
import type { EventRow, Tenant } from '../../tenancy';
import { type ItemRow, noCaller, presentItem } from '../items/presenter';
import { qrSvg } from './qr';
import { raisedOf } from './total';

/** The items of the board: all of the event's, or those of one location (its case and the spaces around it ignored). */
function itemsWhere(event: EventRow, location: string): SQL | undefined {
  const ofEvent = eq(auctionItems.eventId, event.id);
  return location ? and(ofEvent, sql`lower(btrim(${auctionItems.location})) = lower(${location})`) : ofEvent;
}

/** An item as the board shows it; its prices, quantity, status and close are the catalog's (presentItem). */
function boardItem(row: ItemRow, event: EventRow, now: Date): DisplayItem {
  const p = presentItem(row, event, noCaller, now);
  return {
    itemid: p.itemid,
    itemnum: p.itemnum,
    name: p.name,
    imageurl: p.imageurl,
    donatedby: p.donatedby,
    description: p.description,
    location: p.location,
    startingbid: p.startingbid,
    currentbid: p.currentbid,
    lastbid: p.lastbid,
    numberofbids: p.numberofbids,
    quantity: p.quantity,
    quantityavailable: p.quantityavailable,
    quantityunlimited: p.unlimitedquantity,
    buyitnowonly: p.buyitnowonly,
    buyitnowavailable: p.buyitnowavailable,
    buyitnowprice: p.buyitnowprice,
    fairmarketvalue: p.fairmarketvalue,
    ispriceless: p.ispriceless,
    itemisliveonly: p.itemisliveonly,
    bidstatus: p.bidstatus,
    closing: p.closing,
  };
}

/** The latest bids on the board's items, newest first: the bidder's number (null when anonymous), never a name. */
async function recentBids(db: Db, event: EventRow, where: SQL | undefined): Promise<DisplayBid[]> {
  const rows = await db
    .select({
      itemid: auctionItems.id,
      itemname: auctionItems.name,
      amount: bids.amount,
      bidtime: bids.createdAt,
      bidanonymously: bidders.bidanonymously,
      bidderdisplaynumber: bidders.bidderdisplaynumber,
    })
    .from(bids)
    .innerJoin(auctionItems, eq(bids.itemId, auctionItems.id))
    .innerJoin(bidders, eq(bids.bidderId, bidders.id))
    .where(where)
    .orderBy(desc(bids.id))
    .limit(BOARD_TICKER_SIZE);
  return rows.map((r) => ({
    itemid: r.itemid,
    itemname: r.itemname,
    biddernumber: boardBidderNumber(r, event.allowanonymousbidding),
    amount: r.amount,
    bidtime: r.bidtime.toISOString(),
  }));
}

/**
 * GET /displayboard: what a venue screen shows of the event, or of one location. It is public
 * (the board has no one signed in), and so is its token: a board token (lib/tokens.ts), which
 * opens the live hub's event room and nothing else. It is not a guest's, so it never opens the
 * catalogue or the bid history, whether or not the event lets guests browse.
 */
export async function displayBoard(
  ctx: AppContext,
  tenant: Tenant,
  location: string,
  origin: string,
): Promise<DisplayBoardResponse> {
  const { event, organization } = tenant;
  const now = ctx.clock();
  const where = itemsWhere(event, location);
  const rows = await ctx.db
    .select()
    .from(auctionItems)
    .where(where)
    .orderBy(asc(auctionItems.featured), asc(auctionItems.id));
  const recentbids = rows.length === 0 ? [] : await recentBids(ctx.db, event, where);
  const bidurl = `${origin}/${event.eventcode}`;
  return {
    status: 'success',
    token: await ctx.tokens.signBoard({ eventcode: event.eventcode, auctioncode: organization.auctioncode }, now),
    eventname: event.eventname,
    eventcode: event.eventcode,
    auctioncode: organization.auctioncode,
    logourl: event.logourl,
    sponsorurl: event.sponsorurl,
    location: location && rows[0] ? rows[0].location.trim() : location,
    biddingopens: event.biddingopens.toISOString(),
    biddingcloses: event.biddingcloses.toISOString(),
    servertime: now.toISOString(),
    version: APP_VERSION,
    bidurl,
    bidurlshort: bidurl.replace(/^https?:\/\//, ''),
    qrsvg: qrSvg(bidurl),
    message: event.displaymessage,
    total: {
      show: event.displayshowtotal,
      raised: event.displayshowtotal ? await raisedOf(ctx.db, event) : 0,
      goal: event.displaygoal,
    },
    recentbids,
    items: rows.map((r) => boardItem(r, event, now)),
  };
}
