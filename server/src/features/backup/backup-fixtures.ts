import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { appOnDatabase, type TestApp } from '../../test/harness';
import { databaseUrl, onServer, scratchPrefix } from '../../test/pg-template';

/**
 * Apps for the backup tests on the database a real server has: PGlite in a DATA_DIR on disk, or
 * (with TEST_DATABASE_URL) a PostgreSQL database of their own. Unlike the harness's, their signing
 * key and admin token are generated and kept in DATA_DIR, as `npm start` keeps them, so that a
 * backup has them to carry and a restore has them to put back.
 */
const dirs: string[] = [];
const databases: string[] = [];

export function tempDir(prefix = 'gavel-backup-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A new, empty database on the test server (no template: a restore needs one without tables); dropped by cleanUp(). */
export async function emptyPostgres(url: string): Promise<string> {
  const name = `${scratchPrefix(inject('pgTemplate'))}restore_${randomBytes(5).toString('hex')}`;
  await onServer(url, `CREATE DATABASE "${name}"`);
  databases.push(name);
  return databaseUrl(url, name);
}

/** Removes the folders and databases these tests made. */
export async function cleanUp(): Promise<void> {
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  const url = process.env.TEST_DATABASE_URL;
  for (const name of databases.splice(0))
    if (url) await onServer(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/**
 * A test app on DATA_DIR `dataDir` and the database `url` names (the embedded one in `dataDir`
 * when absent), opened and migrated as at a server's start. Its clock stands at `now`.
 */
export async function appOn(dataDir: string, url: string | undefined, now: Date): Promise<TestApp> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(url ? { DATABASE_URL: url } : {}),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const database = await openDatabase({ url, dir: url ? undefined : dataDir });
  return appOnDatabase(config, database, now, {}, () => database.close());
}

/** The admin call's header for an app of these tests (its token is kept in DATA_DIR). */
export const adminOf = (t: TestApp) => ({ authorization: `Bearer ${t.config.adminToken}` });

/** A first app for a test: on its own DATA_DIR, and on PostgreSQL its own empty database, migrated at start. */
export async function firstApp(now: Date): Promise<{ t: TestApp; dataDir: string; url: string | undefined }> {
  const dataDir = tempDir();
  const server = process.env.TEST_DATABASE_URL;
  const url = server ? await emptyPostgres(server) : undefined;
  return { t: await appOn(dataDir, url, now), dataDir, url };
}
