import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codeSchema } from '@gavel/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { Bounded } from '../../lib/bounded';
import { hostAuctionCode } from '../../lib/caller';
import { findTenantCached, type Tenant } from '../../tenancy';
import { SHARP_INPUT } from '../media/inspect';
import { storedImage } from '../media/store';

/**
 * Each event's web app manifest and home-screen icons (issue 31, item 3): a bidder who installs
 * the app from an event's page gets that event, under its name and logo, opening on its home. An
 * event without a stored logo (none, or one at another site, which the server does not fetch) gets
 * Gavel's mark. The app links them from its page (web/src/pwa/start.ts).
 */

/** Gavel's look (web/src/theme.css): the plum of its bars and the pale page behind them. */
const THEME_COLOR = '#4b1f73';
const BACKGROUND_COLOR = '#f7f4fa';
const WHITE = '#ffffff';

/** Gavel's own mark, the favicon the web app ships. */
const GAVEL_MARK = fileURLToPath(new URL('../../../../web/public/favicon.svg', import.meta.url));

interface IconSpec {
  size: number;
  purpose: 'any' | 'maskable';
  /** The share of each side left empty around the picture. */
  margin: { mark: number; logo: number };
  /** Behind the picture; null keeps Gavel's rounded mark's corners clear. */
  background: { mark: string | null; logo: string };
}

/**
 * The icons a phone asks for: the sizes Chrome installs from, a maskable one (Android crops it to
 * its own shape, so the picture keeps to the middle), and the iPhone's home-screen icon, which
 * must be opaque.
 */
const ICONS: Record<string, IconSpec> = {
  'icon-192.png': {
    size: 192,
    purpose: 'any',
    margin: { mark: 0, logo: 0.06 },
    background: { mark: null, logo: WHITE },
  },
  'icon-512.png': {
    size: 512,
    purpose: 'any',
    margin: { mark: 0, logo: 0.06 },
    background: { mark: null, logo: WHITE },
  },
  'maskable-512.png': {
    size: 512,
    purpose: 'maskable',
    margin: { mark: 0.12, logo: 0.2 },
    background: { mark: THEME_COLOR, logo: WHITE },
  },
  'apple-touch-icon.png': {
    size: 180,
    purpose: 'any',
    margin: { mark: 0, logo: 0.08 },
    background: { mark: THEME_COLOR, logo: WHITE },
  },
};

const MEDIA_PATH = /^\/media\/([A-Za-z0-9_-]{1,64})$/;

/** What the icons are drawn from: the event's stored logo, or Gavel's mark. */
interface IconSource {
  /** Names the picture for the cache and the ETag (a stored image's id is a hash of its bytes). */
  id: string;
  kind: 'mark' | 'logo';
  bytes: () => Promise<Buffer>;
}

async function iconSource(ctx: AppContext, { organization, event }: Tenant): Promise<IconSource> {
  const id = MEDIA_PATH.exec(event.logourl)?.[1];
  const logo = id ? await storedImage(ctx.db, id) : undefined;
  if (logo && logo.organizationId === organization.id)
    return { id: `logo-${logo.id}`, kind: 'logo', bytes: async () => Buffer.from(logo.bytes) };
  return { id: 'gavel-mark-1', kind: 'mark', bytes: async () => readFileSync(GAVEL_MARK) };
}

/**
 * Draws a square icon: the picture kept whole (a logo may be wide, tall, tiny or a vector) and
 * centred on its background. A vector is drawn at the size it is shown at, not enlarged from 72 dpi.
 */
export async function drawIcon(source: Buffer, spec: IconSpec, kind: 'mark' | 'logo'): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const inner = Math.round(spec.size * (1 - 2 * spec.margin[kind]));
  const meta = await sharp(source, SHARP_INPUT).metadata();
  const longest = Math.max(meta.width ?? inner, meta.height ?? inner);
  const density = meta.format === 'svg' ? Math.min(2400, Math.max(1, (72 * inner) / longest)) : undefined;
  const background = spec.background[kind] ?? { r: 0, g: 0, b: 0, alpha: 0 };
  const picture = await sharp(source, { ...SHARP_INPUT, ...(density ? { density } : {}) })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: { width: spec.size, height: spec.size, channels: 4, background } })
    .composite([{ input: picture, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A launcher's label is short: the event's name when it fits, else its first words that do. */
export function shortName(name: string, max = 12): string {
  if (name.length <= max) return name;
  const words = name.split(/\s+/).filter(Boolean);
  let short = words[0] ?? name;
  for (const word of words.slice(1)) {
    if (`${short} ${word}`.length > max) break;
    short = `${short} ${word}`;
  }
  return short;
}

/** The manifest of one event: installed, the app opens on the event's home and stays within the event. */
export function webManifest({ event }: Tenant) {
  const home = `/${event.eventcode}`;
  return {
    id: home,
    name: event.eventname,
    short_name: shortName(event.eventname),
    description: 'Bid on auction items for a good cause.',
    lang: 'en',
    start_url: home,
    scope: home,
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: Object.entries(ICONS)
      .filter(([name]) => name !== 'apple-touch-icon.png')
      .map(([name, spec]) => ({
        src: `${home}/icons/${name}`,
        sizes: `${spec.size}x${spec.size}`,
        type: 'image/png',
        purpose: spec.purpose,
      })),
  };
}

const params = z.object({ eventcode: codeSchema });

export function manifestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Icons drawn once per picture and size; a few events' worth is plenty.
  const drawn = new Bounded<string, Buffer>(4 * 1024 * 1024, (png) => png.length);
  const eventOf = (request: FastifyRequest, eventcode: string) =>
    findTenantCached(ctx.db, hostAuctionCode(ctx, request), eventcode);
  /** The icon, drawn from the event's logo, or from Gavel's mark when the logo cannot be drawn. */
  const iconOf = async (source: IconSource, name: string, spec: IconSpec): Promise<Buffer> => {
    const key = `${source.id}/${name}`;
    const hit = drawn.get(key);
    if (hit) return hit;
    const png = await drawIcon(await source.bytes(), spec, source.kind).catch((error: unknown) => {
      if (source.kind === 'mark') throw error;
      ctx.log.warn({ err: error, logo: source.id }, 'an event logo could not be drawn as an icon');
      return drawIcon(readFileSync(GAVEL_MARK), spec, 'mark');
    });
    drawn.set(key, png);
    return png;
  };
  return async (app) => {
    app.get('/:eventcode/manifest.webmanifest', { schema: { hide: true, params } }, async (request, reply) => {
      const tenant = await eventOf(request, request.params.eventcode);
      return reply
        .header('cache-control', 'no-cache')
        .type('application/manifest+json')
        .send(JSON.stringify(webManifest(tenant)));
    });
    app.get(
      '/:eventcode/icons/:name',
      { schema: { hide: true, params: params.extend({ name: z.string() }) } },
      async (request, reply) => {
        const spec = ICONS[request.params.name];
        if (!spec) throw new AppError('not_found', 'No such icon.');
        const { name } = request.params;
        const source = await iconSource(ctx, await eventOf(request, request.params.eventcode));
        const etag = `"${createHash('sha256').update(`${source.id}/${name}`).digest('base64url').slice(0, 16)}"`;
        // A day: a logo replaced by a new import shows on the home screen by the next day.
        reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        return reply.type('image/png').send(await iconOf(source, name, spec));
      },
    );
  };
}
