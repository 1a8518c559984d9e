import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';

/** The console's staff calls. */
export function consoleStaffRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => undefined;
}
