import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { forgetSubscription, keepSubscription } from './service';

/** Web Push (docs/push.md): the key browsers subscribe with, and this device's subscription. */
export function pushRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /pushkey', async () => ({ status: 'success', publickey: ctx.config.vapid.publicKey }));

    route(app, ctx, 'POST /pushsubscription', async ({ body, caller, request }) => {
      const owner = { organizationId: caller.tenant.organization.id, accountId: caller.claims.userid };
      await keepSubscription(ctx.db, owner, { subscription: body, userAgent: request.headers['user-agent'] ?? '' });
      return { status: 'success' };
    });

    route(app, ctx, 'DELETE /pushsubscription', async ({ body, caller }) => {
      const owner = { organizationId: caller.tenant.organization.id, accountId: caller.claims.userid };
      await forgetSubscription(ctx.db, owner, body.endpoint);
      return { status: 'success' };
    });
  };
}
