import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { idempotencyKey } from '../../../lib/idempotent';
import { route } from '../../../lib/route';
import { withEvent } from '../../../lib/staff-caller';
import { previewMessage, sendMessage } from './compose';
import { messageHistory } from './history';

/** The console's messages calls (issue 30): compose, preview and send to an audience; the history. */
export function consoleMessagesRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'POST /console/events/:eventcode/messages', async ({ caller, body, request }) =>
      body.preview
        ? previewMessage(ctx, withEvent(caller), body)
        : sendMessage(ctx, withEvent(caller), body, idempotencyKey(request)),
    );

    route(app, ctx, 'GET /console/events/:eventcode/messages', async ({ caller }) =>
      messageHistory(ctx, withEvent(caller)),
    );
  };
}
