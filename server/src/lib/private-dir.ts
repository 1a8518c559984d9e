import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds password hashes, personal data, processor keys and the signing secret: only the
 * account that runs Gavel may read or write any of it. Called once at start, before the database
 * opens. Files and folders made before (by an older version, or copied in) are closed too.
 */
export function keepPrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  closeAll(dir);
}

/**
 * Everything this process creates from now on is its owner's alone: the embedded database writes
 * its files with the default mode, which the umask would otherwise leave readable (or writable)
 * by everyone. Only the entry points call this; a library must not change a process's umask.
 */
export function privateFilesFromNowOn(): void {
  process.umask(0o077);
}

function closeAll(path: string): void {
  const stat = lstatSync(path);
  // A link is not followed: its target may be anywhere.
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(path, 0o700);
    for (const name of readdirSync(path)) closeAll(join(path, name));
    return;
  }
  // Group and others lose everything; the owner keeps what they had (an executable stays one).
  if ((stat.mode & 0o077) !== 0) chmodSync(path, stat.mode & 0o700);
}
