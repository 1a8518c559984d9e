import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { media } from '../../db/schema';
import { AppError } from '../../errors';
import type { AppContext } from '../../context';

/** Serves imported images. They never change (the id is their hash), so phones may cache them for good. */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/media/:id',
      {
        schema: {
          tags: ['media'],
          summary: 'An imported image',
          params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not an image id') }),
        },
      },
      async (request, reply) => {
        const rows = await ctx.db.select().from(media).where(eq(media.id, request.params.id)).limit(1);
        const row = rows[0];
        if (!row) throw new AppError('not_found', 'No such image.');
        return reply
          .header('content-type', row.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          // An SVG opened on its own must not run script on this origin.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(Buffer.from(row.bytes));
      },
    );
  };
}
