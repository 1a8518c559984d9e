import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { io } from 'socket.io-client';
import { HUB_PATH, RECEIVE, type HubMessage, type ImportDocumentInput } from '@gavel/domain';
import type { Database } from '../server/src/db/client';
import { auctionItems, bidActions, bids, itemMaxima, media } from '../server/src/db/schema';
import { importEventDocument } from '../server/src/features/admin/import-service';
import { imageCopier } from '../server/src/features/media/variants';
import { burst } from './closing';
import { freshDatabase, type Postgres, seed, type Seeded, sleep, startServer, stop, table } from './lib';
import { webDist } from './lighthouse';
import { measureList, type PaintRun, type ScrollRun } from './list-paint';

/**
 * An event of 1,000 items with pictures and 500 bidders with bids, beside the 20-item demo (issue
 * 31): the item list's first paint and a fling to its end, then the closing burst of all 1,000.
 * Built deterministically in a few seconds: 50 distinct photos (1600 x 1200 JPEGs of about 300 KB,
 * as a camera's resized upload), each shared by 20 items; every item has one to three bids.
 * LARGE_EVENT_RUNS=n loads each list n times (default 3) and keeps the median paint.
 */
const ITEMS = 1000;
const BIDDERS = 500;
const PHOTOS = 50;
const EVENT = 'large';
const W = 1600;
const H = 1200;
const LEAD_MS = 20_000;

const WORDS = [
  ['Weekend', 'Dinner', 'Tour', 'Basket', 'Print', 'Lesson', 'Getaway', 'Tasting', 'Package', 'Session'],
  ['Lakeside', 'Downtown', 'Vineyard', 'Harbor', 'Mountain', 'Garden', 'Chef', 'Studio', 'Family', 'Riverfront'],
];

