import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/route';
import { withEvent } from '../../../lib/staff-caller';
import { presentBidder } from './presenter';
import { addBidder, eventBidders, sendBidderLink, updateBidder } from './service';

/** The console's bidders calls. */
export function consoleBidderRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /console/events/:eventcode/bidders', async ({ caller, query }) =>
      eventBidders(ctx.db, withEvent(caller).tenant, query.q),
    );

    route(app, ctx, 'POST /console/events/:eventcode/bidders', async ({ caller, body }) => {
      const { row, message } = await addBidder(ctx, withEvent(caller), body);
      return { status: 'success', message, bidder: presentBidder(row) };
    });

    route(app, ctx, 'PUT /console/events/:eventcode/bidders/:bidderid', async ({ caller, params, body }) => {
      const { row, message } = await updateBidder(ctx, withEvent(caller), params.bidderid, body);
      return { status: 'success', message, bidder: presentBidder(row) };
    });

    route(app, ctx, 'POST /console/events/:eventcode/bidders/:bidderid/link', async ({ caller, params }) => ({
      status: 'success',
      message: await sendBidderLink(ctx, withEvent(caller), params.bidderid),
    }));
  };
}
