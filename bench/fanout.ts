import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { HUB_PATH, RECEIVE, type HubMessage } from '@gavel/domain';
import { TokenService } from '../server/src/lib/tokens';
import { freshDatabase, JWT_SECRET, seed, sleep, startServer, stop, summary, table } from './lib';

/**
 * Fan-out: 5,000 clients in one event; from sending a bid, how long until its itemupdate reaches
 * every client (this includes the bid itself). Beside it, a plain `ws` server broadcasting the same payload to the same
 * number of clients.
 */
const CLIENTS = 5000;
const BIDS = 5;
const BATCH = 250;

async function connectAll<T>(make: () => T, ready: (c: T) => Promise<void>): Promise<T[]> {
  const clients: T[] = [];
  for (let i = 0; i < CLIENTS; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, CLIENTS - i) }, make);
    await Promise.all(batch.map(ready));
    clients.push(...batch);
  }
  return clients;
}

async function gavelFanout(port: number): Promise<{ p50: number; p99: number; max: number; received: number }> {
  const fresh = await freshDatabase(undefined, 'fanout');
  const seeded = await seed(fresh.db, { items: 1, people: 2 });
  await fresh.db.close();
  const server = await startServer(port, { DATA_DIR: fresh.dataDir });
  // One guest token per phone, as phones have: the hub takes at most a few sockets per token.
  const tokens = new TokenService(JWT_SECRET);
  const guests = await Promise.all(
    Array.from({ length: CLIENTS }, () =>
      tokens.sign(
        { userid: 0, bidderid: 0, email: '', eventcode: 'bench', auctioncode: 'demo', isguest: true },
        new Date(),
      ),
    ),
  );
  let next = 0;
  const arrivals = new Map<number, number[]>();
  const sockets = await connectAll(
    () =>
      io(`http://127.0.0.1:${port}`, {
        path: HUB_PATH,
        auth: { token: guests[next++] },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      }),
    (s: Socket) =>
      new Promise<void>((resolve, reject) => {
        s.on(RECEIVE, (m: HubMessage) => {
          if (m.type === 'itemupdate') arrivals.get(m.item.currentbid)?.push(performance.now());
        });
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      }),
  );
  const delays: number[] = [];
  let received = 0;
  const itemid = seeded.itemIds[0];
  for (let b = 0; b < BIDS; b++) {
    const amount = 10 + b;
    arrivals.set(amount, []);
    const sent = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/submitbid`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${seeded.tokens[b % 2]}` },
      body: JSON.stringify({ eventcode: 'bench', itemid, bid: amount }),
    });
    if (!res.ok) throw new Error(`bid failed: ${await res.text()}`);
    for (let i = 0; i < 200 && (arrivals.get(amount)?.length ?? 0) < CLIENTS; i++) await sleep(25);
    const got = arrivals.get(amount) ?? [];
    received += got.length;
    // Measured from sending the bid: the clients share this process with the bidder, so most
    // messages are handled before the answer's promise resolves.
    delays.push(...got.map((t) => t - sent));
    await sleep(200);
  }
  sockets.forEach((s) => s.close());
  await stop(server);
  return { ...summary(delays), received };
}

async function wsFanout(port: number): Promise<{ p50: number; p99: number; max: number; received: number }> {
  const script = fileURLToPath(new URL('./ws-baseline-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  const arrivals = new Map<number, number[]>();
  const sockets = await connectAll(
    () => new WebSocket(`ws://127.0.0.1:${port}`),
    (ws: WebSocket) =>
      new Promise<void>((resolve, reject) => {
        ws.on('message', (data) => {
          const m = JSON.parse(data.toString()) as { item: { currentbid: number } };
          arrivals.get(m.item.currentbid)?.push(performance.now());
        });
        ws.once('open', () => resolve());
        ws.once('error', reject);
      }),
  );
  const delays: number[] = [];
  let received = 0;
  for (let b = 0; b < BIDS; b++) {
    const amount = 10 + b;
    arrivals.set(amount, []);
    const payload = JSON.stringify({
      type: 'itemupdate',
      eventcode: 'bench',
      auctioncode: 'demo',
      item: {
        itemid: 1,
        currentbid: amount,
        lastbid: amount,
        minimumnextbid: amount + 1,
        numberofbids: b + 1,
        closing: new Date().toISOString(),
        closingcst: '',
        bidstatus: 'biddingopen',
        quantityavailable: 1,
        buyitnowavailable: false,
      },
    });
    const sent = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/broadcast`, { method: 'POST', body: payload });
    await res.text();
    for (let i = 0; i < 200 && (arrivals.get(amount)?.length ?? 0) < CLIENTS; i++) await sleep(25);
    const got = arrivals.get(amount) ?? [];
    received += got.length;
    delays.push(...got.map((t) => t - sent));
    await sleep(200);
  }
  sockets.forEach((s) => s.terminate());
  child.kill('SIGTERM');
  return { ...summary(delays), received };
}

export async function benchFanout(port: number): Promise<string> {
  const gavel = await gavelFanout(port);
  const plain = await wsFanout(port + 1);
  const expected = CLIENTS * BIDS;
  return table(
    `Fan-out: ${CLIENTS} clients in one event, ${BIDS} bids`,
    ['server', 'p50 ms', 'p99 ms', 'max ms', 'delivered'],
    [
      ['Gavel (Socket.IO, websocket)', gavel.p50, gavel.p99, gavel.max, `${gavel.received}/${expected}`],
      ['plain ws broadcast (baseline)', plain.p50, plain.p99, plain.max, `${plain.received}/${expected}`],
    ],
  );
}
