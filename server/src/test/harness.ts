import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions, type GavelApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';

export interface TestApp extends GavelApp {
  config: Config;
  /** Moves the app's clock. */
  setNow(date: Date): void;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or — when TEST_DATABASE_URL is set — a new
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
  const database = await openDatabase(scratch ? { url: scratch.url } : { from: migratedCopy() });
  let now = start;
  const gavel = await buildApp(config, { ...options, database, clock: () => now, sweeper: false });
  await gavel.app.ready();
  return {
    ...gavel,
    config,
    setNow: (date) => {
      now = date;
    },
    close: async () => {
      await gavel.app.close();
      await database.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The run's migrated PGlite database (test/pglite-snapshot.ts), read afresh for each app; none outside Vitest's run. */
function migratedCopy(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * A new, empty database on the PostgreSQL server of `url`, dropped again by drop(). A database
 * rather than a schema: the generated migrations name "public" in their foreign keys.
 */
export async function scratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `gavel_t_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}"`) };
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
