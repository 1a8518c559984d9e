import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { presentEvent } from './presenter';

export function eventRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'POST /event', async ({ caller }) => ({
      status: 'success',
      ...presentEvent(caller.tenant, ctx.clock()),
    }));
    route(app, ctx, 'POST /privacypolicy', async ({ caller }) => ({
      status: 'success',
      privacypolicy: caller.tenant.event.privacypolicy,
    }));
  };
}
