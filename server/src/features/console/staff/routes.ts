import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { consoleSignInRoutes } from './routes-signin';
import { consoleTeamRoutes } from './routes-team';

/** The console's staff calls: signing in, the staff and the audit log (and the operator's new organization). */
export function consoleStaffRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    await app.register(consoleSignInRoutes(ctx));
    await app.register(consoleTeamRoutes(ctx));
  };
}
