import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { consoleBidderRoutes } from './bidders/routes';
import { consoleEventRoutes } from './events/routes';
import { consoleItemRoutes } from './items/routes';
import { consoleStaffRoutes } from './staff/routes';
import { consoleStoreRoutes } from './store/routes';

/** Every console call (/api/console/..., tag `console`), each area's routes in its own folder. */
export function consoleRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    await app.register(consoleStaffRoutes(ctx));
    await app.register(consoleEventRoutes(ctx));
    await app.register(consoleItemRoutes(ctx));
    await app.register(consoleBidderRoutes(ctx));
    await app.register(consoleStoreRoutes(ctx));
  };
}
