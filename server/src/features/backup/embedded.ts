import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { keepPrivate } from '../../lib/private-dir';
import { BIG_CHUNK } from './archive';
import type { DumpSource } from './make';
import { levelOf, MIGRATION_LEVEL_SQL, type MigrationLevel } from './manifest';

/** The embedded database's folder in DATA_DIR, where db/client.ts opens it. */
export const embeddedFolder = (dataDir: string) => join(dataDir, 'pglite');

/** Whether DATA_DIR holds an embedded database (PostgreSQL writes PG_VERSION when it makes a cluster). */
export const hasEmbeddedDatabase = (dataDir: string) => existsSync(join(embeddedFolder(dataDir), 'PG_VERSION'));

/** Whether the embedded database's folder holds anything: a restore goes only into an empty one. */
export function embeddedFolderInUse(dataDir: string): boolean {
  const folder = embeddedFolder(dataDir);
  return existsSync(folder) && readdirSync(folder).length > 0;
}

async function writeBlob(blob: Blob, path: string): Promise<void> {
  const file = await open(path, 'wx', 0o600);
  try {
    // In pieces: the dump is in memory once already, a second whole copy is not needed.
    for (let at = 0; at < blob.size; at += BIG_CHUNK)
      await file.write(new Uint8Array(await blob.slice(at, at + BIG_CHUNK).arrayBuffer()));
  } finally {
    await file.close();
  }
}

/**
 * The embedded database as a backup's source. Only the process that has it open can read it
 * consistently: the running server (through its admin call or its daily job), or the CLI when no
 * server runs.
 *
 * PGlite runs one statement at a time, and dumpDataDir copies the data directory between two of
 * them, in one synchronous pass: the files as they are at that instant, as PostgreSQL would find
 * them after a power cut. Every committed transaction is in them (in the tables or in the
 * write-ahead log, which is written at commit); a transaction still open is rolled back when the
 * restored copy starts. It is not compressed here: that would hold every query back meanwhile.
 */
export function pgliteSource(client: PGlite): DumpSource {
  return {
    kind: 'pglite',
    level: async () => levelOf((await client.query(MIGRATION_LEVEL_SQL)).rows[0]),
    dump: async (path) => writeBlob(await client.dumpDataDir('none'), path),
  };
}

/** Opens DATA_DIR's embedded database as it is, for a backup: no migration, no new cluster. */
export async function openEmbedded(dataDir: string): Promise<PGlite> {
  const client = new PGlite(embeddedFolder(dataDir));
  await client.waitReady;
  return client;
}

/**
 * Unpacks a backup's dump as DATA_DIR's embedded database, which must not exist yet, and starts it
 * once (recovery runs then); answers its migration level. If anything fails the folder is removed
 * again, so DATA_DIR is left as it was found.
 */
export async function restoreEmbedded(dataDir: string, dump: string): Promise<MigrationLevel> {
  const folder = embeddedFolder(dataDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  try {
    const blob = new Blob([await readFile(dump)], { type: 'application/x-tar' });
    const client = new PGlite(folder, { loadDataDir: blob });
    await client.waitReady;
    try {
      return levelOf((await client.query(MIGRATION_LEVEL_SQL)).rows[0]);
    } finally {
      await client.close();
      // PGlite unpacks with files open to everyone whatever the umask (db/client.ts says the same).
      keepPrivate(folder);
    }
  } catch (err) {
    rmSync(folder, { recursive: true, force: true });
    throw err;
  }
}
