import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB_PATH, RECEIVE, type HubMessage } from '@gavel/domain';
import { verifiedBidder, type BidderSession } from '../../../testkit/bidders';
import { bearer, expectOk, numberField, stringField } from '../../../testkit/transport';
import { scratchDatabase, type ScratchDatabase } from '../test/harness';
import { eventDocument } from '../test/documents';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe';
import { stripeEventFields } from '../test/payments-fixtures';
import { hasRedisServer, startTestRedis, type TestRedis } from '../test/redis-server';
import { plenty } from '../features/console/chargeall/chargeall-fixtures';
import { consoleOwner, SERVER_ADMIN_TOKEN, fetchTransport, pause } from '../test/server-process';
import { hasHaproxy, startTopology, type Topology } from './topology';

/**
 * Two servers behind HAProxy on one PostgreSQL and one Redis (reliability/topology.ts), driven
 * through the balancer as phones, a board and the console would: bids, live updates reaching
 * phones connected to the other server and through the balancer's WebSockets, the closing job
 * (both servers run it) closing an item once, and charge all (both servers run its job)
 * charging each bidder once at the processor. (It took over the two-process test that ran
 * beside it: a bid through one server reaching a phone on the other, an item closed once.)
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const EVENT = 'gala';
const PRICE = 40;

let db: ScratchDatabase;
let redis: TestRedis;
let fake: FakeStripe;
let topo: Topology;
const sockets: Socket[] = [];

function live(base: string, auth: Record<string, string>): Promise<Socket> {
  const socket = connect(base, { path: HUB_PATH, auth, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** The next update of the item at this price (dollars: the hub's wire, not decoded here). */
const update = (s: Socket, itemid: number, dollars: number) =>
  new Promise<HubMessage>((resolve) => {
    const on = (m: HubMessage) => {
      if (m.type !== 'itemupdate' || m.item.itemid !== itemid || m.item.currentbid !== dollars) return;
      s.off(RECEIVE, on);
      resolve(m);
    };
    s.on(RECEIVE, on);
  });

describe.skipIf(!pgUrl || !hasRedisServer || !hasHaproxy)('two servers behind HAProxy', () => {
  beforeAll(async () => {
    db = await scratchDatabase(pgUrl ?? '');
    redis = await startTestRedis();
    fake = await startFakeStripe();
    topo = await startTopology({ databaseUrl: db.url, redisUrl: redis.url, env: { STRIPE_API_URL: fake.url } });
  }, 120_000);
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await topo?.stop();
    await fake?.close();
    await redis?.stop();
    await db?.drop();
  });

  it('takes bids, carries live updates across servers and through the balancer, closes once and charges once', async () => {
    const via = fetchTransport(topo.url);
    const auth = await consoleOwner(via, 'owner.topology@example.org');
    const now = new Date();
    const doc = eventDocument(now, {
      eventcode: EVENT,
      orgname: 'Test Foundation',
      event: stripeEventFields('whsec_topology'),
      items: [
        {
          itemnum: 'x1',
          name: 'Shared Item',
          startingbid: 10,
          minimumbidincrease: 1,
          closing: new Date(now.getTime() + 12_000).toISOString(),
        },
        plenty('gift', PRICE),
      ],
    });
    await expectOk('import', via.post('/api/admin/import', doc, bearer(SERVER_ADMIN_TOKEN)));
    const people: BidderSession[] = [];
    for (const email of ['ann@example.org', 'bob@example.org']) {
      const who = await verifiedBidder(via, { eventcode: EVENT, email });
      await expectOk(
        'card',
        via.post('/api/updatecard', { eventcode: EVENT, processortoken: 'ctoken_visa' }, who.auth),
      );
      people.push(who);
    }
    const [ann, bob] = people as [BidderSession, BidderSession];
    const listed = (await expectOk('items', via.post('/api/auctionitems', { eventcode: EVENT }, ann.auth))) as {
      auctionitems: Array<{ itemid: number; name: string }>;
    };
    const itemid = listed.auctionitems.find((i) => i.name === 'Shared Item')?.itemid ?? 0;
    const giftid = listed.auctionitems.find((i) => i.name !== 'Shared Item')?.itemid ?? 0;

    // A phone on each server directly, one through the balancer, and the board through it.
    const [first, second] = topo.servers;
    const onFirst = await live(first?.origin ?? '', { token: ann.token });
    const onSecond = await live(second?.origin ?? '', { token: bob.token });
    const throughBalancer = await live(topo.url, { token: bob.token });
    const board = (await expectOk('board', via.get(`/api/displayboard?eventcode=${EVENT}`))) as { token: string };
    const boardSocket = await live(topo.url, { token: board.token });

    // A bid through the first server reaches the phone on the second, and everyone through the balancer.
    const seen = [onSecond, throughBalancer, boardSocket].map((s) => update(s, itemid, 10));
    await expectOk(
      'bid',
      fetchTransport(first?.origin ?? '').post('/api/submitbid', { eventcode: EVENT, itemid, bid: 10 }, ann.auth),
    );
    await Promise.all(seen);
    // And the other way: a bid through the balancer (whichever server takes it) reaches both servers' phones.
    const seenAgain = [onFirst, onSecond].map((s) => update(s, itemid, 12));
    await expectOk('bid', via.post('/api/submitbid', { eventcode: EVENT, itemid, bid: 12 }, bob.auth));
    await Promise.all(seenAgain);

    // The console through the balancer.
    await expectOk('console', via.get(`/api/console/events/${EVENT}/items`, auth));

    // Both servers run the closing job: the item closes once, with one winner.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      let closed = false;
      for (let i = 0; i < 300 && !closed; i++) {
        const r = await client.query('select closed_at from auction_items where id = $1', [itemid]);
        closed = r.rows[0]?.closed_at !== null;
        if (!closed) await pause(100);
      }
      expect(closed).toBe(true);
      const won = await client.query('select count(*)::int as n from won_items where item_id = $1', [itemid]);
      expect(won.rows[0]?.n).toBe(1);
    } finally {
      await client.end();
    }

    // Charge all, started twice at once through the balancer with one key: one run, each bidder charged once.
    await expectOk(
      'buy',
      via.post('/api/submitbid', { eventcode: EVENT, itemid: giftid, buyitnow: true, quantity: 1 }, ann.auth),
    );
    const key = { ...auth, 'idempotency-key': 'topology-run-0001' };
    const started = await Promise.all(
      [0, 1].map(() => expectOk('start', via.post(`/api/console/events/${EVENT}/charge-all`, { preview: false }, key))),
    );
    const runid = numberField(started[0], 'runid');
    expect(numberField(started[1], 'runid')).toBe(runid);
    let state = '';
    for (let i = 0; i < 300 && state !== 'done'; i++) {
      state = stringField(
        await expectOk('run', via.get(`/api/console/events/${EVENT}/charge-all/${runid}`, auth)),
        'state',
      );
      if (state !== 'done') await pause(100);
    }
    expect(state).toBe('done');
    const charges = [...fake.state.paymentIntents.values()].filter((p) => p.status === 'succeeded');
    const perBidder = new Map<string, number>();
    for (const p of charges)
      perBidder.set(p.metadata.bidderid ?? '?', (perBidder.get(p.metadata.bidderid ?? '?') ?? 0) + 1);
    // Bob won the item (his $12 was the last bid), Ann bought the gift: each charged once.
    expect([...perBidder.values()].sort()).toEqual([1, 1]);
  }, 120_000);
});
