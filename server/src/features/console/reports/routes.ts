import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';

/** The console's reports calls (issue 30). */
export function consoleReportsRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