/** A small deterministic generator, so every run builds the same pictures and bids. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Photo `i`: a gradient, a few soft shapes and grain (so JPEG cannot make it tiny), 1600 x 1200. */
async function photo(i: number, grain: Buffer): Promise<Buffer> {
  const r = random(i + 1);
  const hue = Math.floor(r() * 360);
  const shapes = Array.from({ length: 7 }, (_, k) => {
    const [x, y, radius] = [r() * W, r() * H, 80 + r() * 260];
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${radius.toFixed(0)}" fill="hsl(${(hue + k * 40) % 360},60%,${40 + k * 5}%)" opacity=".7"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360},55%,65%)"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, raw: { width: W, height: H, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 82 })
    .toBuffer();
}

async function photos(): Promise<Buffer[]> {
  const grain = await sharp({
    create: {
      width: W,
      height: H,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .raw()
    .toBuffer();
  const out: Buffer[] = [];
  for (let i = 0; i < PHOTOS; i += 1) out.push(await photo(i, grain));
  return out;
}

function items(pictures: string[]): NonNullable<ImportDocumentInput['items']> {
  return Array.from({ length: ITEMS }, (_, i) => ({
    itemnum: String(i + 1),
    name: `${WORDS[1]?.[i % 10] ?? ''} ${WORDS[0]?.[Math.floor(i / 10) % 10] ?? ''} ${i + 1}`,
    description: 'Donated by a friend of the school. Valid for one year.',
    startingbid: 20 + (i % 40) * 5,
    minimumbidincrease: 5,
    imageurl: pictures[i % pictures.length],
  }));
}

/** Every item has one to three bids from different bidders; bidder `i % 500` leads item i (two items each). */
async function placeBids(db: Database, seeded: Seeded): Promise<void> {
  const r = random(7);
  const at = new Date();
  const rows = { bids: [] as Array<typeof bids.$inferInsert>, maxima: [] as Array<typeof itemMaxima.$inferInsert> };
  const leaders: Array<{ id: number; price: number; leader: number; count: number }> = [];
  seeded.itemIds.forEach((itemId, i) => {
    const count = 1 + Math.floor(r() * 3);
    const start = (20 + (i % 40) * 5) * 100;
    for (let k = 0; k < count; k += 1) {
      const bidder = seeded.bidderIds[(i + (count - 1 - k) * 173) % BIDDERS] ?? 0;
      const amount = start + k * 500;
      rows.bids.push({ itemId, bidderId: bidder, amount, isAuto: false, createdAt: at });
      rows.maxima.push({ itemId, bidderId: bidder, max: amount, increment: 500, isAuto: false });
    }
    leaders.push({ id: itemId, price: start + (count - 1) * 500, leader: seeded.bidderIds[i % BIDDERS] ?? 0, count });
  });
  for (let n = 0; n < rows.bids.length; n += 1000) {
    const chunk = rows.bids.slice(n, n + 1000);
    await db.db.insert(bids).values(chunk);
    await db.db.insert(bidActions).values(chunk.map((b) => ({ ...b, kind: 'manual' as const, increment: 500 })));
    await db.db.insert(itemMaxima).values(rows.maxima.slice(n, n + 1000));
  }
  await db.db.transaction(async (tx) => {
    for (const l of leaders)
      await tx
        .update(auctionItems)
        .set({ currentbid: l.price, leaderBidderId: l.leader, numberofbids: l.count })
        .where(eq(auctionItems.id, l.id));
  });
}

/**
 * The large event in a fresh database: the photos imported once (50 items), then the 1,000 items
 * naming them by their stored addresses, the bidders and their bids. With `copies`, the images job's
 * work is done here and timed; without, the images are marked done (the closing burst does not
 * show pictures, and a job making copies would only steal its CPU).
 */
async function build(
  db: Database,
  { copies }: { copies: boolean },
): Promise<{ seeded: Seeded; copiesSeconds: number }> {
  const jpegs = await photos();
  const inline = jpegs.map((b) => `data:image/jpeg;base64,${b.toString('base64')}`);
  const at = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
  await importEventDocument(
    db.db,
    {
      organization: { auctioncode: 'demo', name: 'Bench Foundation' },
      event: {
        eventcode: EVENT,
        eventname: 'Bench Gala',
        eventopens: at(-2),
        biddingopens: at(-1),
        biddingcloses: at(24),
        eventcloses: at(48),
      },
      items: items(inline).slice(0, PHOTOS),
    },
    { testPaymentsAllowed: true },
  );
  const stored = await db.db
    .select({ itemnum: auctionItems.itemnum, imageurl: auctionItems.imageurl })
    .from(auctionItems);
  const byNum = new Map(stored.map((s) => [s.itemnum, s.imageurl]));
  const addresses = Array.from({ length: PHOTOS }, (_, i) => byNum.get(String(i + 1)) ?? '');
  const seeded = await seed(db, {
    items: ITEMS,
    people: BIDDERS,
    eventcode: EVENT,
    documentItems: items(addresses),
  });
  await placeBids(db, seeded);
  const started = performance.now();
  if (copies) {
    const copier = imageCopier();
    while ((await copier.tick(db.db, new Date(), PHOTOS)) > 0);
  } else await db.db.update(media).set({ variantsAt: new Date() });
  return { seeded, copiesSeconds: (performance.now() - started) / 1000 };
}

async function guestToken(origin: string, eventcode: string): Promise<string> {
  const res = await fetch(`${origin}/api/guestlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ eventcode }),
  });
  const body: unknown = await res.json();
  if (!res.ok || typeof body !== 'object' || body === null || !('token' in body) || typeof body.token !== 'string')
    throw new Error(`guest login to ${eventcode}: ${res.status}`);
  return body.token;
}

interface ListRow {
  name: string;
  paint: PaintRun;
  scroll: ScrollRun;
}

/** The item lists of the demo (the server seeds it) and of the large event, served as `npm start` serves them. */
async function lists(port: number, runs: number): Promise<{ rows: ListRow[]; copiesSeconds: number }> {
  const web = webDist();
  const origin = `http://127.0.0.1:${port}`;
  const served = { WEB_DIST: web.dir, NODE_ENV: 'production', PUBLIC_URL: origin };
  const rows: ListRow[] = [];
  try {
    const demoDir = mkdtempSync(join(tmpdir(), 'gavel-large-demo-'));
    const demo = await startServer(port, { ...served, SEED_DEMO: 'true', DATA_DIR: demoDir });
    try {
      const token = await guestToken(origin, 'demo');
      rows.push({ name: 'Demo: 20 items', ...(await measureList(origin, { eventcode: 'demo', token, runs })) });
    } finally {
      await stop(demo);
      rmSync(demoDir, { recursive: true, force: true });
    }
    const fresh = await freshDatabase(undefined, 'large_list');
    const { copiesSeconds } = await build(fresh.db, { copies: true });
    await fresh.db.close();
    const large = await startServer(port, { ...served, DATA_DIR: fresh.dataDir });
    try {
      const token = await guestToken(origin, EVENT);
      rows.push({
        name: `Large: ${ITEMS} items, ${PHOTOS} photos, ${BIDDERS} bidders`,
        ...(await measureList(origin, { eventcode: EVENT, token, runs })),
      });
    } finally {
      await stop(large);
    }
    return { rows, copiesSeconds };
  } finally {
    if (web.temporary) rmSync(web.dir, { recursive: true, force: true });
  }
}

/**
 * The closing burst of the large event: every item closing in the same second, its winners spread
 * over all 500 bidders (two items each), each connected to the hub. Told = every winner has heard of
 * every item they won ('won' is sent after the closing commits, so every item is recorded by then);
 * the carts are checked afterwards.
 */
async function largeClosing(
  pg: Postgres | undefined,
  port: number,
): Promise<{ told: number; won: number; messages: number }> {
  const fresh = await freshDatabase(pg, 'large_closing');
  const { seeded } = await build(fresh.db, { copies: false });
  // Set once the event is built, however long that took: every item closes in the same second.
  const closeAt = new Date(Date.now() + LEAD_MS);
  await fresh.db.db.update(auctionItems).set({ closing: closeAt });
  await fresh.db.close();
  const server = await startServer(port, pg && fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: fresh.dataDir });
  let messages = 0;
  let toldAt = 0;
  const sockets = seeded.tokens.map((token) => {
    const socket = io(`http://127.0.0.1:${port}`, { path: HUB_PATH, auth: { token }, transports: ['websocket'] });
    socket.on(RECEIVE, (m: HubMessage) => {
      if (m.type === 'itembid' && m.status === 'won' && ++messages === ITEMS) toldAt = Date.now();
    });
    return socket;
  });
  await Promise.all(sockets.map((s) => new Promise<void>((resolve) => s.once('connect', () => resolve()))));
  const deadline = closeAt.getTime() + 120_000;
  while (Date.now() < deadline && toldAt === 0) await sleep(100);
  let won = 0;
  for (const token of seeded.tokens) {
    const cart = await fetch(`http://127.0.0.1:${port}/api/cart`, { headers: { authorization: `Bearer ${token}` } });
    won += ((await cart.json()) as { auctionswon: unknown[] }).auctionswon.length;
  }
  sockets.forEach((s) => s.close());
  await stop(server);
  return { told: toldAt === 0 ? Number.NaN : (toldAt - closeAt.getTime()) / 1000, won, messages };
}

export async function benchLargeEvent(pg: Postgres | undefined, port: number): Promise<string> {
  const runs = Math.max(1, Number(process.env.LARGE_EVENT_RUNS ?? 3));
  const load = () => `${(loadavg()[0] ?? Number.NaN).toFixed(1)} on ${cpus().length} cores`;
  const loadBefore = load();
  const { rows, copiesSeconds } = await lists(port, runs);
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  const listTable = table(
    `The item list at 390 x 844 (3x, Android Chrome), slow 4G and 4x CPU as DevTools applies them, cold loads (median of ${runs}); machine load ${loadBefore} before, ${load()} after`,
    [
      'Event',
      'LCP',
      'LCP element',
      'Blocking time',
      'Elements',
      'Cards drawn',
      'Images loaded',
      'Fling to the end',
      'Frames',
      'Dropped',
      'Frames > 50 ms',
      'Longest frame',
      'Longest task',
    ],
    rows.map((r) => [
      r.name,
      `${Math.round(r.paint.lcp)} ms`,
      r.paint.lcpElement,
      `${Math.round(r.paint.blocking)} ms`,
      r.paint.elements,
      r.paint.cards,
      kb(r.paint.imageBytes),
      `${r.scroll.seconds.toFixed(1)} s`,
      r.scroll.frames,
      `${r.scroll.droppedPercent.toFixed(0)}%`,
      r.scroll.janky,
      `${Math.round(r.scroll.longestFrame)} ms`,
      `${Math.round(r.scroll.longestTask)} ms`,
    ]),
  );
  const closing: Array<Array<string | number>> = [];
  for (const db of pg ? [pg, undefined] : [undefined]) {
    const name = db ? 'PostgreSQL' : 'PGlite';
    const base = await burst(db, port + 1);
    closing.push([
      `${name}: baseline (bench/closing.ts: 1,000 plain items, one winner)`,
      base.recorded.toFixed(2),
      base.told.toFixed(2),
      `${base.won}/${ITEMS}`,
      `${base.messages}/${ITEMS}`,
    ]);
    const large = await largeClosing(db, port + 2);
    closing.push([
      `${name}: large event (pictures, ${BIDDERS} winners on the hub)`,
      `≤ ${large.told.toFixed(2)}`,
      large.told.toFixed(2),
      `${large.won}/${ITEMS}`,
      `${large.messages}/${ITEMS}`,
    ]);
  }
  const closingTable = table(
    `Closing burst: ${ITEMS} items closing in the same second (machine load ${load()})`,
    [
      'database, event',
      'all winners recorded (s after close)',
      'all winners told (s after close)',
      'won items (in the carts)',
      "'won' messages",
    ],
    closing,
  );
  return [
    listTable,
    `The images job made the copies of the ${PHOTOS} photos (1600 x 1200 JPEGs) in ${copiesSeconds.toFixed(1)} s, in the bench's own process before the server started.\n`,
    closingTable,
  ].join('\n');
}
