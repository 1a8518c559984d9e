import type { SubmitBidResponse } from '@gavel/domain';
import type { AppContext } from '../../context';
import { runAlone } from '../../db/prepared';
import type { BidderCaller } from '../../lib/caller';
import { replayOf, writeOnceBy } from '../../lib/idempotent';
import { publishBid } from '../../realtime/publish';
import type { Tenant } from '../../tenancy';
import { presentItem } from '../items/presenter';
import { refusalError } from './refusals';
import { writtenBids } from './service';
import { type BidRequest, type Placed, placeBidIn, placedOf } from './statements';

const OUTBID = 'Another bidder has a higher maximum bid. You have been outbid.';

export interface BidCall {
  /** 'submitbid' or 'maxbid': a key is good for one route only. */
  route: string;
  /** The validated body, whose digest a reused key must match. */
  body: { itemid: number };
  /** The Idempotency-Key header (see idempotencyKey), if sent. */
  key: string | undefined;
  /** The bid the body asks for (an automatic bid without an increment takes the item's). */
  action: BidRequest;
}

/** The bidder's answer, from what the bid did: the same for the first answer and for a retry. */
function answerOf(tenant: Tenant, bidderId: number, placed: Placed): SubmitBidResponse {
  const caller = {
    bidderId,
    maximum: placed.maximum,
    watching: placed.watching,
    historyid: 0,
    needsCard: false,
    bought: placed.bought,
  };
  const item = presentItem(placed.item, tenant.event, caller, placed.now);
  const message = placed.item.leaderBidderId === bidderId ? '' : OUTBID;
  return { status: 'success', message, historyid: 0, item };
}

/**
 * What a key stores for a bid is what the bid did (placedOf); a key stored before that, across an
 * upgrade, holds the answer itself, which is replayed as it is.
 */
function replayed(tenant: Tenant, bidderId: number, stored: unknown): SubmitBidResponse {
  if (isAnswer(stored)) return stored;
  return answerOf(tenant, bidderId, placedOf(stored));
}

function isAnswer(stored: unknown): stored is SubmitBidResponse {
  return typeof stored === 'object' && stored !== null && 'status' in stored && 'item' in stored;
}

/**
 * A bid, an automatic bid or a change of maximum, written once per Idempotency-Key (writeOnceBy)
 * in one round trip: one statement, the bid function, that locks the item, replays the key's
 * stored outcome or applies the bid and stores its outcome under the key, and commits.
 */
export async function placeBidOnce(ctx: AppContext, caller: BidderCaller, call: BidCall): Promise<SubmitBidResponse> {
  const { tenant, bidderId } = caller;
  return writeOnceBy<SubmitBidResponse>(
    ctx,
    { route: call.route, owner: bidderId, key: call.key, body: call.body },
    async (hash) => {
      const outcome = await placeBidIn((statement, values) => runAlone(ctx.database, statement, values), {
        tenant,
        itemId: call.body.itemid,
        bidderId,
        action: call.action,
        now: ctx.clock(),
        keep: call.key ? { key: call.key, route: call.route, requestHash: hash } : undefined,
      });
      if (outcome.kind === 'prior')
        return { answer: replayed(tenant, bidderId, replayOf<unknown>(outcome.prior, call.route, hash)) };
      if (outcome.kind === 'refused') throw refusalError(outcome.code, outcome.figure);
      const { placed } = outcome;
      const answer = answerOf(tenant, bidderId, placed);
      return {
        answer,
        after: () => {
          publishBid(ctx, tenant, {
            item: placed.item,
            history: writtenBids(tenant, placed),
            bidderId,
            previousLeader: placed.previousLeader,
            message: answer.message,
            answer: answer.item,
          });
          // A bid that wrote no history (a leader raising their own maximum) left the price as it was.
          if (placed.history.length > 0) ctx.totals.touch(tenant);
        },
      };
    },
    (stored) => replayed(tenant, bidderId, stored),
  );
}
