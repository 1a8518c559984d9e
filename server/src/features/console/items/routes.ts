import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';

/** The console's items calls. */
export function consoleItemRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => undefined;
}
