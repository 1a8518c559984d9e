import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { BidderCaller } from '../../lib/caller';
import { idempotencyKey, writeOnce, type WriteOnce } from '../../lib/idempotent';
import { route } from '../../lib/route';
import type { ItemRow } from '../items/presenter';
import { lockItem } from '../items/queries';
import { changeMaximum, submitBid } from './submit';
import type { FastifyRequest } from 'fastify';

/** A bid is written once per Idempotency-Key, on its item locked for the transaction. */
const onItem = (caller: BidderCaller, route: string, request: FastifyRequest, body: { itemid: number }): WriteOnce<ItemRow> => ({
  route,
  owner: caller.bidderId,
  key: idempotencyKey(request),
  body,
  lock: (tx) => lockItem(tx, caller.tenant, body.itemid),
});

/** Bids, automatic bids, Buy It Now and maximum changes. */
export function bidRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'POST /submitbid', ({ body, caller, request }) =>
      writeOnce(ctx, onItem(caller, 'submitbid', request, body), (tx, now, item) => submitBid(ctx, tx, caller, body, now, item)),
    );
    route(app, ctx, 'POST /maxbid', ({ body, caller, request }) =>
      writeOnce(ctx, onItem(caller, 'maxbid', request, body), (tx, now, item) => changeMaximum(ctx, tx, caller, body, now, item)),
    );
  };
}
