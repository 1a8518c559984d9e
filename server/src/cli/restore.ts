import { loadStorageConfig } from '../config';
import { restoreBackup } from '../features/backup/restore';
import { privateFilesFromNowOn } from '../lib/private-dir';
import { runCommand } from './exit';

/**
 * npm run restore -- FILE : a backup (npm run backup) into an empty DATA_DIR (the embedded
 * database) or an empty PostgreSQL database (DATABASE_URL), with the kept secrets it carries.
 * Anything that would replace data is refused with a sentence, before anything is written.
 */
async function main(): Promise<number> {
  privateFilesFromNowOn();
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run restore -- path/to/gavel-2026-11-26T15-40-00Z.tar.gz');
    return 2;
  }
  for (const line of await restoreBackup(file, loadStorageConfig())) console.log(line);
  return 0;
}

runCommand(main);
