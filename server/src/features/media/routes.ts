import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_COPY_WIDTHS } from '@gavel/domain';
import { AppError } from '../../errors';
import type { AppContext } from '../../context';
import { Bounded } from '../../lib/bounded';
import { storedImage } from './store';
import { copiesSettled, copyAtMost } from './variants';

interface Image {
  contentType: string;
  bytes: Buffer;
  lastModified: string;
  etag: string;
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

/** Copy addresses remembered as answering their original: a few bytes each. */
const PLAIN_KEYS = 20_000;
const LASTING = 'public, max-age=31536000, immutable';
const imageId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not an image id');
const copyFile = z
  .string()
  .regex(/^\d{1,5}\.webp$/, 'is not an image width ({width}.webp)')
  .transform((file) => Number.parseInt(file, 10))
  .refine((width) => IMAGE_COPY_WIDTHS.includes(width), `must be one of ${IMAGE_COPY_WIDTHS.join(', ')} (.webp)`);

/** Sends an image with its ETag, or a 304 to a phone that already has that one. */
function send(request: FastifyRequest, reply: FastifyReply, image: Image, cacheControl: string) {
  reply
    .header('etag', image.etag)
    .header('last-modified', image.lastModified)
    .header('cache-control', cacheControl)
    // An SVG opened on its own must not run script on this origin.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === image.etag || tag.trim() === '*'))
    return reply.status(304).send();
  return reply.header('content-type', image.contentType).send(image.bytes);
}

/**
 * Serves stored images and their copies. They never change (the id is a hash of the bytes, a copy
 * is made once), so phones may keep them for good; each has an ETag, so a phone that asks again
 * anyway gets a 304.
 */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const cache = new ImageCache();
  /** Copy addresses that answer the original for good (an SVG, an image narrower than the width). */
  const plain = new Bounded<string, true>(PLAIN_KEYS);
  const original = async (id: string): Promise<Image | undefined> => {
    const hit = cache.get(id);
    if (hit) return hit;
    const row = await storedImage(ctx.db, id);
    if (!row) return undefined;
    const image = {
      contentType: row.contentType,
      bytes: Buffer.from(row.bytes),
      lastModified: row.createdAt.toUTCString(),
      etag: `"${id}"`,
    };
    cache.set(id, image);
    return image;
  };
  /**
   * The copy at `width`; lacking it, the widest narrower copy, else the original. An answer that
   * can no longer change (the copy, or an image whose copies are settled) is kept and sent for
   * good; the original sent while the copies are still to be made is `lasting: false`.
   */
  const copy = async (id: string, width: number): Promise<{ image: Image; lasting: boolean } | undefined> => {
    const key = `${id}/${width}`;
    const hit = plain.get(key) ? await original(id) : cache.get(key);
    if (hit) return { image: hit, lasting: true };
    const stored = await copyAtMost(ctx.db, id, width);
    const settled = stored ? true : await copiesSettled(ctx.db, id);
    if (settled === undefined) return undefined;
    const image = stored
      ? {
          contentType: stored.contentType,
          bytes: stored.bytes,
          lastModified: stored.createdAt.toUTCString(),
          etag: `"${id}-${stored.width}"`,
        }
      : await original(id);
    if (!image) return undefined;
    // An original answered for good is kept once, under its own id, and only remembered here.
    if (settled && stored) cache.set(key, image);
    else if (settled) plain.set(key, true);
    return { image, lasting: settled };
  };
  return async (app) => {
    app.get(
      '/media/:id',
      { schema: { tags: ['media'], summary: 'A stored image', params: z.object({ id: imageId }) } },
      async (request, reply) => {
        const image = await original(request.params.id);
        if (!image) throw new AppError('not_found', 'No such image.');
        return send(request, reply, image, LASTING);
      },
    );
    app.get(
      '/media/:id/:file',
      {
        schema: {
          tags: ['media'],
          summary: "A stored image's WebP copy at a width",
          description:
            'The copy at that width (one of the breakpoints, or the card thumbnail). An image narrower than the width, or an SVG, answers its widest narrower copy or the original; an image whose copies are not made yet answers the original, not kept by the phone (no-cache), so the copy comes once it is made.',
          params: z.object({ id: imageId, file: copyFile }),
        },
      },
      async (request, reply) => {
        const found = await copy(request.params.id, request.params.file);
        if (!found) throw new AppError('not_found', 'No such image.');
        return send(request, reply, found.image, found.lasting ? LASTING : 'no-cache');
      },
    );
  };
}
