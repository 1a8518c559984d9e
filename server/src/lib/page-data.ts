import { dirname } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type AnswerOf,
  type AuctionItem,
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
import { screenPreloads } from './page-preloads';
import { appAfterFirstPaint, firstScreen, type FirstScreenData, withFirstScreen } from './first-screen';
import { keptFile } from './kept-file';

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
  items: Map<string, Shared<ItemList | undefined>>;
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

/** The guest's item list: as the page carries it, and as the first screen draws it. */
interface ItemList {
  wire: unknown;
  items: AuctionItem[];
}

async function itemsOf(ctx: AppContext, tenant: Tenant, now: Date): Promise<ItemList | undefined> {
  const count = await ctx.db.$count(auctionItems, eq(auctionItems.eventId, tenant.event.id));
  if (count > INLINE_ITEMS_MAX) return undefined;
  const items = (await listItems(ctx.db, { tenant, bidderId: null, now })).map(withThumbnail);
  return { wire: wire('POST /auctionitems', { status: 'success', auctionitems: items }), items };
}

/** What an item's page shows first: the item and its photos (its bids name bidders, and stay out). */
interface ItemPage {
  wire: { item: unknown; photos: unknown };
  item: AuctionItem;
  photos: Array<{ photourl: string }>;
}

async function itemPageOf(ctx: AppContext, tenant: Tenant, itemId: number, now: Date): Promise<ItemPage | undefined> {
  const item = await oneItem(ctx.db, { tenant, bidderId: null, itemId, now }).catch(() => undefined);
  if (!item) return undefined;
  const itemphotos = await photosOf(ctx.db, tenant, itemId);
  return {
    wire: {
      item: wire('POST /itemdetails', { status: 'success', item }),
      photos: wire('POST /itemphotos', { status: 'success', itemphotos }),
    },
    item,
    photos: itemphotos,
  };
}

/** A page's data, and what its first screen draws from (the same answers, before their encoding). */
interface PageContent {
  data: PageData;
  screen: FirstScreenData;
}

/** The data of a bidder page's address, or null (not an event's page, no such event, or the database out of reach). */
export async function pageDataOf(
  ctx: AppContext,
  request: FastifyRequest,
  route: PageDataRoute | null,
): Promise<PageContent | null> {
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

async function dataOf(ctx: AppContext, tenant: Tenant, route: PageDataRoute): Promise<PageContent> {
  const now = ctx.clock();
  const event = presentEvent(tenant, now);
  const data: PageData = {
    eventcode: tenant.event.eventcode,
    event: wire('POST /event', { status: 'success', ...event }),
  };
  const screen: FirstScreenData = { route, event, now };
  // Guests may look at the items only where the event lets them in.
  if (!tenant.event.allowguestentry) return { data, screen };
  const at = now.getTime();
  const id = tenant.event.id;
  if (route.view === 'items') {
    const list = await sharedAnswer(sharedOf(ctx).items, `${id}`, at, () => itemsOf(ctx, tenant, now));
    return list ? { data: { ...data, items: list.wire }, screen: { ...screen, items: list.items } } : { data, screen };
  }
  const itemid = route.itemid;
  if (route.view !== 'item' || !itemid) return { data, screen };
  const page = await sharedAnswer(sharedOf(ctx).itemPages, `${id}/${itemid}`, at, () =>
    itemPageOf(ctx, tenant, itemid, now),
  );
  return page
    ? { data: { ...data, ...page.wire }, screen: { ...screen, item: page.item, photos: page.photos } }
    : { data, screen };
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

/** The built page, as it is on disk. */
const readPage = keptFile((text) => text);

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
  const content = await pageDataOf(ctx, request, route);
  const html = content ? await readPage(file) : null;
  if (!route || !content || html === null || !html.includes('</head>')) return reply.sendFile('index.html');
  const preloads = await screenPreloads(dirname(file), route.view, html);
  const drawn = firstScreen({ ...content.screen, home: path.split('/').filter(Boolean).length === 1 });
  const pictures = drawn?.preloads ?? '';
  // Functions, so nothing in the data is read as a replacement pattern ($&, $').
  const filled = html
    // After the viewport's size is known (it decides which copy `imagesizes` picks), before anything else.
    .replace(/<meta name="viewport"[^>]*>|<\/head>/, (at) =>
      at === '</head>' ? `${pictures}</head>` : `${at}${pictures}`,
    )
    .replace('</head>', () => `${preloads}${pageDataScript(content.data)}</head>`);
  const page = drawn === null ? filled : appAfterFirstPaint(withFirstScreen(filled, drawn.markup));
  reply.code(200).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  // Compressed here: @fastify/compress works per route, and this page answers where no route does.
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (encoding === 'br')
    return reply.header('content-encoding', 'br').send(brotliCompressSync(page, { params: { [BROTLI_QUALITY]: 4 } }));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(page));
  return reply.send(page);
}
