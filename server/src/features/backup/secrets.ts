import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type SecretFile, SECRET_FILES, SECRETS_FOLDER } from './manifest';

/**
 * The secrets Gavel generated and keeps in DATA_DIR (config.ts: the signing key, the admin token,
 * the push keys). A backup carries them so that after a restore the bidders' tokens, the admin
 * token and the devices' push subscriptions still work.
 */

/** Copies the kept secrets of `dataDir` into the staging folder; answers the ones there were. */
export function stageSecrets(dataDir: string, staging: string): SecretFile[] {
  const found = SECRET_FILES.filter((name) => existsSync(join(dataDir, name)));
  if (found.length === 0) return [];
  mkdirSync(join(staging, SECRETS_FOLDER), { mode: 0o700 });
  for (const name of found) copyFileSync(join(dataDir, name), join(staging, SECRETS_FOLDER, name));
  return found;
}

const same = (a: string, b: string) => readFileSync(a, 'utf8').trim() === readFileSync(b, 'utf8').trim();

/** The backup's secrets that DATA_DIR already holds with another value: a restore must not replace them unasked. */
export function secretConflicts(dataDir: string, unpacked: string, names: readonly string[]): string[] {
  return names.filter((name) => {
    const kept = join(dataDir, name);
    return existsSync(kept) && !same(kept, join(unpacked, SECRETS_FOLDER, name));
  });
}

/** Writes the backup's secrets that DATA_DIR lacks (never over a file: checked before, and 'wx'); answers those written. */
export function restoreSecrets(dataDir: string, unpacked: string, names: readonly string[]): string[] {
  const written: string[] = [];
  for (const name of names) {
    const kept = join(dataDir, name);
    if (existsSync(kept)) continue;
    writeFileSync(kept, readFileSync(join(unpacked, SECRETS_FOLDER, name)), { mode: 0o600, flag: 'wx' });
    written.push(name);
  }
  return written;
}
