import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';

/** The console's printables calls (issue 30). */
export function consolePrintablesRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
