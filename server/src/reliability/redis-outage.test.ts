import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB_PATH, hubRefusals, isPassingRefusal, RECEIVE, type HubMessage } from '@gavel/domain';
import type { GavelApp } from '../app';
import { auctionItems, bids } from '../db/schema';
import { anotherServer, createTestApp, listenOnLoopback, type TestApp } from '../test/harness';
import { importEvent, makeBidder, type TestBidder } from '../test/account-fixtures';
import { eventDocument, item } from '../test/documents';
import { buyNow, checkoutAs, testCryptogram } from '../test/payments-fixtures';
import { signedInStaff, type TestStaff } from '../test/console-fixtures';
import { hasRedisServer, startTestRedis, type TestRedis } from '../test/redis-server';
import { notTheDatabase } from '../test/passes';

/**
 * Redis stopped while two servers take bids (docs/reliability.md, "Redis outage"). Bids,
 * checkouts and console calls go on through both servers, none refused and none lost; the phones'
 * live connections are closed and refused while live messages cannot cross between the servers
 * (the app says live updates are paused and fetches what it shows now and then); Redis back, they
 * reconnect by themselves and live messages cross again.
 */
const now = new Date('2026-12-01T18:00:00Z');
const BIDS_DURING = 40;
let redis: TestRedis;
let a: TestApp;
let b: GavelApp;
let baseB = '';
let ann: TestBidder;
let bob: TestBidder;
let staff: TestStaff;
let wineId = 0;
let itemIds: number[] = [];
const sockets: Socket[] = [];

/**
 * A phone's live connection as the web app keeps it (web/src/realtime/hub.ts): Socket.IO's own
 * reconnection after a drop, and a refusal that passes with time (the hub unavailable) tried again
 * after 5 seconds.
 */
function phone(base: string, token: string): { socket: Socket; refusals: string[] } {
  const socket = connect(base, {
    path: HUB_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 5_000,
  });
  const refusals: string[] = [];
  socket.on('connect_error', (err: Error) => {
    refusals.push(err.message);
    if (!socket.active && isPassingRefusal(err.message)) setTimeout(() => socket.connect(), 5_000);
  });
  sockets.push(socket);
  return { socket, refusals };
}

const nextUpdate = (s: Socket) =>
  new Promise<HubMessage>((resolve) => {
    const on = (m: HubMessage) => {
      if (m.type !== 'itemupdate') return;
      s.off(RECEIVE, on);
      resolve(m);
    };
    s.on(RECEIVE, on);
  });

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not within ${ms} ms`);
}

const bid = (server: GavelApp, who: TestBidder, itemid: number, amount: number) =>
  server.app.inject({
    method: 'POST',
    url: '/api/submitbid',
    headers: who.auth,
    payload: { eventcode: 'gala', itemid, bid: amount },
  });

// Redis is the subject, not the database: the PGlite pass only (test/passes.ts).
describe.skipIf(!hasRedisServer || notTheDatabase)('a Redis outage under two servers', () => {
  beforeAll(async () => {
    redis = await startTestRedis();
    a = await createTestApp({ REDIS_URL: redis.url }, now);
    b = await anotherServer(a);
    await listenOnLoopback(a);
    baseB = await listenOnLoopback(b);
    await importEvent(
      a,
      eventDocument(now, {
        event: { ccfeespercent: 0 },
        items: [
          item('1', { name: 'Weekend Away', startingbid: 100 }),
          item('2', { name: 'Signed Guitar', startingbid: 100 }),
          item('wine', { name: 'Wine Tasting', buyitnowonly: true, buyitnowprice: 40, quantity: 50, startingbid: 0 }),
        ],
      }),
    );
    const rows = await a.ctx.db.select({ id: auctionItems.id, itemnum: auctionItems.itemnum }).from(auctionItems);
    itemIds = rows.filter((r) => r.itemnum !== 'wine').map((r) => r.id);
    wineId = rows.find((r) => r.itemnum === 'wine')?.id ?? 0;
    ann = await makeBidder(a, 'gala', 'ann@example.org');
    bob = await makeBidder(a, 'gala', 'bob@example.org');
    staff = await signedInStaff(a, { role: 'volunteer' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await b?.app.close();
    await a?.close();
    await redis?.stop();
  });

  it('keeps taking bids, checkouts and console calls, pauses and resumes the phones’ live updates by itself', async () => {
    const { socket, refusals } = phone(baseB, bob.token);
    await until(() => socket.connected, 10_000);
    // Before: a bid through one server reaches a phone on the other.
    const crossed = nextUpdate(socket);
    expect((await bid(a, ann, itemIds[0] ?? 0, 100)).statusCode).toBe(200);
    await expect(crossed).resolves.toMatchObject({ type: 'itemupdate' });

    await redis.stop();
    const stoppedAt = Date.now();
    // The phone is told: its connection closes, and reconnecting is refused while Redis is away.
    await until(() => !socket.connected, 5_000);
    const pausedMs = Date.now() - stoppedAt;
    await until(() => refusals.includes(hubRefusals.unavailable), 10_000);

    // Meanwhile bids go on through both servers, each answered and kept.
    const statuses: number[] = [];
    let amount = 110;
    for (let i = 0; i < BIDS_DURING; i++) {
      const server = i % 2 === 0 ? a : b;
      // Each item's bidders take turns: bob, then ann, each above the other.
      const who = Math.floor(i / 2) % 2 === 0 ? bob : ann;
      statuses.push((await bid(server, who, itemIds[i % 2] ?? 0, amount)).statusCode);
      if (i % 2 === 1) amount += 10;
    }
    // A checkout and a console call too.
    const paid = await checkoutAs(a, ann, {
      historyid: [await buyNow(a, ann, 'gala', wineId)],
      processortoken: await testCryptogram(a, 'gala', '4242424242424242'),
      totalamount: 40,
    });
    const consoleItems = await b.app.inject({
      method: 'GET',
      url: '/api/console/events/gala/items',
      headers: staff.headers,
    });
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect([paid.statusCode, consoleItems.statusCode]).toEqual([200, 200]);

    // Every acknowledged bid is in the database: one history row per bid (each raised the price).
    const [kept] = await a.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bids)
      .where(eq(bids.itemId, itemIds[0] ?? 0));
    const [kept2] = await a.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bids)
      .where(eq(bids.itemId, itemIds[1] ?? 0));
    expect((kept?.n ?? 0) + (kept2?.n ?? 0)).toBe(1 + BIDS_DURING);

    await redis.start();
    const backAt = Date.now();
    await until(() => socket.connected, 15_000);
    const resumedMs = Date.now() - backAt;
    // And live messages cross between the servers again.
    const again = nextUpdate(socket);
    expect((await bid(a, bob, itemIds[0] ?? 0, amount + 100)).statusCode).toBe(200);
    await expect(again).resolves.toMatchObject({ type: 'itemupdate' });
    // The figures docs/reliability.md reports.
    console.log(
      `RELIABILITY redis outage: phone told in ${pausedMs} ms; ${BIDS_DURING} bids, 1 checkout and 1 console call answered during it, lost 0; live updates resumed ${resumedMs} ms after Redis returned`,
    );
  }, 60_000);
});
