import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { origin } from '../../lib/caller';
import { displayBoard } from './board';

/**
 * The venue display board's call. Its own rate-limit bucket, as generous as the phones' (calls
 * without a token, per address): a room's screens share one address and all ask again at once
 * after a reconnect, and they must not use up the phones' allowance on that address.
 */
const boardLimit = (ctx: AppContext) => ({
  config: { rateLimit: { max: ctx.config.rateLimitAnonymousPerMinute, timeWindow: '1 minute' } },
});

export function displayRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      ctx,
      'GET /displayboard',
      async ({ caller, query, request }) => displayBoard(ctx, caller.tenant, query.location, origin(ctx, request)),
      boardLimit(ctx),
    );
  };
}
