import type { SubmitBidResponse } from '@gavel/domain';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/prepared';
import type { BidderCaller } from '../../lib/caller';
import { replayOf, writeOnceBy } from '../../lib/idempotent';
import { publishBid } from '../../realtime/publish';
import { type ItemRow, presentItem } from '../items/presenter';
import { type BidRequest, decideBid, mayBid } from './service';
import { readForBid, writeBid } from './statements';

const OUTBID = 'Another bidder has a higher maximum bid. You have been outbid.';

export interface BidCall {
  /** 'submitbid' or 'maxbid': a key is good for one route only. */
  route: string;
  /** The validated body, whose digest a reused key must match. */
  body: { itemid: number };
  /** The Idempotency-Key header (see idempotencyKey), if sent. */
  key: string | undefined;
  /** The bid the body asks for, on the item as it stands (an automatic bid's increment defaults to the item's). */
  action: (item: ItemRow) => BidRequest;
}

/**
 * A bid, an automatic bid or a change of maximum, written once per Idempotency-Key (writeOnceBy)
 * in four round trips: BEGIN, one statement that locks the item and reads everything the bid needs
 * (the key's stored answer too), one that writes everything (the answer under the key too), COMMIT.
 */
export async function placeBidOnce(ctx: AppContext, caller: BidderCaller, call: BidCall): Promise<SubmitBidResponse> {
  const { tenant, bidderId } = caller;
  return writeOnceBy<SubmitBidResponse>(
    ctx,
    { route: call.route, owner: bidderId, key: call.key, body: call.body },
    (hash) =>
      inTransaction(ctx.database, async (run) => {
        const read = await readForBid(run, { tenant, itemId: call.body.itemid, bidderId, key: call.key });
        if (read.prior) return { answer: replayOf<SubmitBidResponse>(read.prior, call.route, hash) };
        const { people, watching, hasCard } = read;
        const may = mayBid({ tenant, bidderId, people, watching, hasCard });
        const now = ctx.clock();
        const { result, write } = decideBid({
          tenant,
          bidderId,
          action: call.action(read.item),
          now,
          item: read.item,
          maxima: read.maxima,
          shown: may.shown,
        });
        const message = result.leading ? '' : OUTBID;
        const item = presentItem(
          result.item,
          tenant.event,
          {
            bidderId,
            maximum: result.maximum,
            watching: may.watching,
            historyid: 0,
            needsCard: false,
            bought: read.bought,
          },
          now,
        );
        const answer: SubmitBidResponse = { status: 'success', message, historyid: 0, item };
        await writeBid(
          run,
          write,
          call.key ? { key: call.key, route: call.route, requestHash: hash, answer } : undefined,
        );
        return {
          answer,
          after: () => {
            publishBid(ctx, tenant, {
              item: result.item,
              history: result.history,
              bidderId,
              previousLeader: result.previousLeader,
              message,
              answer: item,
            });
            // A bid that wrote no history (a leader raising their own maximum) left the price as it was.
            if (result.history.length > 0) ctx.totals.touch(tenant);
          },
        };
      }),
  );
}
