import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponse, maxBidRequest, submitBidRequest, submitBidResponse, type SubmitBidResponse } from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { eventSession } from '../../lib/auth';
import { publishBid, publishCart, publishItem } from '../../realtime/publish';
import type { Tenant } from '../../tenancy';
import { type ItemRow, presentItem } from '../items/presenter';
import { lockItem, oneItem } from '../items/queries';
import { idempotencyKey, storeAnswer, storedAnswer } from './idempotency';
import { applyBid, assertMayBid, buyNow, requestCents } from './service';

const failures = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const OUTBID = 'Another bidder has a higher maximum bid. You have been outbid.';
const codes = (t: Tenant) => ({ auctioncode: t.organization.auctioncode, eventcode: t.event.eventcode });

/** An answer, and the live messages to send once its transaction has committed. */
interface Done {
  answer: SubmitBidResponse;
  publish?: () => void;
}

type SubmitBody = z.output<typeof submitBidRequest>;

/** The work of /submitbid inside its transaction: Buy It Now, a bid, or an automatic bid. */
async function submit(ctx: AppContext, tx: Tx, tenant: Tenant, bidderId: number, body: SubmitBody, now: Date, locked: ItemRow): Promise<Done> {
  const { watching } = await assertMayBid(tx, tenant, bidderId, body.itemid);
  if (body.buyitnow) {
    const bought = await buyNow(tx, tenant, bidderId, body.itemid, body.quantity ?? 1, now, locked);
    return {
      answer: { status: 'success', message: '', historyid: bought.historyid, item: await oneItem(tx, tenant, bidderId, body.itemid, now) },
      publish: () => {
        publishItem(ctx, codes(tenant), bought.item, tenant.event);
        publishCart(ctx, codes(tenant), bidderId);
      },
    };
  }
  // The increment defaults to the item's minimum increase (read only when it is needed).
  const increment = body.increment ?? (body.autobid ? (await oneItem(tx, tenant, bidderId, body.itemid, now)).minimumbidincrease : 0);
  const action = body.autobid
    ? { kind: 'auto' as const, max: requestCents(body.maxbid ?? body.bid ?? Number.NaN, 'maximum bid'), increment: requestCents(increment, 'bid increment') }
    : { kind: 'manual' as const, amount: requestCents(body.bid ?? Number.NaN, 'bid') };
  return bid(ctx, tx, tenant, bidderId, body.itemid, action, now, locked, watching);
}

async function bid(ctx: AppContext, tx: Tx, tenant: Tenant, bidderId: number, itemId: number, action: Parameters<typeof applyBid>[4], now: Date, locked: ItemRow, watching: boolean): Promise<Done> {
  const result = await applyBid(tx, tenant, bidderId, itemId, action, now, locked);
  const message = result.leading ? '' : OUTBID;
  // The answer is built from what the bid already holds, so the item lock is released sooner.
  const item = presentItem(result.item, tenant.event, { bidderId, maximum: result.maximum, watching, historyid: 0 }, now);
  return {
    answer: { status: 'success', message, historyid: 0, item },
    publish: () => publishBid(ctx, codes(tenant), result.item, tenant.event, bidderId, result.previousLeader, message),
  };
}

/** Bids, automatic bids, Buy It Now and maximum changes. Each is one transaction on a locked item. */
export function bidRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /**
   * Runs a write once per Idempotency-Key. The item is locked before the key is looked up, so a
   * retry racing its original waits for it and then finds the stored answer. Live messages go
   * out after the commit, and not again for a replayed answer.
   */
  const once = async (route: string, tenant: Tenant, bidderId: number, itemId: number, key: string | undefined, work: (tx: Tx, now: Date, locked: ItemRow) => Promise<Done>): Promise<SubmitBidResponse> => {
    let done: Done;
    try {
      done = await ctx.db.transaction(async (tx) => {
        const locked = await lockItem(tx, tenant, itemId);
        if (key) {
          const prior = await storedAnswer<SubmitBidResponse>(tx, bidderId, key, route);
          if (prior) return { answer: prior.response };
        }
        const result = await work(tx, ctx.clock(), locked);
        if (key) await storeAnswer(tx, bidderId, key, route, 200, result.answer);
        return result;
      });
    } catch (err) {
      // Lost a race with the same key (its insert conflicted): the other request's answer stands.
      const prior = key && !(err instanceof AppError) ? await storedAnswer<SubmitBidResponse>(ctx.db, bidderId, key, route) : undefined;
      if (prior) return prior.response;
      throw err;
    }
    done.publish?.();
    return done.answer;
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
        return once('submitbid', s.tenant, bidderId, request.body.itemid, idempotencyKey(request), (tx, now, locked) => submit(ctx, tx, s.tenant, bidderId, request.body, now, locked));
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
        return once('maxbid', s.tenant, bidderId, body.itemid, idempotencyKey(request), async (tx, now, locked) => {
          const { watching } = await assertMayBid(tx, s.tenant, bidderId, body.itemid);
          const action = { kind: 'auto' as const, max: requestCents(body.maxbid, 'maximum bid'), increment: requestCents(body.increment, 'bid increment') };
          return bid(ctx, tx, s.tenant, bidderId, body.itemid, action, now, locked, watching);
        });
      },
    );
  };
}
