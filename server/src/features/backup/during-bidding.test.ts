import { rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auctionItems, bids, orders } from '../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../test/account-fixtures';
import { eventDocument, item } from '../../test/documents';
import type { TestApp } from '../../test/harness';
import { buyNow, checkoutAs, testCryptogram } from '../../test/payments-fixtures';
import { backupFileName, listBackups } from './archive';
import { adminOf, appOn, cleanUp, emptyPostgres, firstApp, tempDir } from './backup-fixtures';
import { backupDirectly } from './direct';
import { restoreBackup } from './restore';
import { backupJob, backupsFolder } from './service';

/**
 * Issue 32: a backup taken while bids pour in, restored into an empty place, holds every bid that
 * was acknowledged before the backup began and the card payment made before it, and is
 * consistent: each item's current bid, leader and count agree with its bid history. On PGlite the
 * running server makes it (the admin call `npm run backup` uses); on PostgreSQL, pg_dump.
 */
const now = new Date('2026-12-01T18:00:00Z');
const HOUR = 3_600_000;
const ACKS_BEFORE_BACKUP = 100;
const LOOPS = 8;

let t: TestApp;
let dataDir: string;
let url: string | undefined;
let itemIds: number[];
let wineId: number;
let people: TestBidder[];

beforeAll(async () => {
  ({ t, dataDir, url } = await firstApp(now));
  const lots = Array.from({ length: 6 }, (_, i) => item(`b${i + 1}`, { startingbid: 10, minimumbidincrease: 1 }));
  const wine = item('wine', { buyitnowonly: true, buyitnowprice: 40, quantity: 10, startingbid: 0 });
  await importEvent(t, eventDocument(now, { event: { ccfeespercent: 0 }, items: [...lots, wine] }));
  const rows = await t.ctx.db.select({ id: auctionItems.id, itemnum: auctionItems.itemnum }).from(auctionItems);
  itemIds = rows.filter((r) => r.itemnum !== 'wine').map((r) => r.id);
  wineId = rows.find((r) => r.itemnum === 'wine')?.id ?? 0;
  people = await Promise.all(['ann', 'bob', 'cy', 'dee'].map((n) => makeBidder(t, 'gala', `${n}@example.org`)));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await cleanUp();
});

interface Ack {
  bidder: number;
  itemId: number;
  /** Cents, as the bids table holds it. */
  amount: number;
  /** Answered 200 before the backup began. */
  before: boolean;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Bidders bidding as fast as the app answers, each bid one dollar above the last handed out on its item. */
function bidLoad(app: TestApp) {
  const acks: Ack[] = [];
  const serverErrors: string[] = [];
  const state = { running: true, backupBegun: false };
  const last = new Map(itemIds.map((id) => [id, 10]));
  const loop = async (k: number) => {
    const bidder = k % people.length;
    for (let n = 0; state.running; n++) {
      const itemId = itemIds[(k + n) % itemIds.length] ?? 0;
      const amount = (last.get(itemId) ?? 0) + 1;
      last.set(itemId, amount);
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/submitbid',
        headers: { ...people[bidder]?.auth, 'idempotency-key': `load-${k}-${n}` },
        payload: { eventcode: 'gala', itemid: itemId, bid: amount },
      });
      if (res.statusCode === 200) acks.push({ bidder, itemId, amount: amount * 100, before: !state.backupBegun });
      if (res.statusCode >= 500) serverErrors.push(`${res.statusCode} ${res.body}`);
    }
  };
  const loops = Array.from({ length: LOOPS }, (_, k) => loop(k));
  return {
    acks,
    serverErrors,
    state,
    stop: async () => {
      state.running = false;
      await Promise.all(loops);
    },
  };
}

/** The backup, the way `npm run backup` makes it on this database. */
async function backUp(): Promise<string> {
  if (url) return (await backupDirectly({ storage: { dataDir, databaseUrl: url }, dir: tempDir(), now })).file;
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/backup', headers: adminOf(t) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { file: string }).file;
}

