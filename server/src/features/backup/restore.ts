import type { StorageConfig } from '../../config';
import { claimDataDir, runningServer } from '../../lib/pidfile';
import { keepPrivate } from '../../lib/private-dir';
import { BackupError } from './archive';
import { embeddedFolder, embeddedFolderInUse, restoreEmbedded } from './embedded';
import { type Manifest, type MigrationLevel, tooNewProblem } from './manifest';
import { databaseLabel, needTool, restorePostgres, tablesIn } from './postgres';
import { restoreSecrets, secretConflicts } from './secrets';
import { type OpenedBackup, openBackup } from './unpack';

/**
 * `npm run restore -- FILE`: a backup into an EMPTY place only, the embedded database into a
 * DATA_DIR without one, a PostgreSQL backup into a database without Gavel's tables. Everything
 * that could refuse is checked before anything is written; a restore never replaces data.
 */

const kindName = (kind: Manifest['kind']) => (kind === 'pglite' ? 'the embedded database' : 'PostgreSQL');

/** A backup of one kind goes back into a database of the same kind only: the dumps are not interchangeable. */
function mismatch(manifest: Manifest, storage: StorageConfig): string | undefined {
  if (manifest.kind === 'pglite' && storage.databaseUrl)
    return 'This is a backup of the embedded database (PGlite), but DATABASE_URL is set: unset DATABASE_URL to restore it into DATA_DIR.';
  if (manifest.kind === 'postgres' && !storage.databaseUrl)
    return 'This is a backup of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it there.';
  return undefined;
}

/** Refusals that need only the file and DATA_DIR, checked first. */
function refusals(backup: OpenedBackup, storage: StorageConfig): void {
  const wrongKind = mismatch(backup.manifest, storage);
  if (wrongKind) throw new BackupError(wrongKind);
  const tooNew = tooNewProblem(backup.manifest.migration);
  if (tooNew) throw new BackupError(tooNew);
  const clashes = secretConflicts(storage.dataDir, backup.folder, backup.manifest.secrets);
  if (clashes.length > 0)
    throw new BackupError(
      `${storage.dataDir} already holds other secrets than the backup's (${clashes.join(', ')}): restoring would change them silently. Restore into an empty data directory, or move those files away first.`,
    );
}

/** What a restore put in place: the database's level, and the kept secrets it wrote. */
interface Restored {
  level: MigrationLevel;
  secrets: string[];
}

/** Into DATA_DIR's embedded database, holding DATA_DIR meanwhile so that no server starts on it halfway. */
async function intoEmbedded(storage: StorageConfig, backup: OpenedBackup): Promise<Restored> {
  const { dataDir } = storage;
  const server = runningServer(dataDir);
  if (server)
    throw new BackupError(
      `A Gavel server (pid ${server.pid}) is using ${dataDir}: stop it, and restore into an empty data directory.`,
    );
  keepPrivate(dataDir);
  const taken = await claimDataDir(dataDir);
  if (!taken.ok)
    throw new BackupError(
      `A Gavel server (pid ${taken.holder.pid}) started on ${dataDir}: stop it, and restore into an empty data directory.`,
    );
  try {
    if (embeddedFolderInUse(dataDir))
      throw new BackupError(
        `${dataDir} already holds an embedded database (${embeddedFolder(dataDir)}): restore into an empty data directory (another DATA_DIR), or move that folder away first.`,
      );
    const level = await restoreEmbedded(dataDir, backup.database);
    return { level, secrets: restoreSecrets(dataDir, backup.folder, backup.manifest.secrets) };
  } finally {
    taken.claim.release();
  }
}

async function intoPostgres(storage: StorageConfig, url: string, backup: OpenedBackup): Promise<Restored> {
  // Refused now, with what to install, rather than after the checks below.
  needTool('pg_restore');
  const tables = await tablesIn(url);
  if (tables > 0)
    throw new BackupError(
      `The database ${databaseLabel(url)} already has ${tables} table(s): restore into an empty database (createdb a new one and set DATABASE_URL to it).`,
    );
  const level = await restorePostgres(url, backup.database);
  keepPrivate(storage.dataDir);
  return { level, secrets: restoreSecrets(storage.dataDir, backup.folder, backup.manifest.secrets) };
}

/** Restores `file` where the configuration points; answers the lines to print. Refusals throw BackupError. */
export async function restoreBackup(file: string, storage: StorageConfig): Promise<string[]> {
  const backup = await openBackup(file);
  try {
    refusals(backup, storage);
    const { manifest } = backup;
    const url = storage.databaseUrl;
    const { level, secrets } = url ? await intoPostgres(storage, url, backup) : await intoEmbedded(storage, backup);
    const target = url ? databaseLabel(url) : embeddedFolder(storage.dataDir);
    const kept = manifest.secrets.filter((name) => !secrets.includes(name));
    return [
      `Restored the backup of ${kindName(manifest.kind)} made ${manifest.createdat} by Gavel ${manifest.version} into ${target} (database migration ${level.last}).`,
      ...(secrets.length > 0 ? [`Kept secrets put back in ${storage.dataDir}: ${secrets.join(', ')}.`] : []),
      ...(kept.length > 0 ? [`Kept secrets already there, the same as the backup's: ${kept.join(', ')}.`] : []),
      'Start Gavel (npm start) on it: any newer migrations are applied then, as at every start.',
    ];
  } finally {
    backup.dispose();
  }
}
