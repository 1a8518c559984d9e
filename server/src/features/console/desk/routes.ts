import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { idempotencyKey } from '../../../lib/idempotent';
import { route } from '../../../lib/route';
import { withEvent } from '../../../lib/staff-caller';
import { payStoreInvoice, storeInvoices } from './invoices';
import { deskBalance, deskReceipt, hold, lookUp, refund, resolve, takePayment } from './service';

/** The console's desk calls: the checkout desk (auction night). */
export function consoleDeskRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /console/events/:eventcode/desk', async ({ caller, query }) =>
      lookUp(ctx.db, withEvent(caller).tenant, query.q),
    );

    route(app, ctx, 'GET /console/events/:eventcode/bidders/:bidderid/balance', async ({ caller, params }) =>
      deskBalance(ctx, withEvent(caller).tenant, params.bidderid),
    );

    route(
      app,
      ctx,
      'POST /console/events/:eventcode/bidders/:bidderid/payments',
      async ({ caller, params, body, request }) =>
        takePayment(ctx, withEvent(caller), { accountId: params.bidderid, body, key: idempotencyKey(request) }),
    );

    route(
      app,
      ctx,
      'POST /console/events/:eventcode/bidders/:bidderid/refunds',
      async ({ caller, params, body, request }) =>
        refund(ctx, withEvent(caller), { accountId: params.bidderid, body, key: idempotencyKey(request) }),
    );

    route(app, ctx, 'POST /console/events/:eventcode/bidders/:bidderid/holds', async ({ caller, params, body }) =>
      hold(ctx, withEvent(caller), { accountId: params.bidderid, body }),
    );

    route(app, ctx, 'POST /console/events/:eventcode/holds/:holdid', async ({ caller, params, body }) =>
      resolve(ctx, withEvent(caller), { holdId: params.holdid, body }),
    );

    route(app, ctx, 'GET /console/events/:eventcode/store-invoices', async ({ caller }) =>
      storeInvoices(ctx.db, withEvent(caller).tenant),
    );

    route(
      app,
      ctx,
      'POST /console/events/:eventcode/store-invoices/:orderid/payments',
      async ({ caller, params, body, request }) =>
        payStoreInvoice(ctx, withEvent(caller), { orderId: params.orderid, body, key: idempotencyKey(request) }),
    );

    route(app, ctx, 'GET /console/events/:eventcode/bidders/:bidderid/receipt', async ({ caller, params }) =>
      deskReceipt(ctx, withEvent(caller).tenant, params.bidderid),
    );
  };
}
