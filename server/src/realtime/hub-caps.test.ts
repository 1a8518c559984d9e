import { createServer, type Server as HttpServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { HUB_PATH, hubRefusals } from '@gavel/domain';
import { call } from '../test/call';
import { createTestApp, listenOnLoopback, type TestApp } from '../test/harness';
import { importEvent, makeBidder } from '../test/account-fixtures';
import { eventDocument } from '../test/documents';
import { connected, disconnected } from '../test/hub-client';
import { SOCKETS_PER_TOKEN } from './caps';
import { createHub, type Hub } from './hub';

/**
 * Security finding 10, the hub's half: 400 sockets on one guest token were all accepted. Each
 * token and each address now holds a bounded number of live sockets.
 */
let t: TestApp;
let base = '';
const opened: Socket[] = [];
const now = new Date();

/** A hub socket, optionally sent through a proxy that names the client in X-Forwarded-For. */
function open(origin: string, token: string, forwardedFor?: string): Socket {
  const s = connect(origin, {
    path: HUB_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(forwardedFor ? { extraHeaders: { 'x-forwarded-for': forwardedFor } } : {}),
  });
  opened.push(s);
  return s;
}

async function guestToken(): Promise<string> {
  const res = await call(t.app, 'POST /guestlogin', { eventcode: 'gala' });
  if (!res.ok) throw new Error(res.failure.message);
  return res.answer.token;
}

/** A second hub on its own server, sharing the app's tokens, with caps and proxy trust of the test's choosing. */
async function hubWith(opts: {
  perAddress: number;
  trustProxy: boolean;
}): Promise<{ origin: string; hub: Hub; server: HttpServer }> {
  const server = createServer();
  const hub = await createHub(server, {
    tokens: t.ctx.tokens,
    clock: () => now,
    log: pino({ level: 'silent' }),
    redisUrl: undefined,
    trustProxy: opts.trustProxy,
    caps: { perToken: SOCKETS_PER_TOKEN, perAddress: opts.perAddress },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return { origin: `http://127.0.0.1:${address.port}`, hub, server };
}

async function closeHub(h: { hub: Hub; server: HttpServer }): Promise<void> {
  await h.hub.close();
  await new Promise((resolve) => h.server.close(resolve));
}

/** The hub has counted out every socket closed so far. */
const settled = (io: Server, live: number) => vi.waitFor(() => expect(io.of('/').sockets.size).toBe(live));

/** The app's own hub. */
function appHub(): Server {
  const live = t.ctx.live;
  if (!('io' in live) || !(live.io instanceof Server)) throw new Error('the app has no hub');
  return live.io;
}

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now));
  base = await listenOnLoopback(t);
});
afterAll(async () => {
  opened.forEach((s) => s.close());
  await t.close();
});

describe('the hub caps live sockets', () => {
  it(`takes ${SOCKETS_PER_TOKEN} sockets on one token and refuses the next, with words the client sees; a closed one frees its place; another token is not held back`, async () => {
    expect(SOCKETS_PER_TOKEN).toBe(10);
    const token = await guestToken();
    const first = Array.from({ length: SOCKETS_PER_TOKEN }, () => open(base, token));
    await Promise.all(first.map(connected));
    await expect(connected(open(base, token))).rejects.toThrow(hubRefusals.tooManyForToken);
    // The same holds for a bidder's token, and a board's; each is counted apart.
    const ann = await makeBidder(t, 'gala', 'ann@example.org');
    await connected(open(base, ann.token));
    const board = await call(t.app, 'GET /displayboard', undefined, { query: { eventcode: 'gala' } });
    if (!board.ok) throw new Error(board.failure.message);
    await connected(open(base, board.answer.token));

    const gone = disconnected(first[0] as Socket);
    first[0]?.close();
    await gone;
    await settled(appHub(), SOCKETS_PER_TOKEN - 1 + 2);
    await connected(open(base, token));
    await expect(connected(open(base, token))).rejects.toThrow(hubRefusals.tooManyForToken);
  });

  it('refuses sockets past the cap of an address behind a trusted proxy, while another address connects; a closed one frees its place', async () => {
    const h = await hubWith({ perAddress: 3, trustProxy: true });
    try {
      const venue = '203.0.113.7';
      const phones = await Promise.all([guestToken(), guestToken(), guestToken(), guestToken()]);
      const [a, b, c, d] = phones as [string, string, string, string];
      const held = [open(h.origin, a, venue), open(h.origin, b, `${venue}, 10.0.0.2`), open(h.origin, c, venue)];
      await Promise.all(held.map(connected));
      await expect(connected(open(h.origin, d, venue))).rejects.toThrow(hubRefusals.tooManyForAddress);
      // Another address (another venue, a phone on its own data) is not held back.
      await connected(open(h.origin, d, '198.51.100.9'));
      held[0]?.close();
      await settled(h.hub.io, 3);
      await connected(open(h.origin, d, venue));
    } finally {
      await closeHub(h);
    }
  });

  it('counts the connection’s own address where no proxy is trusted: a made-up X-Forwarded-For does not get past the cap', async () => {
    const h = await hubWith({ perAddress: 2, trustProxy: false });
    try {
      const tokens = await Promise.all([guestToken(), guestToken(), guestToken()]);
      const [a, b, c] = tokens as [string, string, string];
      await Promise.all([connected(open(h.origin, a, '203.0.113.1')), connected(open(h.origin, b, '203.0.113.2'))]);
      await expect(connected(open(h.origin, c, '203.0.113.3'))).rejects.toThrow(hubRefusals.tooManyForAddress);
    } finally {
      await closeHub(h);
    }
  });

  it('counts nothing for a refused token', async () => {
    const h = await hubWith({ perAddress: 1, trustProxy: false });
    try {
      await expect(connected(open(h.origin, 'made-up'))).rejects.toThrow(hubRefusals.tokenInvalid);
      await expect(connected(open(h.origin, ''))).rejects.toThrow(hubRefusals.tokenRequired);
      await connected(open(h.origin, await guestToken()));
    } finally {
      await closeHub(h);
    }
  });
});
