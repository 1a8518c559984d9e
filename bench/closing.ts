import { sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { HUB_PATH, RECEIVE, type HubMessage } from '@gavel/domain';
import { freshDatabase, type Postgres, seed, sleep, startServer, stop, table } from './lib';

/**
 * Closing burst: 1,000 items, each with a winning bid, all closing in the same second. Measured
 * from that second: when every winner is recorded (the winner's cart holds all 1,000) and told
 * (the winner's connection received 1,000 'won' messages).
 */
const ITEMS = 1000;
const LEAD_MS = 20_000;

export async function burst(
  pg: Postgres | undefined,
  port: number,
): Promise<{ recorded: number; told: number; won: number; messages: number }> {
  const closeAt = new Date(Date.now() + LEAD_MS);
  const fresh = await freshDatabase(pg, 'closing_burst');
  const seeded = await seed(fresh.db, { items: ITEMS, people: 1, closeAllAt: closeAt });
  const winner = seeded.bidderIds[0] ?? 0;
  // Every item already has its winning bid, as if bidding had happened.
  await fresh.db.db.execute(
    sql`update auction_items set currentbid = 2000, leader_bidder_id = ${winner}, numberofbids = 1`,
  );
  await fresh.db.db.execute(
    sql`insert into item_maxima (item_id, bidder_id, max, increment, is_auto) select id, ${winner}, 2000, 100, false from auction_items`,
  );
  await fresh.db.close();
  const server = await startServer(port, pg && fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: fresh.dataDir });
  const token = seeded.tokens[0] ?? '';
  let messages = 0;
  let toldAt = 0;
  const socket = io(`http://127.0.0.1:${port}`, { path: HUB_PATH, auth: { token }, transports: ['websocket'] });
  socket.on(RECEIVE, (m: HubMessage) => {
    if (m.type === 'itembid' && m.status === 'won' && ++messages === ITEMS) toldAt = Date.now();
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let recordedAt = 0;
  let won = 0;
  const deadline = closeAt.getTime() + 60_000;
  while (Date.now() < deadline && (recordedAt === 0 || toldAt === 0)) {
    if (recordedAt === 0 && Date.now() >= closeAt.getTime()) {
      const cart = await fetch(`http://127.0.0.1:${port}/api/cart`, { headers: { authorization: `Bearer ${token}` } });
      won = ((await cart.json()) as { auctionswon: unknown[] }).auctionswon.length;
      if (won === ITEMS) recordedAt = Date.now();
    }
    await sleep(100);
  }
  socket.close();
  await stop(server);
  const since = (t: number) => (t === 0 ? Number.NaN : (t - closeAt.getTime()) / 1000);
  return { recorded: since(recordedAt), told: since(toldAt), won, messages };
}

export async function benchClosing(pg: Postgres | undefined, port: number): Promise<string> {
  const rows: Array<Array<string | number>> = [];
  if (pg) {
    const r = await burst(pg, port);
    rows.push(['PostgreSQL', r.recorded.toFixed(2), r.told.toFixed(2), `${r.won}/${ITEMS}`, `${r.messages}/${ITEMS}`]);
  }
  const r = await burst(undefined, port);
  rows.push(['PGlite', r.recorded.toFixed(2), r.told.toFixed(2), `${r.won}/${ITEMS}`, `${r.messages}/${ITEMS}`]);
  return table(
    `Closing burst: ${ITEMS} items closing in the same second`,
    [
      'database',
      'all winners recorded (s after close)',
      'all winners told (s after close)',
      'won items',
      "'won' messages",
    ],
    rows,
  );
}
