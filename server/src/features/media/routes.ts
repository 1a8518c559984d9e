import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import type { AppContext } from '../../context';
import { Bounded } from '../../lib/bounded';
import { storedImage } from './store';

interface Image {
  contentType: string;
  bytes: Buffer;
  lastModified: string;
}

/**
 * The most recently served images, up to this many bytes in all: at a gala a thousand phones open
 * the same few dozen pictures, which then cost no database read.
 */
const CACHE_BYTES = 64 * 1024 * 1024;

/** The images most recently served, within CACHE_BYTES. */
export class ImageCache extends Bounded<string, Image> {
  constructor(limit = CACHE_BYTES) {
    super(limit, (image) => image.bytes.length);
  }

  get size(): { images: number; bytes: number } {
    return { images: this.count, bytes: this.weight };
  }
}

/**
 * Serves imported images. They never change (the id is a hash of the bytes), so phones may keep
 * them for good; the id is also the ETag, so a phone that asks again anyway gets a 304.
 */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const cache = new ImageCache();
  const load = async (id: string): Promise<Image | undefined> => {
    const hit = cache.get(id);
    if (hit) return hit;
    const row = await storedImage(ctx.db, id);
    if (!row) return undefined;
    const image = {
      contentType: row.contentType,
      bytes: Buffer.from(row.bytes),
      lastModified: row.createdAt.toUTCString(),
    };
    cache.set(id, image);
    return image;
  };
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
        const { id } = request.params;
        const image = await load(id);
        if (!image) throw new AppError('not_found', 'No such image.');
        const etag = `"${id}"`;
        reply
          .header('etag', etag)
          .header('last-modified', image.lastModified)
          .header('cache-control', 'public, max-age=31536000, immutable')
          // An SVG opened on its own must not run script on this origin.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        const asked = request.headers['if-none-match'];
        if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*'))
          return reply.status(304).send();
        return reply.header('content-type', image.contentType).send(image.bytes);
      },
    );
  };
}
