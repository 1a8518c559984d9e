import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { idempotencyKey } from '../../../lib/idempotent';
import { route } from '../../../lib/route';
import { withEvent } from '../../../lib/staff-caller';
import { addPledge, pledgeSummary, undoPledge } from './pledges';
import { enterSale, liveSales, undoSale } from './sales';

/** The console's live calls (auction night): live sales and fund-a-need pledges. */
export function consoleLiveRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /console/events/:eventcode/live-sales', async ({ caller }) =>
      liveSales(ctx.db, withEvent(caller).tenant),
    );

    route(app, ctx, 'POST /console/events/:eventcode/live-sales', async ({ caller, body, request }) =>
      enterSale(ctx, withEvent(caller), { body, key: idempotencyKey(request) }),
    );

    route(app, ctx, 'DELETE /console/events/:eventcode/live-sales/:id', async ({ caller, params }) => ({
      status: 'success',
      message: await undoSale(ctx, withEvent(caller), params.id),
    }));

    route(app, ctx, 'GET /console/events/:eventcode/pledges', async ({ caller, query }) =>
      pledgeSummary(ctx.db, withEvent(caller).tenant, query.itemnum),
    );

    route(app, ctx, 'POST /console/events/:eventcode/pledges', async ({ caller, body, request }) =>
      addPledge(ctx, withEvent(caller), { body, key: idempotencyKey(request) }),
    );

    route(app, ctx, 'DELETE /console/events/:eventcode/pledges/:id', async ({ caller, params }) => ({
      status: 'success',
      message: await undoPledge(ctx, withEvent(caller), params.id),
    }));
  };
}
