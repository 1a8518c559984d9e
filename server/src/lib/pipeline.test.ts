import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionItems, bidActions, bidders, bids, idempotencyKeys, watchlist } from '../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../test/account-fixtures';
import { eventDocument, item } from '../test/documents';
import { call } from '../test/call';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * The request pipeline: the caller resolved once, by one rule for the host, and the one
 * idempotent write helper. Two organizations hold an event of the same code.
 */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let riverbend: TestBidder;
let itemId: number;

const count = async () => ({
  watch: (await t.ctx.db.select().from(watchlist)).length,
  bidders: (await t.ctx.db.select().from(bidders)).length,
  bids: (await t.ctx.db.select().from(bids)).length,
  actions: (await t.ctx.db.select().from(bidActions)).length,
  keys: (await t.ctx.db.select().from(idempotencyKeys)).length,
});

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://{auctioncode}.gavel.example' }, now);
  await importEvent(
    t,
    eventDocument(now, {
      auctioncode: 'riverbend',
      items: [item('1', { name: 'Kayak', startingbid: 100, minimumbidincrease: 10 })],
    }),
  );
  await importEvent(
    t,
    eventDocument(now, {
      auctioncode: 'lakeside',
      items: [item('1', { name: 'Canoe', startingbid: 100, minimumbidincrease: 10 })],
    }),
  );
  riverbend = await makeBidder(t, 'gala', 'rita@example.org', { auctioncode: 'riverbend' });
  const rows = await t.ctx.db.select({ id: auctionItems.id, name: auctionItems.name }).from(auctionItems);
  itemId = rows.find((r) => r.name === 'Canoe')?.id ?? 0;
});
afterAll(async () => t.close());

describe('the caller', () => {
  it('refuses a token of one organization sent with a forwarded host naming another, and writes nothing there', async () => {
    const before = await count();
    const headers = {
      ...riverbend.auth,
      host: 'riverbend.gavel.example',
      'x-forwarded-host': 'lakeside.gavel.example',
    };
    const watch = await t.app.inject({
      method: 'POST',
      url: '/api/watchlist',
      headers,
      payload: { eventcode: 'gala', itemid: itemId },
    });
    expect(watch.statusCode).toBe(401);
    expect(watch.json()).toMatchObject({
      status: 'failure',
      code: 'unauthorized',
      message: 'Your session is not valid. Please log in again.',
    });
    const bid = await t.app.inject({
      method: 'POST',
      url: '/api/submitbid',
      headers,
      payload: { eventcode: 'gala', itemid: itemId, bid: 100 },
    });
    expect(bid.statusCode).toBe(401);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/auctionitems',
      headers,
      payload: { eventcode: 'gala' },
    });
    expect(list.statusCode).toBe(401);
    expect(await count()).toEqual(before);
  });

  it('reads the organization from the forwarded host behind a trusted proxy', async () => {
    const headers = { host: '10.0.0.5', 'x-forwarded-host': 'lakeside.gavel.example' };
    const event = await t.app.inject({ method: 'POST', url: '/api/event', headers, payload: { eventcode: 'gala' } });
    expect(event.json()).toMatchObject({ auctioncode: 'lakeside' });
  });

  it('refuses a body naming another organization than the host, and a token of another event', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auctionitems',
      headers: { ...riverbend.auth, host: 'riverbend.gavel.example' },
      payload: { eventcode: 'gala', auctioncode: 'lakeside' },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Event Not Found');
  });
});

describe('idempotent writes', () => {
  let lake: TestBidder;
  beforeAll(async () => {
    lake = await makeBidder(t, 'gala', 'lee@example.org', { auctioncode: 'lakeside' });
  });
  const bidAs = (payload: object, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/submitbid',
      headers: { ...lake.auth, host: 'lakeside.gavel.example', 'idempotency-key': key },
      payload: { eventcode: 'gala', itemid: itemId, ...payload },
    });

  it('replays a retry, and refuses the same key with another body (422) without bidding again', async () => {
    const first = await bidAs({ bid: 100 }, 'key-reuse-0001');
    expect(first.statusCode).toBe(200);
    const before = await count();
    // A replay sends no live message again.
    const sent: string[] = [];
    const toEvent = t.ctx.live.toEvent;
    t.ctx.live.toEvent = (a, e, m) => {
      sent.push(m.type);
      toEvent(a, e, m);
    };
    const retry = await bidAs({ bid: 100 }, 'key-reuse-0001');
    t.ctx.live.toEvent = toEvent;
    expect(sent).toEqual([]);
    expect(retry.json()).toEqual(first.json());
    const other = await bidAs({ bid: 150 }, 'key-reuse-0001');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      status: 'failure',
      code: 'unprocessable',
      message: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
    });
    const otherRoute = await t.app.inject({
      method: 'POST',
      url: '/api/maxbid',
      headers: { ...lake.auth, host: 'lakeside.gavel.example', 'idempotency-key': 'key-reuse-0001' },
      payload: { eventcode: 'gala', itemid: itemId, maxbid: 500, increment: 10 },
    });
    expect(otherRoute.statusCode).toBe(422);
    expect(await count()).toEqual(before);
  });

  it('carries dollars on the wire and cents inside, through the typed call helper', async () => {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/itemdetails',
      headers: { ...lake.auth, host: 'lakeside.gavel.example' },
      payload: { eventcode: 'gala', itemid: itemId },
    });
    expect(raw.json().item).toMatchObject({ currentbid: 100, minimumnextbid: 110 });
    const moe = await makeBidder(t, 'gala', 'moe@example.org', { auctioncode: 'lakeside' });
    const typed = await call(
      t.app,
      'POST /submitbid',
      { eventcode: 'gala', itemid: itemId, bid: 123_45 },
      { headers: { ...moe.auth, host: 'lakeside.gavel.example' } },
    );
    expect(typed.ok ? '' : typed.failure.message).toBe('');
    expect(typed.ok && typed.answer.item).toMatchObject({
      currentbid: 123_45,
      minimumnextbid: 133_45,
      currentlywinningbid: true,
    });
    const [row] = await t.ctx.db
      .select({ currentbid: auctionItems.currentbid })
      .from(auctionItems)
      .where(eq(auctionItems.id, itemId));
    expect(row?.currentbid).toBe(123_45);
  });

  it('refuses a malformed key with a clear 400', async () => {
    const bad = await bidAs({ bid: 200 }, 'short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The Idempotency-Key header must be 8 to 100 letters, digits, -, _, . or :.');
  });

  it('does not store a refused bid under its key, so a corrected bid may use it', async () => {
    const low = await bidAs({ bid: 1 }, 'key-refused-0001');
    expect(low.statusCode).toBe(400);
    const rows = await t.ctx.db.select().from(idempotencyKeys);
    expect(rows.map((r) => r.key)).not.toContain('key-refused-0001');
  });
});
