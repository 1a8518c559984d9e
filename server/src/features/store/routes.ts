import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { idempotencyKey } from '../../lib/idempotent';
import { route, sendCsv } from '../../lib/route';
import { addressKey, GUESSING } from '../../lib/guessing';
import { followBillMeLink } from './bill-me-link';
import { applyDiscount, cartAnswer, setQuantity } from './cart';
import { storeCheckout } from './checkout';
import { renewCart } from './renew';
import { storeOrdersCsv, storeOrdersReport } from './report';
import { storeSetup } from './setup';

/** The event store: landing and tabs, the cart and its hold, promo codes, checkout, and the organizer's orders report. */
export function storeRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'POST /storesetup1', ({ caller }) => storeSetup(ctx, caller.tenant));
    // The address a new cart is made for (request.ip honours X-Forwarded-For only with TRUST_PROXY): live carts per address are capped.
    route(app, ctx, 'POST /storesetup2', ({ caller, request }) =>
      storeSetup(ctx, caller.tenant, { claims: caller.cart, address: request.ip }),
    );
    route(app, ctx, 'GET /storecart', ({ caller }) => cartAnswer(ctx, caller.tenant, caller.cart.cartid));
    route(app, ctx, 'POST /storecartadditem', ({ caller, body }) => setQuantity(ctx, caller, body));
    route(app, ctx, 'POST /storecartdiscount', ({ caller, body }) => applyDiscount(ctx, caller, body.discountcode));
    // An address that keeps sending unknown links is slowed, as for the other emailed links.
    route(app, ctx, 'POST /storebillme', ({ caller, body, request }) =>
      ctx.guessing.failures(
        [[GUESSING.linkFailuresPerAddress, addressKey(request)]],
        (err) => err instanceof AppError && err.code === 'not_found',
        () => followBillMeLink(ctx, caller.tenant, body),
      ),
    );
    route(app, ctx, 'PUT /storecart/renew', ({ caller }) => renewCart(ctx, caller));
    route(app, ctx, 'PUT /storecheckout', ({ caller, body, request }) =>
      storeCheckout(ctx, caller, { body, key: idempotencyKey(request) }),
    );

    route(app, ctx, 'GET /admin/store/orders', async ({ caller, query, reply }) => {
      if (!caller.tenant) throw new AppError('bad_request', 'Name the event: ?eventcode=CODE.');
      const report = await storeOrdersReport(ctx.db, caller.tenant);
      if (query.format === 'csv')
        return sendCsv(reply, `${caller.tenant.event.eventcode}-store-orders.csv`, storeOrdersCsv(report.orders));
      return report;
    });
  };
}
