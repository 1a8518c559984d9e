import { bidMessages, type SubmitBidRequest, type SubmitBidResponse } from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { BidderCaller } from '../../lib/caller';
import type { Written } from '../../lib/idempotent';
import { publishCart, publishItem, publishLost } from '../../realtime/publish';
import type { ItemRow } from '../items/presenter';
import { oneItem } from '../items/queries';
import { assertMayBid, type BidRequest, buyNow } from './service';

/** The work of /submitbid with `buyitnow` inside its transaction, on the locked item (bids take bids/place.ts). */
export async function buyItNow(
  ctx: AppContext,
  tx: Tx,
  { caller, body, now, locked }: { caller: BidderCaller; body: SubmitBidRequest; now: Date; locked: ItemRow },
): Promise<Written<SubmitBidResponse>> {
  const { tenant, bidderId } = caller;
  await assertMayBid(tx, tenant, bidderId, locked);
  const bought = await buyNow(tx, { tenant, bidderId, item: locked, quantity: body.quantity ?? 1, now });
  return {
    answer: {
      status: 'success',
      message: '',
      historyid: bought.historyid,
      item: await oneItem(tx, { tenant, bidderId, itemId: body.itemid, now }),
    },
    after: () => {
      publishItem(ctx, tenant, bought.item);
      publishCart(ctx, tenant, bidderId);
      if (bought.displacedLeader !== null) publishLost(ctx, tenant, bought.displacedLeader, bought.item.id);
      ctx.totals.touch(tenant);
    },
  };
}

/** A bid or an automatic bid from the request (the schema has already refused one without its amount, in the same words); an automatic bid without an increment takes the item's minimum increase. */
export function bidRequest(body: SubmitBidRequest): BidRequest {
  if (!body.autobid) {
    if (body.bid === undefined) throw new AppError('bad_request', bidMessages.noAmount());
    return { kind: 'manual', amount: body.bid };
  }
  const max = body.maxbid ?? body.bid;
  if (max === undefined) throw new AppError('bad_request', bidMessages.noMaximum());
  return { kind: 'auto', max, increment: body.increment ?? null };
}
