import type { SubmitBidRequest, SubmitBidResponse } from '@gavel/domain';
import type { maxBidRequest } from '@gavel/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { BidderCaller } from '../../lib/caller';
import type { Written } from '../../lib/idempotent';
import { publishBid, publishCart, publishItem, publishLost } from '../../realtime/publish';
import { type ItemRow, presentItem } from '../items/presenter';
import { oneItem } from '../items/queries';
import { applyBid, assertMayBid, type BidRequest, buyNow, type MayBid } from './service';

const OUTBID = 'Another bidder has a higher maximum bid. You have been outbid.';

/** The work of /submitbid inside its transaction, on the locked item: Buy It Now, a bid, or an automatic bid. */
export async function submitBid(ctx: AppContext, tx: Tx, caller: BidderCaller, body: SubmitBidRequest, now: Date, locked: ItemRow): Promise<Written<SubmitBidResponse>> {
  const { tenant, bidderId } = caller;
  const may = await assertMayBid(tx, tenant, bidderId, locked);
  if (body.buyitnow) {
    const bought = await buyNow(tx, tenant, bidderId, body.itemid, body.quantity ?? 1, now, locked);
    return {
      answer: { status: 'success', message: '', historyid: bought.historyid, item: await oneItem(tx, tenant, bidderId, body.itemid, now) },
      after: () => {
        publishItem(ctx, tenant, bought.item);
        publishCart(ctx, tenant, bidderId);
        if (bought.displacedLeader !== null) publishLost(ctx, tenant, bought.displacedLeader, bought.item.id);
        ctx.totals.touch(tenant);
      },
    };
  }
  return bid(ctx, tx, caller, bidRequest(body, locked), now, locked, may);
}

/** A bid or an automatic bid from the request; an automatic bid's increment defaults to the item's minimum increase. */
function bidRequest(body: SubmitBidRequest, item: ItemRow): BidRequest {
  if (!body.autobid) {
    if (body.bid === undefined) throw new AppError('bad_request', 'Please enter a bid amount.');
    return { kind: 'manual', amount: body.bid };
  }
  const max = body.maxbid ?? body.bid;
  if (max === undefined) throw new AppError('bad_request', 'Please enter a maximum bid.');
  return { kind: 'auto', max, increment: body.increment ?? item.minimumbidincrease };
}

/** The work of /maxbid: the leader changes their automatic maximum and increment. */
export async function changeMaximum(ctx: AppContext, tx: Tx, caller: BidderCaller, body: z.output<typeof maxBidRequest>, now: Date, locked: ItemRow): Promise<Written<SubmitBidResponse>> {
  const may = await assertMayBid(tx, caller.tenant, caller.bidderId, locked);
  return bid(ctx, tx, caller, { kind: 'auto', max: body.maxbid, increment: body.increment }, now, locked, may);
}

async function bid(ctx: AppContext, tx: Tx, caller: BidderCaller, action: BidRequest, now: Date, locked: ItemRow, may: MayBid): Promise<Written<SubmitBidResponse>> {
  const { tenant, bidderId } = caller;
  const result = await applyBid(tx, tenant, bidderId, action, now, locked, may.shown);
  const message = result.leading ? '' : OUTBID;
  // The answer is built from what the bid already holds, so the item lock is released sooner.
  const item = presentItem(result.item, tenant.event, { bidderId, maximum: result.maximum, watching: may.watching, historyid: 0, needsCard: false }, now);
  return {
    answer: { status: 'success', message, historyid: 0, item },
    after: () => {
      publishBid(ctx, tenant, { item: result.item, history: result.history, bidderId, previousLeader: result.previousLeader, message, answer: item });
      // A bid that wrote no history (a leader raising their own maximum) left the price as it was.
      if (result.history.length > 0) ctx.totals.touch(tenant);
    },
  };
}
