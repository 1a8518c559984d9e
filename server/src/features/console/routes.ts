import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { consoleBidderRoutes } from './bidders/routes';
import { consoleEventRoutes } from './events/routes';
import { consoleItemRoutes } from './items/routes';
import { consoleStaffRoutes } from './staff/routes';
import { consoleStoreRoutes } from './store/routes';
import { consoleCheckinRoutes } from './checkin/routes';
import { consoleCloseRoutes } from './close/routes';
import { consoleLiveRoutes } from './live/routes';
import { consoleDeskRoutes } from './desk/routes';
import { consoleChargeAllRoutes } from './chargeall/routes';
import { consolePickupRoutes } from './pickup/routes';
import { consoleReportsRoutes } from './reports/routes';
import { consoleMessagesRoutes } from './messages/routes';
import { consoleTextingRoutes } from './texting/routes';
import { consolePrintablesRoutes } from './printables/routes';

/** Every console call (/api/console/..., tag `console`), each area's routes in its own folder. */
export function consoleRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    await app.register(consoleStaffRoutes(ctx));
    await app.register(consoleEventRoutes(ctx));
    await app.register(consoleItemRoutes(ctx));
    await app.register(consoleBidderRoutes(ctx));
    await app.register(consoleStoreRoutes(ctx));
    await app.register(consoleCheckinRoutes(ctx));
    await app.register(consoleCloseRoutes(ctx));
    await app.register(consoleLiveRoutes(ctx));
    await app.register(consoleDeskRoutes(ctx));
    await app.register(consoleChargeAllRoutes(ctx));
    await app.register(consolePickupRoutes(ctx));
    await app.register(consoleReportsRoutes(ctx));
    await app.register(consoleMessagesRoutes(ctx));
    await app.register(consoleTextingRoutes(ctx));
    await app.register(consolePrintablesRoutes(ctx));
  };
}
