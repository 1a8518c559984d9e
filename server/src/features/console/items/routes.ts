import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { route } from '../../../lib/route';
import { withEvent } from '../../../lib/staff-caller';
import { readUploadedImages, registerUploads, UPLOAD_LIMITS } from '../../media/upload';
import { setClosing } from './closing';
import { CSV_BODY_LIMIT, importItemsCsv, isDryRun } from './csv-import';
import { addPhotos, arrangePhotos } from './photos';
import { eventTimesOf, presentItemRow } from './presenter';
import { itemsOfEvent } from './queries';
import { consoleItem, createItem, retireItem, updateItem } from './service';

/** The photo upload, in a plugin of its own: multipart bodies are taken by this route alone. */
async function uploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerUploads(app);
  route(
    app,
    ctx,
    'POST /console/events/:eventcode/items/:itemnum/photos',
    async ({ caller, params, request }) => {
      const event = withEvent(caller);
      return addPhotos(ctx, event, { itemnum: params.itemnum, images: await readUploadedImages(request) });
    },
    { bodyLimit: UPLOAD_LIMITS.requestBytes },
  );
}

/** The CSV import, in a plugin of its own: the API takes text/csv here and nowhere else (app.ts takes JSON only). */
async function csvRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  route(
    app,
    ctx,
    'POST /console/events/:eventcode/items/import',
    async ({ caller, query, request }) => {
      const csv = request.body;
      if (typeof csv !== 'string')
        throw new AppError('bad_request', 'Send the file as text/csv, its first row naming the columns.');
      return importItemsCsv(ctx, withEvent(caller), { csv, dryrun: isDryRun(query.dryrun) });
    },
    { bodyLimit: CSV_BODY_LIMIT },
  );
}

/** The console's items calls. */
export function consoleItemRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /console/events/:eventcode/items', async ({ caller }) => {
      const { event } = withEvent(caller).tenant;
      const now = ctx.clock();
      const rows = await itemsOfEvent(ctx.db, event.id);
      return {
        status: 'success',
        ...eventTimesOf(event),
        items: rows.map((r) => presentItemRow(r.item, r.photos, event, now)),
      };
    });
    route(app, ctx, 'POST /console/events/:eventcode/items', ({ caller, body }) =>
      createItem(ctx, withEvent(caller), body),
    );
    route(app, ctx, 'PUT /console/events/:eventcode/items/closing', ({ caller, body }) =>
      setClosing(ctx, withEvent(caller), body),
    );
    route(app, ctx, 'GET /console/events/:eventcode/items/:itemnum', ({ caller, params }) =>
      consoleItem(ctx.db, withEvent(caller), params.itemnum, ctx.clock()),
    );
    route(app, ctx, 'PUT /console/events/:eventcode/items/:itemnum', ({ caller, params, body }) =>
      updateItem(ctx, withEvent(caller), { itemnum: params.itemnum, item: body }),
    );
    route(app, ctx, 'DELETE /console/events/:eventcode/items/:itemnum', ({ caller, params }) =>
      retireItem(ctx, withEvent(caller), params.itemnum),
    );
    route(app, ctx, 'PUT /console/events/:eventcode/items/:itemnum/photos', ({ caller, params, body }) =>
      arrangePhotos(ctx, withEvent(caller), { itemnum: params.itemnum, ...body }),
    );
    await app.register(async (uploads) => uploadRoutes(uploads, ctx));
    await app.register(async (csv) => csvRoutes(csv, ctx));
  };
}
