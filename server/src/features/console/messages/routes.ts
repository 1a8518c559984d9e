import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';

/** The console's messages calls (issue 30). */
export function consoleMessagesRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
