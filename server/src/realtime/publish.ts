import type { HubMessage, LiveItem } from '@gavel/domain';
import type { AppContext } from '../context';
import type { EventRow } from '../tenancy';
import { type ItemRow, noCaller, presentItem } from '../features/items/presenter';

/**
 * Live messages for the changes Gavel makes. Callers send them after their transaction
 * committed, never inside it, so nobody is told of a change that was rolled back.
 */
export interface EventCodes {
  auctioncode: string;
  eventcode: string;
}

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

export function publishItem(ctx: AppContext, codes: EventCodes, item: ItemRow, event: EventRow): void {
  const message: HubMessage = { type: 'itemupdate', item: liveItemOf(item, event, ctx.clock()), ...codes };
  ctx.live.toEvent(codes.auctioncode, codes.eventcode, message);
}

/** After a bid: everyone sees the item; the bidders whose standing changed are told so. */
export function publishBid(ctx: AppContext, codes: EventCodes, item: ItemRow, event: EventRow, bidderId: number, previousLeader: number | null, message: string): void {
  publishItem(ctx, codes, item, event);
  const leader = item.leaderBidderId;
  ctx.live.toBidder(bidderId, { type: 'submitbid', itemid: item.id, message, ...codes });
  if (previousLeader !== null && previousLeader !== leader) {
    ctx.live.toBidder(previousLeader, { type: 'itembid', itemid: item.id, status: 'outbid', ...codes });
    ctx.notifier.notify('outbid', previousLeader, item.id);
  }
  if (leader !== null && leader !== previousLeader && leader !== bidderId)
    ctx.live.toBidder(leader, { type: 'itembid', itemid: item.id, status: 'leading', ...codes });
}

export function publishCart(ctx: AppContext, codes: EventCodes, bidderId: number): void {
  ctx.live.toBidder(bidderId, { type: 'cartrefresh', ...codes });
}

export function publishEventRefresh(ctx: AppContext, codes: EventCodes): void {
  ctx.live.toEvent(codes.auctioncode, codes.eventcode, { type: 'eventrefresh', ...codes });
}

/** After the sweeper closed items: everyone sees them closed; each winner is told and their cart refreshed. */
export function publishClosed(ctx: AppContext, closed: Array<{ item: ItemRow; event: EventRow; auctioncode: string; winnerBidderId: number | null }>): void {
  for (const c of closed) {
    const codes = { auctioncode: c.auctioncode, eventcode: c.event.eventcode };
    publishItem(ctx, codes, c.item, c.event);
    if (c.winnerBidderId !== null) {
      ctx.live.toBidder(c.winnerBidderId, { type: 'itembid', itemid: c.item.id, status: 'won', ...codes });
      ctx.notifier.notify('won', c.winnerBidderId, c.item.id);
      publishCart(ctx, codes, c.winnerBidderId);
    }
  }
}
