import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponse } from '@gavel/domain';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { inTransaction } from '../db/prepared';
import { auctionItems, bids } from '../db/schema';
import { databaseUnavailable } from '../db/unavailable';
import { importEvent, makeBidder, type TestBidder } from '../test/account-fixtures';
import { eventDocument, item } from '../test/documents';
import type { TestApp } from '../test/harness';
import { clusterUnavailable, startCluster, type Cluster } from './db-restart-cluster';
import { type BidLoad, hubAttempt, startBidLoad, summary, UNAVAILABLE, until } from './db-restart-load';
import { startProxy } from './db-restart-proxy';

/**
 * The fault test of issue 15: PostgreSQL restarts (cleanly, then as a crash), then stops for a
 * while, under a bid load sent over real HTTP. The server must stay up, answer 503 'unavailable'
 * while the database is away, serve again without help once it is back, and keep every bid it
 * acknowledged. It starts a PostgreSQL cluster of its own (db-restart-cluster.ts), whatever
 * TEST_DATABASE_URL says; it is skipped where no PostgreSQL is installed, and in npm test's second
 * (PostgreSQL) pass, having run in the first.
 */
const BIDDERS = 20;
const ITEMS = 20;
const STARTING_BID = 10;
/** Bids acknowledged before the first fault and after each one. */
const STEADY = 150;

// It starts its own cluster whatever TEST_DATABASE_URL says, so the PostgreSQL pass of npm test
// (scripts/test-pg.mjs) need not run it again.
const skipped = process.env.TEST_DATABASE_URL
  ? 'it ran in the first pass, on a cluster of its own'
  : clusterUnavailable();

