import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';

/** The console's texting calls (issue 30). */
export function consoleTextingRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
