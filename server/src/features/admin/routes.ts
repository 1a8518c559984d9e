import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@gavel/domain';
import { assertAdmin } from '../../tenancy';
import type { AppContext } from '../../context';
import { importEventDocument } from './import-service';
import { publishEventRefresh } from '../../realtime/publish';

const importResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  auctioncode: z.string(),
  eventcode: z.string(),
  eventcreated: z.boolean(),
  itemscreated: z.number(),
  itemsupdated: z.number(),
  itemsuntouched: z.number(),
});

/** Organizer calls, behind the admin token. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/import',
      {
        // Event documents carry inline images, so this one call takes larger bodies.
        bodyLimit: 50 * 1024 * 1024,
        schema: {
          tags: ['admin'],
          summary: 'Import or re-import an event document (see docs/import.md); all or nothing',
          security: [{ adminToken: [] }],
          body: z.unknown(),
          response: { 200: importResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
        },
        onRequest: async (request) => assertAdmin(request, ctx.config.adminToken),
      },
      async (request) => {
        const result = await importEventDocument(ctx.db, request.body);
        request.log.info({ auctioncode: result.auctioncode, eventcode: result.eventcode }, 'event imported');
        publishEventRefresh(ctx, result);
        return result;
      },
    );
  };
}