type Fault = 'restart fast' | 'restart immediate' | 'stop, start';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(skipped !== undefined)(
  skipped ? `a database restart under load (skipped: ${skipped})` : 'a database restart under load',
  () => {
    let cluster: Cluster | undefined;
    let database: Database | undefined;
    let t: TestApp | undefined;
    let dataDir: string | undefined;
    let load: BidLoad | undefined;
    const unhandled: string[] = [];
    const poolLog: string[] = [];
    // Without the fix, a lost connection is an uncaught 'error' event: caught here, so the run can tell.
    const onUnhandled = (err: unknown) =>
      void unhandled.push(err instanceof Error ? `${err.name}: ${err.message}` : String(err));

    beforeAll(async () => {
      process.on('uncaughtException', onUnhandled);
      process.on('unhandledRejection', onUnhandled);
      cluster = await startCluster();
      database = await openDatabase({ url: cluster.url, log: { warn: (_obj, msg) => void poolLog.push(msg) } });
      dataDir = mkdtempSync(join(tmpdir(), 'gavel-db-restart-app-'));
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.url,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        ADMIN_TOKEN: 'restart-admin-token-0123456789',
        JWT_SECRET: 'restart-jwt-secret-0123456789abcdefghijklmnopqrstuvwxyz',
        // A few bidders bidding as fast as the server answers, far past a phone's pace.
        RATE_LIMIT_PER_MINUTE: '1000000',
      });
      // The periodic jobs run too (closing every second): they meet the faults as the bids do.
      const gavel = await buildApp(config, { database });
      const app = gavel.app;
      t = { ...gavel, config, setNow: () => undefined, close: () => app.close() };
      await app.listen({ port: 0, host: '127.0.0.1' });
    });

    afterAll(async () => {
      // Bounded, so the cluster is removed even when a failure left something hanging.
      const within = (closing: Promise<unknown> | undefined) =>
        Promise.race([closing?.catch(() => undefined), sleep(10_000)]);
      await within(load?.stop());
      await within(t?.close());
      await within(database?.close());
      await cluster?.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      process.off('uncaughtException', onUnhandled);
      process.off('unhandledRejection', onUnhandled);
    });

    it('stays up, answers 503 while the database is away, serves again after, and keeps every acknowledged bid', async () => {
      if (!t || !cluster) throw new Error('not started');
      const app = t;
      const db = cluster;
      const address = app.app.server.address();
      if (typeof address !== 'object' || address === null) throw new Error('not listening');
      const origin = `http://127.0.0.1:${address.port}`;
      const health = async () => healthResponse.parse(await (await fetch(`${origin}/api/health`)).json()).database;
      const items = Array.from({ length: ITEMS }, (_, i) =>
        item(`r${i}`, { startingbid: STARTING_BID, minimumbidincrease: 1 }),
      );
      await importEvent(app, eventDocument(new Date(), { items }));
      const itemIds = (await app.ctx.db.select({ id: auctionItems.id }).from(auctionItems))
        .map((r) => r.id)
        .sort((a, b) => a - b);
      const bidders: TestBidder[] = [];
      for (let k = 0; k < BIDDERS; k++) bidders.push(await makeBidder(app, 'gala', `restart${k}@example.org`));
      // Two who only open the live hub, one while the database is stopped and one after: nothing of
      // theirs has been read yet, so checking their tokens needs the database.
      const watchers = [
        await makeBidder(app, 'gala', 'watcher0@example.org'),
        await makeBidder(app, 'gala', 'watcher1@example.org'),
      ];

      const running = startBidLoad(origin, 'gala', bidders, itemIds, STARTING_BID);
      load = running;
      const { tally } = running;
      const seen = () => summary(tally);
      const steady = async (what: string) => {
        const before = tally.acks.length;
        await until(() => tally.acks.length >= before + STEADY, `${STEADY} acknowledged bids ${what}`, seen);
      };
      let healthWhileDown: string | undefined;
      let hubWhileDown: string | undefined;
      const faults: Array<{ fault: Fault; began: number; back: number }> = [];
      const inject = async (fault: Fault, act: () => Promise<void>) => {
        await steady(`before ${fault}`);
        const began = Date.now();
        await act();
        const back = Date.now();
        faults.push({ fault, began, back });
        await until(
          () => tally.answers.some((a) => a.status === 200 && a.at > back),
          `a bid accepted after ${fault}`,
          seen,
        );
      };

      await inject('restart fast', () => db.restart('fast'));
      await inject('restart immediate', () => db.restart('immediate'));
      await inject('stop, start', async () => {
        await db.stop();
        const stoppedAt = Date.now();
        await until(
          () => tally.answers.some((a) => a.status === 503 && a.at > stoppedAt),
          'a bid answered 503 while the database is stopped',
          seen,
        );
        healthWhileDown = await health();
        hubWhileDown = await hubAttempt(origin, watchers[0]?.token ?? '');
        await db.start();
      });
      await steady('after the faults');
      await running.stop();

      // The gap as bidders saw it: from a fault's first 503 to the first bid accepted after its last.
      const gaps = faults.map(({ began, back }) => {
        const served = tally.answers.find((a) => a.status === 200 && a.at > back)?.at ?? Infinity;
        const refused = tally.answers.filter((a) => a.status === 503 && a.at >= began && a.at < served);
        const first = refused[0];
        const last = refused.at(-1);
        const again = last && tally.answers.find((a) => a.status === 200 && a.at > last.at);
        return first && again ? again.at - first.at : 0;
      });
      const rows = await app.ctx.db
        .select({ itemId: bids.itemId, bidderId: bids.bidderId, amount: bids.amount })
        .from(bids);
      const stored = new Set(rows.map((r) => `${r.itemId}:${r.bidderId}:${r.amount}`));
      const missing = tally.acks.filter((a) => !stored.has(`${a.itemId}:${a.bidderId}:${a.amount * 100}`));
      const healthAfter = await health();
      const hubAfter = await hubAttempt(origin, watchers[1]?.token ?? '');

      console.log(
        `RELIABILITY db-restart: faults=${faults.map((f) => `${f.fault} (${f.back - f.began} ms)`).join('; ')} bidders=${BIDDERS} ${summary(tally)} ` +
          `gapsMs=${gaps.join(',')} hubWhileDown="${hubWhileDown}" acknowledgedMissing=${missing.length} lostConnectionsLogged=${poolLog.length} unhandled=${unhandled.length}`,
      );

      expect(unhandled).toEqual([]);
      expect(tally.serverErrors).toEqual([]);
      expect(tally.transportErrors).toEqual([]);
      // The only refusals are bids overtaken by another bidder's (400): never a sign-out (401) or the like.
      expect(Object.keys(tally.refused).filter((why) => !why.startsWith('400 '))).toEqual([]);
      // Every 503 is the one error shape, with Retry-After; each fault produced some.
      expect(tally.badUnavailable, JSON.stringify(UNAVAILABLE)).toEqual([]);
      expect(gaps.every((g) => g > 0)).toBe(true);
      expect(poolLog.length).toBeGreaterThan(0);
      expect(healthWhileDown).toBe('unavailable');
      // The hub answers a connection while the database is away (refuses it, or lets it in), never leaves it hanging.
      expect(hubWhileDown).toMatch(/^(connected|refused: )/);
      expect(healthAfter).toBe('ok');
      expect(hubAfter).toBe('connected');
      expect(missing).toEqual([]);
    }, 90_000);

    it('gives back a connection lost as a transaction begins, so the pool never runs out', async () => {
      if (!cluster) throw new Error('not started');
      // A restart cuts a connection at BEGIN only by chance; the proxy does it every time.
      const proxy = await startProxy(cluster.url);
      const lost: string[] = [];
      const cut = await openDatabase({ url: proxy.url, log: { warn: (_obj, msg) => void lost.push(msg) } });
      if (cut.driver.kind !== 'postgres') throw new Error('not PostgreSQL');
      const { pool } = cut.driver;
      const held = () => pool.totalCount - pool.idleCount;
      const ways = {
        drizzle: () => cut.db.transaction((tx) => tx.execute(sql`select 1`)),
        prepared: () => inTransaction(cut, (run) => run({ name: 'restart_probe', text: 'select 1 as ok' }, [])),
      };
      const failures: Record<string, unknown> = {};
      try {
        for (const [way, begin] of Object.entries(ways)) {
          // One idle connection, the one the transaction then takes and loses.
          await cut.db.execute(sql`select 1`);
          proxy.cutAtNextStatement();
          const err = await begin().then(
            () => undefined,
            (e: unknown) => e,
          );
          failures[way] = { unavailable: databaseUnavailable(err), held: held() };
        }
        expect(failures).toEqual({ drizzle: { unavailable: true, held: 0 }, prepared: { unavailable: true, held: 0 } });
        expect(lost).toHaveLength(2);
        await expect(cut.db.transaction((tx) => tx.execute(sql`select 1`))).resolves.toBeDefined();
      } finally {
        // A connection never given back would keep close() waiting for it forever.
        if (held() === 0) await cut.close();
        await proxy.close();
      }
    });
  },
);
