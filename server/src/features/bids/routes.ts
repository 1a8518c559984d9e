import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, maxBidRequest, submitBidRequest, submitBidResponse, type SubmitBidResponse } from '@gavel/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { eventSession } from '../../lib/auth';
import type { Tx } from '../../db/client';
import type { Tenant } from '../../tenancy';
import { lockItem, oneItem } from '../items/queries';
import { idempotencyKey, storeAnswer, storedAnswer } from './idempotency';
import { applyBid, assertMayBid, buyNow, requestCents } from './service';

const failures = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const OUTBID = 'Another bidder has a higher maximum bid. You have been outbid.';

/** Bids, automatic bids, Buy It Now and maximum changes. Each is one transaction on a locked item. */
export function bidRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /**
   * Runs a write once per Idempotency-Key. The item is locked before the key is looked up, so a
   * retry racing its original waits for it and then finds the stored answer.
   */
  const once = async (
    route: string,
    tenant: Tenant,
    bidderId: number,
    itemId: number,
    key: string | undefined,
    work: (tx: Tx, now: Date) => Promise<SubmitBidResponse>,
  ): Promise<SubmitBidResponse> => {
    try {
      return await ctx.db.transaction(async (tx) => {
        await lockItem(tx, tenant, itemId);
        if (key) {
          const prior = await storedAnswer<SubmitBidResponse>(tx, bidderId, key, route);
          if (prior) return prior.response;
        }
        const answer = await work(tx, ctx.clock());
        if (key) await storeAnswer(tx, bidderId, key, route, 200, answer);
        return answer;
      });
    } catch (err) {
      if (key && !(err instanceof AppError)) {
        const prior = await storedAnswer<SubmitBidResponse>(ctx.db, bidderId, key, route);
        if (prior) return prior.response;
      }
      throw err;
    }
  };

  return async (app) => {
    app.post(
      '/submitbid',
      {
        schema: {
          tags: ['bids'],
          summary: 'Place a bid, set an automatic (max) bid, or Buy It Now. Send an Idempotency-Key header to make retries safe.',
          security: [{ bearer: [] }],
          body: submitBidRequest,
          response: { 200: submitBidResponse, ...failures },
        },
      },
      async (request) => {
        const s = await eventSession(ctx, request, request.body);
        const bidderId = s.bidderId;
        if (bidderId === null) throw new AppError('forbidden', 'Please log in to bid.');
        const body = request.body;
        const key = idempotencyKey(request);
        return once('submitbid', s.tenant, bidderId, body.itemid, key, async (tx, now) => {
            await assertMayBid(tx, s.tenant, bidderId);
            let answer: SubmitBidResponse;
            if (body.buyitnow) {
              const bought = await buyNow(tx, s.tenant, bidderId, body.itemid, body.quantity ?? 1, now);
              answer = { status: 'success', message: '', historyid: bought.historyid, item: await oneItem(tx, s.tenant, bidderId, body.itemid, now) };
            } else {
              const action = body.autobid
                ? {
                    kind: 'auto' as const,
                    max: requestCents(body.maxbid ?? body.bid ?? Number.NaN, 'maximum bid'),
                    increment: body.increment === undefined ? -1 : requestCents(body.increment, 'bid increment'),
                  }
                : { kind: 'manual' as const, amount: requestCents(body.bid ?? Number.NaN, 'bid') };
              if (action.kind === 'auto' && action.increment < 0) {
                const item = await oneItem(tx, s.tenant, bidderId, body.itemid, now);
                action.increment = requestCents(item.minimumbidincrease, 'bid increment');
              }
              const result = await applyBid(tx, s.tenant, bidderId, body.itemid, action, now);
              answer = { status: 'success', message: result.leading ? '' : OUTBID, historyid: 0, item: await oneItem(tx, s.tenant, bidderId, body.itemid, now) };
            }
            return answer;
        });
      },
    );

    app.post(
      '/maxbid',
      { schema: { tags: ['bids'], summary: 'Change your automatic maximum and increment', security: [{ bearer: [] }], body: maxBidRequest, response: { 200: submitBidResponse, ...failures } } },
      async (request) => {
        const s = await eventSession(ctx, request, request.body);
        const bidderId = s.bidderId;
        if (bidderId === null) throw new AppError('forbidden', 'Please log in to bid.');
        const body = request.body;
        const key = idempotencyKey(request);
        return once('maxbid', s.tenant, bidderId, body.itemid, key, async (tx, now) => {
            await assertMayBid(tx, s.tenant, bidderId);
            const action = { kind: 'auto' as const, max: requestCents(body.maxbid, 'maximum bid'), increment: requestCents(body.increment, 'bid increment') };
            const result = await applyBid(tx, s.tenant, bidderId, body.itemid, action, now);
            const answer: SubmitBidResponse = { status: 'success', message: result.leading ? '' : OUTBID, historyid: 0, item: await oneItem(tx, s.tenant, bidderId, body.itemid, now) };
            return answer;
        });
      },
    );
  };
}