it('backs up during bidding; the restore has every acknowledged bid and the payment, and is consistent', async () => {
  const [ann] = people;
  if (!ann) throw new Error('no bidder');
  const bought = await buyNow(t, ann, 'gala', wineId);
  const paid = await checkoutAs(t, ann, {
    historyid: [bought],
    itemid: [wineId],
    usecard: false,
    processortoken: await testCryptogram(t, 'gala', '4242 4242 4242 4242'),
    additionaldonation: 0,
    ccfeesexactamount: 0,
    totalamount: 40,
  });
  expect(paid.statusCode, paid.body).toBe(200);

  const load = bidLoad(t);
  for (let i = 0; i < 600 && load.acks.length < ACKS_BEFORE_BACKUP; i++) await pause(20);
  expect(load.acks.length).toBeGreaterThanOrEqual(ACKS_BEFORE_BACKUP);
  load.state.backupBegun = true;
  const file = await backUp();
  const answeredDuring = load.acks.filter((a) => !a.before).length;
  await load.stop();
  expect(load.serverErrors).toEqual([]);
  // Bids went on while the backup was made: it did not stop the auction.
  expect(answeredDuring).toBeGreaterThan(0);
  expect(statSync(file).mode & 0o777).toBe(0o600);

  const target = tempDir();
  const server = process.env.TEST_DATABASE_URL;
  const targetUrl = server ? await emptyPostgres(server) : undefined;
  const said = await restoreBackup(file, { dataDir: target, databaseUrl: targetUrl });
  expect(said[0]).toMatch(/^Restored the backup of /);
  const restored = await appOn(target, targetUrl, now);
  try {
    const rows = await restored.ctx.db
      .select({ id: bids.id, bidderId: bids.bidderId, itemId: bids.itemId, amount: bids.amount })
      .from(bids);
    const have = new Set(rows.map((b) => `${b.bidderId}:${b.itemId}:${b.amount}`));
    const before = load.acks.filter((a) => a.before);
    const missing = before.filter((a) => !have.has(`${people[a.bidder]?.bidderId}:${a.itemId}:${a.amount}`));
    expect(missing).toEqual([]);

    // Consistent: every item's row agrees with its history as the restore holds it.
    const items = await restored.ctx.db.select().from(auctionItems);
    for (const lot of items.filter((i) => itemIds.includes(i.id))) {
      const history = rows.filter((b) => b.itemId === lot.id).sort((a, b) => a.id - b.id);
      const top = history.at(-1);
      expect(lot.numberofbids).toBe(history.length);
      expect(lot.currentbid).toBe(top ? Math.max(...history.map((b) => b.amount)) : null);
      expect(lot.currentbid).toBe(top?.amount ?? null);
      expect(lot.leaderBidderId).toBe(top?.bidderId ?? null);
    }

    const [order] = await restored.ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.bidderId, ann.bidderId), eq(orders.state, 'paid')));
    expect(order).toMatchObject({ method: 'card', total: 4000, cardlast4: '4242' });

    // The kept secrets came back: a token signed before the backup still signs in, the admin token is the same.
    expect(restored.config.adminToken).toBe(t.config.adminToken);
    console.log(
      `RELIABILITY backup (${url ? 'PostgreSQL, pg_dump' : 'PGlite, through the server'}): bids acknowledged before the backup began=${before.length} ` +
        `while it was made=${answeredDuring} after=${load.acks.length - before.length - answeredDuring}; in the restore: missing=${missing.length}, ` +
        `items consistent=${items.filter((i) => itemIds.includes(i.id)).length}/${itemIds.length}, card payment present`,
    );
    const items2 = await restored.app.inject({
      method: 'POST',
      url: '/api/auctionitems',
      headers: ann.auth,
      payload: { eventcode: 'gala' },
    });
    expect(items2.statusCode, items2.body).toBe(200);
  } finally {
    await restored.close();
  }
}, 180_000);

it('makes the automatic backup when one is due, not at every start, and keeps the newest BACKUP_KEEP', async () => {
  const job = backupJob(t.ctx, { info: () => undefined });
  // PostgreSQL is backed up with npm run backup (pg_dump) or its operator's tools: no job.
  if (url) return expect(job).toBeUndefined();
  if (!job) throw new Error('no backup job on the embedded database');
  const dir = backupsFolder(dataDir);
  rmSync(dir, { recursive: true, force: true });

  await job.run(now);
  expect(listBackups(dir).map((b) => b.at)).toEqual([now]);
  // A start an hour later (the job's first tick) finds the newest backup recent: nothing to do.
  await job.run(new Date(now.getTime() + HOUR));
  expect(listBackups(dir)).toHaveLength(1);

  // Older backups from the week before, and files that are not backups, which pruning leaves alone.
  const days = [2, 3, 4, 5, 6, 7, 8, 9].map((d) => new Date(now.getTime() - d * 24 * HOUR));
  for (const day of days) writeFileSync(join(dir, backupFileName(day)), 'old');
  for (const other of ['notes.txt', 'gavel-by-hand.tar.gz', 'gavel-2026-11-01.tar.gz'])
    writeFileSync(join(dir, other), 'x');
  const later = new Date(now.getTime() + 24 * HOUR);
  await job.run(later);
  const kept = listBackups(dir).map((b) => b.at);
  expect(t.config.backupKeep).toBe(7);
  expect(kept).toEqual([later, now, ...days.slice(0, 5)]);
  for (const other of ['notes.txt', 'gavel-by-hand.tar.gz', 'gavel-2026-11-01.tar.gz'])
    expect(statSync(join(dir, other)).isFile()).toBe(true);
}, 120_000);
