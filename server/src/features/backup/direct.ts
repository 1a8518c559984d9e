import type { StorageConfig } from '../../config';
import { claimDataDir } from '../../lib/pidfile';
import { BackupError } from './archive';
import { hasEmbeddedDatabase, openEmbedded, pgliteSource } from './embedded';
import { type MadeBackup, makeBackup } from './make';
import { postgresSource } from './postgres';

/**
 * A backup the CLI makes itself: of PostgreSQL with pg_dump (whatever servers run), or of the
 * embedded database when no server has it open (when one has, `npm run backup` asks that server:
 * cli/backup.ts). Holds DATA_DIR meanwhile, as `npm run import` does, so a server started during
 * the backup waits its turn.
 */
export async function backupDirectly({
  storage,
  dir,
  now,
}: {
  storage: StorageConfig;
  dir: string;
  now: Date;
}): Promise<MadeBackup> {
  const { dataDir, databaseUrl } = storage;
  if (databaseUrl) return makeBackup({ source: postgresSource(databaseUrl), dataDir, dir, now });
  if (!hasEmbeddedDatabase(dataDir))
    throw new BackupError(
      `There is no embedded database in ${dataDir} to back up: set DATA_DIR to the server's (or DATABASE_URL for PostgreSQL).`,
    );
  const taken = await claimDataDir(dataDir);
  if (!taken.ok)
    throw new BackupError(
      `A Gavel server (pid ${taken.holder.pid}) started on ${dataDir} meanwhile: run npm run backup again once it is running, and it will ask that server.`,
    );
  try {
    const client = await openEmbedded(dataDir);
    try {
      return await makeBackup({ source: pgliteSource(client), dataDir, dir, now });
    } finally {
      await client.close();
    }
  } finally {
    taken.claim.release();
  }
}
