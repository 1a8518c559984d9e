import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { freshDatabase, type Postgres, seed, startServer, stop, summary, table } from './lib';

/**
 * Bid throughput: N bidders hammer /api/submitbid for a fixed time, each bidding the minimum next
 * bid it last saw; accepted bids per second and latency. Beside it, the same SQL straight on the
 * database (pgbench for PostgreSQL, a loop for PGlite): what the database alone can do.
 */
const DURATION_MS = 10_000;

interface LoadResult {
  accepted: number;
  refused: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
}

async function load(port: number, itemIds: number[], tokens: string[], bidders: number): Promise<LoadResult> {
  const minNext = new Map<number, number>(itemIds.map((id) => [id, 10]));
  const latencies: number[] = [];
  let accepted = 0;
  let refused = 0;
  let errors = 0;
  const end = Date.now() + DURATION_MS;
  const worker = async (w: number) => {
    const token = tokens[w % tokens.length] ?? '';
    while (Date.now() < end) {
      const itemid = itemIds[Math.floor(Math.random() * itemIds.length)] ?? 0;
      const bid = minNext.get(itemid) ?? 10;
      const t0 = performance.now();
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/submitbid`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ eventcode: 'bench', itemid, bid }),
        });
        const body = (await res.json()) as { item?: { minimumnextbid: number } };
        latencies.push(performance.now() - t0);
        if (res.status === 200) accepted++;
        else if (res.status === 400) refused++;
        else errors++;
        if (body.item) minNext.set(itemid, Math.max(minNext.get(itemid) ?? 0, body.item.minimumnextbid));
        else minNext.set(itemid, (minNext.get(itemid) ?? 10) + 1);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: bidders }, (_, w) => worker(w)));
  const s = summary(latencies);
  return { accepted, refused, errors, perSecond: accepted / (DURATION_MS / 1000), p50: s.p50, p99: s.p99 };
}

/** The same transaction as a bid, as a pgbench script: lock, read maxima, write action, bid, item. */
function pgbench(pg: Postgres, dbName: string, firstId: number, lastId: number, clients: number): number {
  const script = join(tmpdir(), `gavel-bid-${process.pid}.sql`);
  writeFileSync(
    script,
    [
      `\\set item random(${firstId}, ${lastId})`,
      'BEGIN;',
      'SELECT * FROM auction_items WHERE id = :item FOR UPDATE;',
      'SELECT * FROM item_maxima WHERE item_id = :item;',
      "INSERT INTO bid_actions (item_id, bidder_id, kind, amount, increment, created_at) VALUES (:item, 1, 'manual', 1000, 100, now());",
      'INSERT INTO bids (item_id, bidder_id, amount, is_auto, created_at) VALUES (:item, 1, 1000, false, now());',
      'UPDATE auction_items SET currentbid = coalesce(currentbid, 0) + 100, numberofbids = numberofbids + 1, updated_at = now() WHERE id = :item;',
      'COMMIT;',
    ].join('\n'),
  );
  const run = spawnSync(join(pg.bin, 'pgbench'), ['-h', '127.0.0.1', '-p', String(pg.port), '-U', 'postgres', '-n', '-c', String(clients), '-j', '2', '-T', String(DURATION_MS / 1000), '-f', script, dbName], { encoding: 'utf8' });
  const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
  if (!tps) throw new Error(`pgbench failed: ${run.stderr}`);
  return Number(tps);
}

/** The same transaction in a loop on PGlite in this process (PGlite runs one transaction at a time). */
async function pgliteLoop(dataDir: string, firstId: number, lastId: number): Promise<number> {
  const database = await openDatabase({ dir: dataDir });
  const end = Date.now() + DURATION_MS;
  let n = 0;
  while (Date.now() < end) {
    const item = firstId + Math.floor(Math.random() * (lastId - firstId + 1));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select * from auction_items where id = ${item} for update`);
      await tx.execute(sql`select * from item_maxima where item_id = ${item}`);
      await tx.execute(sql`insert into bid_actions (item_id, bidder_id, kind, amount, increment, created_at) values (${item}, 1, 'manual', 1000, 100, now())`);
      await tx.execute(sql`insert into bids (item_id, bidder_id, amount, is_auto, created_at) values (${item}, 1, 1000, false, now())`);
      await tx.execute(sql`update auction_items set currentbid = coalesce(currentbid, 0) + 100, numberofbids = numberofbids + 1, updated_at = now() where id = ${item}`);
    });
    n++;
  }
  await database.close();
  return n / (DURATION_MS / 1000);
}

export async function benchBids(pg: Postgres | undefined, port: number): Promise<string> {
  const out: string[] = [];
  for (const scenario of [
    { name: 'Bid throughput: 500 bidders over 200 items', items: 200, people: 500 },
    { name: 'Hot item: 200 bidders on one item', items: 1, people: 200 },
  ]) {
    const rows: Array<Array<string | number>> = [];
    for (const kind of pg ? (['postgres', 'pglite'] as const) : (['pglite'] as const)) {
      const dbName = `bench_${scenario.items}_${kind}`;
      const fresh = await freshDatabase(kind === 'postgres' ? pg : undefined, dbName);
      const seeded = await seed(fresh.db, { items: scenario.items, people: scenario.people });
      await fresh.db.close();
      const server = await startServer(port, kind === 'postgres' && fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: fresh.dataDir });
      const r = await load(port, seeded.itemIds, seeded.tokens, scenario.people);
      await stop(server);
      const first = seeded.itemIds[0] ?? 1;
      const last = seeded.itemIds[seeded.itemIds.length - 1] ?? first;
      const baseline = kind === 'postgres' && pg ? pgbench(pg, dbName, first, last, 20) : await pgliteLoop(fresh.dataDir, first, last);
      rows.push([kind === 'postgres' ? 'PostgreSQL' : 'PGlite', r.perSecond, r.accepted + r.refused, r.p50, r.p99, r.errors, baseline, `${((r.perSecond / baseline) * 100).toFixed(0)}%`]);
    }
    out.push(table(scenario.name, ['database', 'accepted bids/s', 'answers', 'p50 ms', 'p99 ms', 'errors', 'raw SQL baseline tx/s', 'ratio'], rows));
  }
  return out.join('\n');
}
