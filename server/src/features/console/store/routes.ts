import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/route';
import { readStore, saveStore } from './service';
import { withEvent } from '../../../lib/staff-caller';

const STORE_BODY_LIMIT = 4 * 1024 * 1024;

/** The console's store calls: the event's whole store, read and saved as the import document's `store`. */
export function consoleStoreRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /console/events/:eventcode/store', ({ caller }) => readStore(ctx, withEvent(caller).tenant));
    // A whole store (500 items with their descriptions, the landing page's HTML) is larger than most bodies.
    route(app, ctx, 'PUT /console/events/:eventcode/store', ({ body, caller }) => saveStore(ctx, caller, body.store), {
      bodyLimit: STORE_BODY_LIMIT,
    });
  };
}
