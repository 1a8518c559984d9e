import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { idempotencyKey } from '../../../lib/idempotent';
import { addressKey, GUESSING } from '../../../lib/guessing';
import { route } from '../../../lib/route';
import { withEvent } from '../../../lib/staff-caller';
import { followPayLink } from './paylink-follow';
import { sendPayLinks } from './paylinks';
import { runStatus, runsOverview } from './runs';
import { chargePreview, startRun } from './service';

/** The console's charge-all calls (the owner's), and the bidder's side of a pay link. */
export function consoleChargeAllRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'POST /console/events/:eventcode/charge-all', async ({ caller, body, request }) => {
      const staff = withEvent(caller);
      if (body.preview) return chargePreview(ctx, staff, body.minimum);
      const key = idempotencyKey(request);
      if (!key) throw new AppError('bad_request', 'Starting a run needs an Idempotency-Key header.');
      return startRun(ctx, staff, { body, key });
    });

    route(app, ctx, 'GET /console/events/:eventcode/charge-all', async ({ caller }) =>
      runsOverview(ctx.db, withEvent(caller)),
    );

    route(app, ctx, 'GET /console/events/:eventcode/charge-all/:runid', async ({ caller, params }) =>
      runStatus(ctx.db, withEvent(caller), params.runid),
    );

    route(app, ctx, 'POST /console/events/:eventcode/charge-all/:runid/pay-links', async ({ caller, params, body }) =>
      sendPayLinks(ctx, withEvent(caller), { runId: params.runid, accountIds: body.bidderids }),
    );

    // An address that keeps sending unknown or spent links is slowed, as for the other emailed links.
    route(app, ctx, 'POST /paylink', async ({ caller, body, request }) => {
      try {
        return await ctx.guessing.failures(
          [[GUESSING.linkFailuresPerAddress, addressKey(request)]],
          (err) => err instanceof AppError && err.code === 'expired',
          () => followPayLink(ctx, caller.auctioncode, body.token),
        );
      } catch (err) {
        if (err instanceof AppError && err.code === 'expired')
          return { status: 'expired' as const, message: err.message };
        throw err;
      }
    });
  };
}
