import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { BidderCaller } from '../../lib/caller';
import { idempotencyKey, writeOnce, type WriteOnce } from '../../lib/idempotent';
import { route } from '../../lib/route';
import type { ItemRow } from '../items/presenter';
import { lockItem } from '../items/queries';
import { placeBidOnce } from './place';
import { bidRequest, buyItNow } from './submit';

/** Buy It Now is written once per Idempotency-Key, on its item locked for the transaction. */
const onItem = (
  caller: BidderCaller,
  route: string,
  request: FastifyRequest,
  body: { itemid: number },
): WriteOnce<ItemRow> => ({
  route,
  owner: caller.bidderId,
  key: idempotencyKey(request),
  body,
  lock: (tx) => lockItem(tx, caller.tenant, body.itemid),
});

/** Bids, automatic bids, Buy It Now and maximum changes. Bids take the prepared path (place.ts); Buy It Now the general one. */
export function bidRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'POST /submitbid', ({ body, caller, request }) =>
      body.buyitnow
        ? writeOnce(ctx, onItem(caller, 'submitbid', request, body), (tx, now, item) =>
            buyItNow(ctx, tx, { caller, body, now, locked: item }),
          )
        : placeBidOnce(ctx, caller, {
            route: 'submitbid',
            body,
            key: idempotencyKey(request),
            action: bidRequest(body),
          }),
    );
    route(app, ctx, 'POST /maxbid', ({ body, caller, request }) =>
      placeBidOnce(ctx, caller, {
        route: 'maxbid',
        body,
        key: idempotencyKey(request),
        action: { kind: 'auto', max: body.maxbid, increment: body.increment },
      }),
    );
  };
}
