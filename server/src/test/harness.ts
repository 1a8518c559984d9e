import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { buildApp, type BuildOptions, type GavelApp } from '../app';
import { loadConfig, type Config } from '../config';
import { type Database, openDatabase } from '../db/client';
import { databaseUrl, onDatabase, onServer, scratchPrefix } from './pg-template';
import { pgliteDatabase, releasePglite } from './pglite-spares';

export interface TestApp extends GavelApp {
  config: Config;
  /** Moves the app's clock. */
  setNow(date: Date): void;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite (an empty one this worker's last file left, or
 * a copy of the migrated one: test/pglite-spares.ts), or — when TEST_DATABASE_URL is set — a new
 * database of its own on that PostgreSQL server, so test files never see each other's rows.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  start = new Date(),
  options: Pick<BuildOptions, 'logStream' | 'timeouts'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gavel-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ADMIN_TOKEN: 'test-admin-token-0123456789',
    JWT_SECRET: 'test-jwt-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    // Production requires the public address; app.inject's requests come to localhost.
    ...(env.NODE_ENV === 'production' ? { PUBLIC_URL: 'http://localhost' } : {}),
    ...env,
  });
  const url = process.env.TEST_DATABASE_URL;
  const scratch = url ? (pgSpares.pop() ?? (await scratchDatabase(url))) : undefined;
  const database = scratch ? await openDatabase({ url: scratch.url }) : await pgliteDatabase();
  return appOnDatabase(config, database, start, options, async () => {
    if (scratch) {
      await database.close();
      await releaseScratch(scratch);
    } else await releasePglite(database);
    rmSync(dataDir, { recursive: true, force: true });
  });
}

/**
 * A test app on an open database, migrated and ready, its clock standing at `start` until moved;
 * `release` lets the database go once the app has closed (close runs once, however often called).
 */
export async function appOnDatabase(
  config: Config,
  database: Database,
  start: Date,
  options: Pick<BuildOptions, 'logStream' | 'timeouts'>,
  release: () => Promise<void>,
): Promise<TestApp> {
  let now = start;
  let closed = false;
  const gavel = await buildApp(config, { ...options, database, clock: () => now, sweeper: false });
  await gavel.app.ready();
  return {
    ...gavel,
    config,
    setNow: (date) => {
      now = date;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await gavel.app.close();
      // Outbid notices still gathering (a test app runs no jobs, whose stop would send them) go now,
      // not into the next app's database.
      await gavel.ctx.notifier.idle();
      await release();
    },
  };
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Databases a closed test app left on PostgreSQL, emptied for this worker's next app: making one
 * from the template costs most of a second of the server's time (a copy and a checkpoint), emptying
 * one a tenth of that. A worker runs its files one after another (vitest.config.ts), so each file
 * still has its database to itself. The run's global teardown drops what is left (pg-template.ts).
 */
const pgSpares: ScratchDatabase[] = [];

/** Empties a closed app's database (every table truncated, its ids restarted: as migrated) and keeps it; drops it if that fails. */
async function releaseScratch(scratch: ScratchDatabase): Promise<void> {
  try {
    await onDatabase(scratch.url, async (client) => {
      // A straggling session of the closed app holding a lock must not hang the run.
      await client.query(`set lock_timeout = '3s'`);
      const { rows } = await client.query<{ name: string }>(
        `select format('%I', tablename) as name from pg_tables where schemaname = 'public'`,
      );
      await client.query(`truncate ${rows.map((r) => r.name).join(', ')} restart identity cascade`);
    });
    pgSpares.push(scratch);
  } catch {
    await scratch.drop();
  }
}

/**
 * A new database on the PostgreSQL server of `url`, dropped again by drop(): a copy of the run's
 * migrated template (test/pg-template.ts), or empty outside a run that made one. A database
 * rather than a schema: the generated migrations name "public" in their foreign keys. Its name
 * starts with the run's scratch prefix, so the run's teardown can drop any left behind.
 */
export async function scratchDatabase(url: string): Promise<ScratchDatabase> {
  const template = inject('pgTemplate');
  const name = `${scratchPrefix(template)}${randomBytes(6).toString('hex')}`;
  await onServer(url, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  return { url: databaseUrl(url, name), drop: () => onServer(url, `DROP DATABASE IF EXISTS "${name}"`) };
}

/** Starts a test app listening on a free port of the loopback, for clients over real sockets; answers its base URL. */
export async function listenOnLoopback(t: GavelApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the test app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

export const ADMIN = { authorization: 'Bearer test-admin-token-0123456789' };

export { failure } from '../../../testkit/responses';

/**
 * A second server on a test app's database, as another machine behind the load balancer would be:
 * state of its own (its hub, its counters, its caches), the database shared; its clock is the
 * first app's. Closed before the first app.
 */
export async function anotherServer(t: TestApp, config: Partial<Config> = {}): Promise<GavelApp> {
  const gavel = await buildApp(
    { ...t.config, ...config },
    { database: t.ctx.database, clock: t.ctx.clock, sweeper: false },
  );
  await gavel.app.ready();
  return gavel;
}
