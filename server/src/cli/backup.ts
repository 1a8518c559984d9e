import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { backupResponse, errorResponse } from '@gavel/domain';
import { loadAdminToken, loadStorageConfig } from '../config';
import { copyBackup } from '../features/backup/archive';
import { runCommand } from './exit';
import { backupDirectly } from '../features/backup/direct';
import { backupsFolder } from '../features/backup/service';
import { runningServer } from '../lib/pidfile';
import { privateFilesFromNowOn } from '../lib/private-dir';

/**
 * npm run backup [-- DIR] : one backup file of the database and the kept secrets, into DIR
 * (default DATA_DIR/backups). PostgreSQL: pg_dump. The embedded database: through the running
 * server when there is one (only the process that has it open can read it consistently), else
 * directly.
 */

const size = (bytes: number) =>
  bytes < 1_048_576 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Moves the server's file from DATA_DIR/backups into `dir`, keeping its name (or the next free one). */
function moveInto(file: string, dir: string): string {
  if (dirname(file) === dir) return file;
  // A copy, then the original removed: DIR may be on another disk, where a rename cannot go.
  const placed = copyBackup(file, dir, new Date());
  rmSync(file);
  return placed;
}

/** The embedded database is open in a running server: it makes the backup, we move it where asked. */
async function backupThroughServer(port: number, dir: string): Promise<number> {
  const token = loadAdminToken();
  if (!token) {
    console.error("No admin token: set ADMIN_TOKEN to the running server's (it keeps none in DATA_DIR).");
    return 1;
  }
  const res = await fetch(`http://127.0.0.1:${port}/api/admin/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const data: unknown = await res.json().catch(() => undefined);
  const made = backupResponse.safeParse(data);
  if (res.ok && made.success) {
    const file = moveInto(made.data.file, dir);
    console.log(`Backup written: ${file} (${size(made.data.bytes)}; by the running server on port ${port})`);
    return 0;
  }
  const failure = errorResponse.safeParse(data);
  console.error(failure.success ? failure.data.message : `The server answered ${res.status}.`);
  return 1;
}

async function main(): Promise<number> {
  privateFilesFromNowOn();
  const storage = loadStorageConfig();
  const dir = resolve(process.argv[2] ?? backupsFolder(storage.dataDir));
  const server = storage.databaseUrl ? undefined : runningServer(storage.dataDir);
  if (server?.port !== undefined) return backupThroughServer(server.port, dir);
  if (server) {
    console.error(
      `A Gavel server (pid ${server.pid}) is starting on the embedded database in ${storage.dataDir}; run the backup again once it is running.`,
    );
    return 1;
  }
  const made = await backupDirectly({ storage, dir, now: new Date() });
  const what = made.manifest.kind === 'postgres' ? 'PostgreSQL, with pg_dump' : 'the embedded database';
  console.log(`Backup written: ${made.file} (${size(made.bytes)}; ${what})`);
  return 0;
}

runCommand(main);
