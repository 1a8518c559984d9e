import type { AuctionItem, HubMessage, LiveBidEntry, LiveHistoryEntry, LiveItem } from '@gavel/domain';
import type { AppContext } from '../context';
import type { EventRow, Tenant } from '../tenancy';
import { codesOf, type EventCodes } from './codes';
import { type ItemRow, noCaller, presentItem } from '../features/items/presenter';

// Live messages for the changes Gavel makes. Callers send them after their transaction
// committed, never inside it, so nobody is told of a change that was rolled back. Each message
// carries what the pages show, so phones patch their caches instead of refetching.

export function liveItemOf(item: ItemRow, event: EventRow, now: Date): LiveItem {
  const p = presentItem(item, event, noCaller, now);
  return {
    itemid: p.itemid,
    currentbid: p.currentbid,
    lastbid: p.lastbid,
    minimumnextbid: p.minimumnextbid,
    numberofbids: p.numberofbids,
    closing: p.closing,
    closingcst: p.closingcst,
    bidstatus: p.bidstatus,
    quantityavailable: p.quantityavailable,
    buyitnowavailable: p.buyitnowavailable,
  };
}

/** `itemupdate` to everyone in the event: the item as it stands and, after a bid, its new history entries. */
function sendItem(
  ctx: AppContext,
  { codes, item, event, history }: { codes: EventCodes; item: ItemRow; event: EventRow; history?: LiveHistoryEntry[] },
): void {
  const message: HubMessage = {
    type: 'itemupdate',
    item: liveItemOf(item, event, ctx.clock()),
    ...(history ? { history } : {}),
    ...codes,
  };
  ctx.live.toEvent(codes.auctioncode, codes.eventcode, message);
}

export function publishItem(ctx: AppContext, tenant: Tenant, item: ItemRow): void {
  sendItem(ctx, { codes: codesOf(tenant), item, event: tenant.event });
}

/** A bid the action wrote: how everyone sees it and, kept on the server, whose it is. */
export type WrittenBid = LiveBidEntry & {
  /** The bidder's internal id. It never leaves the server: it only chooses whose room hears `mybids`. */
  bidderid: number;
};

export interface PlacedBid {
  item: ItemRow;
  /** The bids the action wrote, newest first, as the history shows them. */
  history: WrittenBid[];
  bidderId: number;
  previousLeader: number | null;
  message: string;
  /** The bidder's own view of the item, as their answer holds it. */
  answer: AuctionItem;
}

/**
 * A new bid's number on its item: the item's count includes the action's bids, newest first, and
 * every bid on an item is counted once under the item's lock, so the numbers never repeat.
 */
const bidNumber = (item: ItemRow, newest: number): number => item.numberofbids - newest;

/**
 * The history entries as everyone in the event receives them: the public fields, picked one by
 * one, so nothing else an entry carries (its bidder's id above all) can reach the event's room.
 */
function publicEntries(item: ItemRow, history: WrittenBid[]): LiveHistoryEntry[] {
  return history.map((h, i) => ({
    bidno: bidNumber(item, i),
    biddername: h.biddername,
    biddernumber: h.biddernumber,
    bidtime: h.bidtime,
    bidtimecst: h.bidtimecst,
    amount: h.amount,
    isauto: h.isauto,
  }));
}

/** The numbers of each bidder's bids among the new ones: theirs to know, no one else's. */
function bidsByBidder(item: ItemRow, history: WrittenBid[]): Map<number, number[]> {
  const mine = new Map<number, number[]>();
  history.forEach((h, i) => mine.set(h.bidderid, [...(mine.get(h.bidderid) ?? []), bidNumber(item, i)]));
  return mine;
}

/**
 * After a bid: everyone sees the item and its new bids, named only as the public rules allow;
 * each bidder whose bids are among them (an automatic bid the engine placed for them too) is
 * told which, in their own room, after the item (the same socket receives them in that order);
 * the bidders whose standing changed are told so.
 */
export function publishBid(ctx: AppContext, tenant: Tenant, bid: PlacedBid): void {
  const codes = codesOf(tenant);
  const { item, bidderId, previousLeader } = bid;
  sendItem(ctx, { codes, item, event: tenant.event, history: publicEntries(item, bid.history) });
  for (const [owner, bidnos] of bidsByBidder(item, bid.history))
    ctx.live.toBidder(owner, { type: 'mybids', itemid: item.id, bidnos, ...codes });
  const leader = item.leaderBidderId;
  ctx.live.toBidder(bidderId, { type: 'submitbid', itemid: item.id, message: bid.message, item: bid.answer, ...codes });
  if (previousLeader !== null && previousLeader !== leader) {
    ctx.live.toBidder(previousLeader, {
      type: 'itembid',
      itemid: item.id,
      status: 'outbid',
      currentlywinningbid: false,
      ...codes,
    });
    ctx.notifier.notify('outbid', previousLeader, item.id);
  }
  if (leader !== null && leader !== previousLeader && leader !== bidderId)
    ctx.live.toBidder(leader, {
      type: 'itembid',
      itemid: item.id,
      status: 'leading',
      currentlywinningbid: true,
      ...codes,
    });
}

/** A leading bidder whose item was sold out by Buy It Now: they no longer lead, and win nothing. */
export function publishLost(ctx: AppContext, tenant: Tenant, bidderId: number, itemId: number): void {
  ctx.live.toBidder(bidderId, {
    type: 'itembid',
    itemid: itemId,
    status: 'lost',
    currentlywinningbid: false,
    ...codesOf(tenant),
  });
}

export function publishCart(ctx: AppContext, tenant: Tenant | EventCodes, bidderId: number): void {
  const codes = 'event' in tenant ? codesOf(tenant) : tenant;
  ctx.live.toBidder(bidderId, { type: 'cartrefresh', ...codes });
}

export function publishEventRefresh(ctx: AppContext, codes: EventCodes): void {
  ctx.live.toEvent(codes.auctioncode, codes.eventcode, { type: 'eventrefresh', ...codes });
}

/** After the sweeper closed items: everyone sees them closed; each winner is told and their cart refreshed. */
export function publishClosed(
  ctx: AppContext,
  closed: Array<{ item: ItemRow; event: EventRow; auctioncode: string; winnerBidderId: number | null }>,
): void {
  for (const c of closed) {
    const codes = { auctioncode: c.auctioncode, eventcode: c.event.eventcode };
    sendItem(ctx, { codes, item: c.item, event: c.event });
    if (c.winnerBidderId !== null) {
      ctx.live.toBidder(c.winnerBidderId, {
        type: 'itembid',
        itemid: c.item.id,
        status: 'won',
        currentlywinningbid: true,
        ...codes,
      });
      ctx.notifier.notify('won', c.winnerBidderId, c.item.id);
      publishCart(ctx, codes, c.winnerBidderId);
    }
  }
}
