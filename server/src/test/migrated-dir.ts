import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

/**
 * Puts the run's migrated database (test/pglite-snapshot.ts) in `dataDir` as the server's embedded
 * database, for a test that starts the real server but is not about its first start: a server's
 * first start on a new directory creates the cluster (PGlite's initdb, about 6 s of CPU here), a
 * start on this one only opens it (the migrations are then a no-op, as at any restart). Answers
 * `dataDir`.
 */
export async function withMigratedDatabase(dataDir: string): Promise<string> {
  const snapshot = inject('pgliteSnapshot');
  if (!snapshot) throw new Error('withMigratedDatabase: the run has no PGlite snapshot (a PostgreSQL pass)');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Where the server keeps it (db/client.ts: DATA_DIR/pglite).
  const client = new PGlite(join(dataDir, 'pglite'), { loadDataDir: new Blob([readFileSync(snapshot)]) });
  await client.waitReady;
  await client.close();
  return dataDir;
}
