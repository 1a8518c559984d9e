import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { qrPng } from '../../../lib/qr-png';
import { route } from '../../../lib/route';
import { withEvent } from '../../../lib/staff-caller';
import { collectItems, pickupList, pickupOf } from './service';

/** The console's pickup calls (auction night), and the QR of a pickup code that receipts show. */
export function consolePickupRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /console/events/:eventcode/pickups/:code', async ({ caller, params }) =>
      pickupOf(ctx.db, withEvent(caller).tenant, params.code),
    );

    route(app, ctx, 'POST /console/events/:eventcode/pickups/:code', async ({ caller, params, body }) =>
      collectItems(ctx, withEvent(caller), params.code, body),
    );

    route(app, ctx, 'GET /console/events/:eventcode/pickups', async ({ caller, query }) =>
      pickupList(ctx.db, withEvent(caller).tenant, query),
    );

    // The image of a code never changes: mail clients, their image proxies and phones keep it.
    route(app, ctx, 'GET /pickupqr', async ({ query, reply }) =>
      reply.type('image/png').header('cache-control', 'public, max-age=31536000, immutable').send(qrPng(query.code)),
    );
  };
}
