import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_VERSION } from '@gavel/domain';
import { packBackup, prepareFolder, stagingFolder } from './archive';
import {
  type BackupKind,
  DATABASE_ENTRY,
  digestOf,
  type Manifest,
  MANIFEST_ENTRY,
  type MigrationLevel,
  SECRETS_FOLDER,
} from './manifest';
import { stageSecrets } from './secrets';

/** Where a backup's database comes from: the embedded one (embedded.ts) or PostgreSQL (postgres.ts). */
export interface DumpSource {
  kind: BackupKind;
  /** The database's migration level, read before the dump (migrations run only at a server's start). */
  level(): Promise<MigrationLevel>;
  /** Writes one consistent dump of the whole database to `path` (a new file, private). */
  dump(path: string): Promise<void>;
}

export interface MadeBackup {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/**
 * Makes one backup file in `dir`: the database's dump, the kept secrets of `dataDir` and the
 * manifest, gathered in a private folder there and packed into a file renamed into place when
 * complete. `now` names the file and is the manifest's time.
 */
export async function makeBackup({
  source,
  dataDir,
  dir,
  now,
}: {
  source: DumpSource;
  dataDir: string;
  dir: string;
  now: Date;
}): Promise<MadeBackup> {
  prepareFolder(dir, now);
  const staging = await stagingFolder(dir);
  try {
    const migration = await source.level();
    const database = DATABASE_ENTRY[source.kind];
    await source.dump(join(staging, database));
    const secrets = stageSecrets(dataDir, staging);
    const manifest: Manifest = {
      gavel: 'backup',
      format: 1,
      kind: source.kind,
      createdat: now.toISOString(),
      version: APP_VERSION,
      migration,
      database: await digestOf(join(staging, database)),
      secrets,
    };
    writeFileSync(join(staging, MANIFEST_ENTRY), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
    // The manifest first, so that a reader learns what the file is before the large part.
    const entries = [MANIFEST_ENTRY, database, ...(secrets.length > 0 ? [SECRETS_FOLDER] : [])];
    const packed = await packBackup({ staging, entries, dir, at: now });
    return { ...packed, manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
