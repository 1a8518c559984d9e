import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/route';
import { createEvent } from './create';
import { documentOfEvent } from './document';
import { presentSummary } from './presenter';
import { eventsOf } from './queries';
import { archiveEvent, eventDetail, openBiddingNow, saveSettings } from './settings';
import { withEvent } from '../../../lib/staff-caller';

/** The console's events calls: the organization's list, create or copy, settings, archive, open bidding, export. */
export function consoleEventRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /console/events', async ({ caller }) => {
      const now = ctx.clock();
      const rows = await eventsOf(ctx.db, caller.organization.id);
      return { status: 'success', events: rows.map(({ event, ...counts }) => presentSummary(event, counts, now)) };
    });

    route(app, ctx, 'POST /console/events', async ({ body, caller }) => ({
      status: 'success',
      ...(await createEvent(ctx, caller, body)),
    }));

    route(app, ctx, 'GET /console/events/:eventcode', ({ caller }) => eventDetail(ctx, withEvent(caller).tenant.event));

    route(app, ctx, 'PUT /console/events/:eventcode', ({ body, caller }) => saveSettings(ctx, caller, body));

    route(app, ctx, 'POST /console/events/:eventcode/open-bidding', ({ caller }) => openBiddingNow(ctx, caller));

    route(app, ctx, 'PUT /console/events/:eventcode/archive', async ({ body, caller }) => {
      const row = await archiveEvent(ctx, caller, body.archived);
      const { counts } = await eventDetail(ctx, row);
      return {
        status: 'success',
        message: `${row.eventname} is ${body.archived ? 'archived' : 'back among the current events'}.`,
        event: presentSummary(row, counts, ctx.clock()),
      };
    });

    // The import document as a file the import takes back: no `status` beside its own fields (code-style 18).
    route(app, ctx, 'GET /console/events/:eventcode/export', async ({ caller, reply }) => {
      const tenant = withEvent(caller).tenant;
      const doc = await documentOfEvent(ctx.db, tenant, 'left out');
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${tenant.event.eventcode}.json"`)
        .send(JSON.stringify(doc, null, 2));
    });
  };
}
