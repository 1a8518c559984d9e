import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';

/** The console's store calls. */
export function consoleStoreRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => undefined;
}
