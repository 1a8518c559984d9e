import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/route';
import { publishEventRefresh } from '../../realtime/publish';
import { backupOnRequest } from '../backup/service';
import { importEventDocument } from './import-service';

/** Organizer calls, behind the admin token. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(
      app,
      ctx,
      'POST /admin/import',
      async ({ body, request }) => {
        const result = await importEventDocument(ctx.db, body, ctx.config);
        request.log.info({ auctioncode: result.auctioncode, eventcode: result.eventcode }, 'event imported');
        publishEventRefresh(ctx, result);
        return result;
      },
      // Event documents carry inline images, so this one call takes larger bodies.
      { bodyLimit: 50 * 1024 * 1024 },
    );
    route(app, ctx, 'POST /admin/backup', async ({ request }) => {
      const made = await backupOnRequest(ctx);
      request.log.info({ file: made.file, bytes: made.bytes }, 'backup made');
      return {
        status: 'success',
        message: `Backup written to ${made.file}`,
        file: made.file,
        bytes: made.bytes,
        createdat: made.manifest.createdat,
      };
    });
  };
}
