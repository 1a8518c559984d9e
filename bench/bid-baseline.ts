import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import type { Postgres } from './lib';

/**
 * What the database alone does with a bid's SQL (lock the item, read its maxima, insert the action
 * and the bid, update the item): the baseline each bid figure is compared with.
 */

/** pgbench with `clients` connections (20 is the server's pool size), in transactions a second. */
export function pgbench(
  pg: Postgres,
  dbName: string,
  firstId: number,
  lastId: number,
  clients: number,
  seconds: number,
): number {
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
  const run = spawnSync(
    join(pg.bin, 'pgbench'),
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(pg.port),
      '-U',
      'postgres',
      '-n',
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      script,
      dbName,
    ],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
  if (!tps) throw new Error(`pgbench failed: ${run.stderr}`);
  return Number(tps);
}

/** The same transaction in a loop on PGlite in this process (PGlite runs one transaction at a time). */
export async function pgliteLoop(dataDir: string, firstId: number, lastId: number, seconds: number): Promise<number> {
  const database = await openDatabase({ dir: dataDir });
  const end = Date.now() + seconds * 1000;
  let n = 0;
  while (Date.now() < end) {
    const item = firstId + Math.floor(Math.random() * (lastId - firstId + 1));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select * from auction_items where id = ${item} for update`);
      await tx.execute(sql`select * from item_maxima where item_id = ${item}`);
      await tx.execute(
        sql`insert into bid_actions (item_id, bidder_id, kind, amount, increment, created_at) values (${item}, 1, 'manual', 1000, 100, now())`,
      );
      await tx.execute(
        sql`insert into bids (item_id, bidder_id, amount, is_auto, created_at) values (${item}, 1, 1000, false, now())`,
      );
      await tx.execute(
        sql`update auction_items set currentbid = coalesce(currentbid, 0) + 100, numberofbids = numberofbids + 1, updated_at = now() where id = ${item}`,
      );
    });
    n++;
  }
  await database.close();
  return n / seconds;
}
