import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type AnswerOf,
  contracts,
  PAGE_DATA_ID,
  type PageData,
  pageDataRoute,
  type PageDataRoute,
} from '@gavel/domain';
import type { AppContext } from '../context';
import { auctionItems } from '../db/schema';
import { presentEvent } from '../features/events/presenter';
import { withThumbnail } from '../features/items/presenter';
import { listItems, oneItem, photosOf } from '../features/items/queries';
import { AppError } from '../errors';
import { findTenantCached, type Tenant } from '../tenancy';
import { hostAuctionCode } from './caller';
import { picturePreloads, screenPreloads } from './page-preloads';

/**
 * The bidder app's page with the event's public data in it (web/src/queries/pageData.ts reads it),
 * so the event home and the item list draw without waiting for their first call. What goes in is
 * what the calls answer a guest, encoded by the calls' own answer schemas: the event; on the item
 * list the guest's list when the event has few items (a large one would weigh on every visit);
 * on an item's page that item and its photos. Never anything of a bidder's.
 */

/** Past this many items the list stays out of the page: about 150 bytes compressed each. */
export const INLINE_ITEMS_MAX = 100;
/** How long the item answers written into pages are shared, so a burst of visits costs one query a second. */
const SHARED_MS = 1_000;
const BROTLI_QUALITY = constants.BROTLI_PARAM_QUALITY;

interface Shared<T> {
  at: number;
  answer: Promise<T>;
}
interface SharedAnswers {
  items: Map<string, Shared<unknown>>;
  itemPages: Map<string, Shared<ItemPage | undefined>>;
}
/** Each app's own (a test process runs several apps, whose event ids repeat). */
const sharedByApp = new WeakMap<AppContext, SharedAnswers>();

function sharedOf(ctx: AppContext): SharedAnswers {
  let shared = sharedByApp.get(ctx);
  if (!shared) {
    shared = { items: new Map(), itemPages: new Map() };
    sharedByApp.set(ctx, shared);
  }
  return shared;
}

/** One answer per key and second, for every page sent meanwhile; a failed one is not kept. */
function sharedAnswer<T>(kept: Map<string, Shared<T>>, key: string, now: number, make: () => Promise<T>): Promise<T> {
  const hit = kept.get(key);
  if (hit && now - hit.at < SHARED_MS) return hit.answer;
  if (kept.size > 500) kept.clear();
  const entry = { at: now, answer: make() };
  kept.set(key, entry);
  entry.answer.catch(() => {
    if (kept.get(key) === entry) kept.delete(key);
  });
  return entry.answer;
}

type InlinedCall = 'POST /event' | 'POST /auctionitems' | 'POST /itemdetails' | 'POST /itemphotos';

/** An answer in its wire form (dollars), as the call's route would send it. */
function wire<K extends InlinedCall>(key: K, answer: AnswerOf<K>): unknown {
  const schema: z.ZodType<AnswerOf<K>> = contracts[key].response;
  return z.encode(schema, answer);
}

async function itemsOf(ctx: AppContext, tenant: Tenant, now: Date): Promise<unknown> {
  const count = await ctx.db.$count(auctionItems, eq(auctionItems.eventId, tenant.event.id));
  if (count > INLINE_ITEMS_MAX) return undefined;
  const items = await listItems(ctx.db, { tenant, bidderId: null, now });
  return wire('POST /auctionitems', { status: 'success', auctionitems: items.map(withThumbnail) });
}

/** What an item's page shows first: the item and its photos (its bids name bidders, and stay out). */
interface ItemPage {
  item: unknown;
  photos: unknown;
}

async function itemPageOf(ctx: AppContext, tenant: Tenant, itemId: number, now: Date): Promise<ItemPage | undefined> {
  const item = await oneItem(ctx.db, { tenant, bidderId: null, itemId, now }).catch(() => undefined);
  if (!item) return undefined;
  const itemphotos = await photosOf(ctx.db, tenant, itemId);
  return {
    item: wire('POST /itemdetails', { status: 'success', item }),
    photos: wire('POST /itemphotos', { status: 'success', itemphotos }),
  };
}

/** The data of a bidder page's address, or null (not an event's page, no such event, or the database out of reach). */
export async function pageDataOf(
  ctx: AppContext,
  request: FastifyRequest,
  route: PageDataRoute | null,
): Promise<PageData | null> {
  if (!route) return null;
  try {
    const tenant = await findTenantCached(ctx.db, hostAuctionCode(ctx, request), route.eventcode);
    return await dataOf(ctx, tenant, route);
  } catch (err) {
    // The page works without its data: the app then asks for it.
    if (!(err instanceof AppError && err.code === 'event_not_found'))
      request.log.warn({ err }, 'the page went out without its data');
    return null;
  }
}

async function dataOf(ctx: AppContext, tenant: Tenant, route: PageDataRoute): Promise<PageData> {
  const now = ctx.clock();
  const data: PageData = {
    eventcode: tenant.event.eventcode,
    event: wire('POST /event', { status: 'success', ...presentEvent(tenant, now) }),
  };
  // Guests may look at the items only where the event lets them in.
  if (!tenant.event.allowguestentry) return data;
  const at = now.getTime();
  const id = tenant.event.id;
  if (route.view === 'items')
    return { ...data, items: await sharedAnswer(sharedOf(ctx).items, `${id}`, at, () => itemsOf(ctx, tenant, now)) };
  const itemid = route.itemid;
  if (route.view !== 'item' || !itemid) return data;
  const page = await sharedAnswer(sharedOf(ctx).itemPages, `${id}/${itemid}`, at, () =>
    itemPageOf(ctx, tenant, itemid, now),
  );
  return page ? { ...data, ...page } : data;
}

/**
 * The data as a script element's text that cannot end the element or change how the page is
 * read: every `<` (so no `</script>` or `<!--`), `>` and `&` escaped, and the two line separators
 * JavaScript once refused in strings. JSON.parse reads them back as they were.
 */
export function pageDataScript(data: PageData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

/** The compression a browser takes (brotli first), or none; a coding it names with q=0 it refuses. */
export function encodingFor(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([coding]) => coding),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}

/**
 * Sends the bidder app's page (index.html) with the address's data in its head; without data, the
 * built file as it is (with its compressed copies). Never kept stale: the data is a starting point.
 */
export async function sendBidderPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { file, path }: { file: string; path: string },
): Promise<FastifyReply> {
  reply.header('cache-control', 'no-cache');
  const route = pageDataRoute(path);
  const data = await pageDataOf(ctx, request, route);
  const html = data ? await readFile(file, 'utf8').catch(() => null) : null;
  if (!route || !data || html === null || !html.includes('</head>')) return reply.sendFile('index.html');
  const preloads =
    route.view === 'event'
      ? ''
      : (await screenPreloads(dirname(file), route.view, html)) + picturePreloads(data, route.view);
  // A function, so nothing in the data is read as a replacement pattern ($&, $').
  const page = html.replace('</head>', () => `${preloads}${pageDataScript(data)}</head>`);
  reply.code(200).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  // Compressed here: @fastify/compress works per route, and this page answers where no route does.
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (encoding === 'br')
    return reply.header('content-encoding', 'br').send(brotliCompressSync(page, { params: { [BROTLI_QUALITY]: 4 } }));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(page));
  return reply.send(page);
}
