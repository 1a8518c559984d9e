import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';

/** The console's events calls. */
export function consoleEventRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => undefined;
}
