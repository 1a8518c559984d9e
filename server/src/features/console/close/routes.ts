import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/route';
import { withEvent } from '../../../lib/staff-caller';
import { reopenItem } from './reopen';
import { closeNow, closePanel, extendClose } from './service';

/** The console's close calls (auction night): the panel, close now, extend, reopen. */
export function consoleCloseRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /console/events/:eventcode/close', ({ caller }) => closePanel(ctx, withEvent(caller)));
    route(app, ctx, 'POST /console/events/:eventcode/close', ({ caller, body }) =>
      closeNow(ctx, withEvent(caller), body),
    );
    route(app, ctx, 'POST /console/events/:eventcode/extend', ({ caller, body }) =>
      extendClose(ctx, withEvent(caller), body),
    );
    route(app, ctx, 'POST /console/events/:eventcode/items/:itemnum/reopen', ({ caller, params, body }) =>
      reopenItem(ctx, withEvent(caller), { itemnum: params.itemnum, minutes: body.minutes }),
    );
  };
}
