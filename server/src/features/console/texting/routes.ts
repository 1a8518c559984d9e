import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/route';
import { saveTexting, textingOverview } from './service';

/** The console's texting calls (issue 30, the owner's): the organization's text provider settings. */
export function consoleTextingRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /console/texting', async ({ caller }) => textingOverview(ctx, caller));
    route(app, ctx, 'PUT /console/texting', async ({ caller, body }) => saveTexting(ctx, caller, body));
  };
}
