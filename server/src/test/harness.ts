import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp, type GavelApp } from '../app';
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
 * schema of its own on that PostgreSQL server, so test files never see each other's rows.
 */
export async function createTestApp(env: Record<string, string> = {}, start = new Date()): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gavel-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ADMIN_TOKEN: 'test-admin-token-0123456789',
    JWT_SECRET: 'test-jwt-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    ...env,
  });
  const url = process.env.TEST_DATABASE_URL;
  const database = await openDatabase(
    url ? { url, searchPath: `t_${randomBytes(6).toString('hex')}` } : {},
  );
  let now = start;
  const gavel = await buildApp(config, { database, clock: () => now });
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
    },
  };
}

export const ADMIN = { authorization: 'Bearer test-admin-token-0123456789' };
