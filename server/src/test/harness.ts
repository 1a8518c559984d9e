import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { buildApp, type BuildOptions, type GavelApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { databaseUrl, onServer } from './pg-template';
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
  const scratch = url ? await scratchDatabase(url) : undefined;
  const database = scratch ? await openDatabase({ url: scratch.url }) : await pgliteDatabase();
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
      if (scratch) {
        await database.close();
        await scratch.drop();
      } else await releasePglite(database);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new database on the PostgreSQL server of `url`, dropped again by drop(): a copy of the run's
 * migrated template (test/pg-template.ts), or empty outside a run that made one. A database
 * rather than a schema: the generated migrations name "public" in their foreign keys.
 */
export async function scratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `gavel_t_${randomBytes(6).toString('hex')}`;
  const template = inject('pgTemplate');
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
