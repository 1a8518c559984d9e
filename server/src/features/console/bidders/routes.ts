import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';

/** The console's bidders calls. */
export function consoleBidderRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => undefined;
}
