import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { idempotencyKey } from '../../../lib/idempotent';
import { route } from '../../../lib/route';
import { withEvent } from '../../../lib/staff-caller';
import { saveDeskCard } from './cards';
import { checkIn, checkinDesk, sendCardLink, undoCheckIn, walkUp } from './service';

/** The console's check-in desk calls (auction night). */
export function consoleCheckinRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /console/events/:eventcode/checkins', async ({ caller, query }) =>
      checkinDesk(ctx, withEvent(caller).tenant, query.q),
    );

    route(app, ctx, 'POST /console/events/:eventcode/checkins', async ({ caller, body }) =>
      checkIn(ctx, withEvent(caller), body.bidderid),
    );

    route(app, ctx, 'DELETE /console/events/:eventcode/checkins/:bidderid', async ({ caller, params }) =>
      undoCheckIn(ctx, withEvent(caller), params.bidderid),
    );

    route(app, ctx, 'POST /console/events/:eventcode/walkups', async ({ caller, body }) =>
      walkUp(ctx, withEvent(caller), body),
    );

    route(
      app,
      ctx,
      'POST /console/events/:eventcode/bidders/:bidderid/card',
      async ({ caller, params, body, request }) =>
        saveDeskCard(ctx, withEvent(caller), {
          accountId: params.bidderid,
          processortoken: body.processortoken,
          key: idempotencyKey(request),
        }),
    );

    route(app, ctx, 'POST /console/events/:eventcode/bidders/:bidderid/card-link', async ({ caller, params }) => ({
      status: 'success',
      message: await sendCardLink(ctx, withEvent(caller), params.bidderid),
    }));
  };
}
