import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  copyFileSync,
  createWriteStream,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { create } from 'tar';

/**
 * The backup file: one gzipped tar named by its time (UTC), `gavel-2026-11-26T15-40-00Z.tar.gz`,
 * holding manifest.json, the database's dump and the kept secrets (see manifest.ts). Files are
 * written under a `.gavel-partial-` name in the same folder and renamed when complete, so a folder
 * never shows half a backup under a backup's name, and pruning never mistakes one for a backup.
 */
export const BACKUP_NAME = /^gavel-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z(?:-(\d+))?\.tar\.gz$/;
const PARTIAL = '.gavel-partial-';
/** A partial file or folder this old was left by a backup that died: the next backup into its folder removes it. */
const PARTIAL_LEFT_MS = 24 * 3_600_000;

/**
 * The pieces a backup is streamed in. Each piece waits for its turn on the event loop, behind
 * every request: at 16 KB (zlib's default) a busy server took a minute over a 40 MB database,
 * in a few large pieces it takes about a second.
 */
export const BIG_CHUNK = 4 * 1024 * 1024;

/** Refusals and failures with a sentence for the operator; the CLIs print the message alone. */
export class BackupError extends Error {}

export interface BackupFile {
  name: string;
  path: string;
  /** When it was made, from its name (a copy keeps its name, not always its file time). */
  at: Date;
}

/** The name of a backup made at `at`; the `n`th of the same second gets `-n`. */
export function backupFileName(at: Date, n = 1): string {
  const stamp = at.toISOString().slice(0, 19).replaceAll(':', '-');
  return `gavel-${stamp}Z${n > 1 ? `-${n}` : ''}.tar.gz`;
}

/** The time in a backup's name; undefined for any other name. */
export function backupTime(name: string): Date | undefined {
  const m = BACKUP_NAME.exec(name);
  if (!m) return undefined;
  const at = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** The backups in `dir` (files with a backup's name only), newest first; none when the folder does not exist. */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const found: BackupFile[] = [];
  for (const name of names) {
    const at = backupTime(name);
    if (at) found.push({ name, path: join(dir, name), at });
  }
  // Names sort by time; a -n suffix sorts after the plain name of the same second, as it was made after it.
  return found.sort((a, b) => b.at.getTime() - a.at.getTime() || suffixOf(b.name) - suffixOf(a.name));
}

const suffixOf = (name: string) => Number(BACKUP_NAME.exec(name)?.[5] ?? 1);

/** Removes all but the newest `keep` backups of `dir`; answers the names removed. Nothing else in the folder is touched. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const backup of old) rmSync(backup.path, { force: true });
  return old.map((b) => b.name);
}

/** The folder backups go to, private like DATA_DIR; leftovers of a backup that died there long ago are removed. */
export function prepareFolder(dir: string, now: Date): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(PARTIAL)) continue;
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat && now.getTime() - stat.mtimeMs > PARTIAL_LEFT_MS) rmSync(path, { recursive: true, force: true });
  }
}

/** A private folder in `dir` to gather a backup's parts in; the caller removes it. */
export function stagingFolder(dir: string): Promise<string> {
  return mkdtemp(join(dir, PARTIAL));
}

/** Makes sure what was written to `path` is on the disk before it is renamed into place. */
function flushToDisk(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Puts `from` in place under `path` unless a file has that name: a hard link fails rather than replace one. */
function takeName(from: string, path: string): boolean {
  try {
    linkSync(from, path);
    rmSync(from);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    // A filesystem without hard links: look, then rename (two backups in one second could then meet).
    if (statSync(path, { throwIfNoEntry: false })) return false;
    renameSync(from, path);
    return true;
  }
}

/** Moves `from` to a free backup name for `at` in `dir` (never over another backup); answers the new path. */
export function placeBackup(from: string, dir: string, at: Date): string {
  for (let n = 1; n < 1000; n++) {
    const path = join(dir, backupFileName(at, n));
    if (takeName(from, path)) return path;
  }
  throw new BackupError(`${dir} already holds a thousand backups made at ${at.toISOString()}.`);
}

/**
 * Packs the entries of `staging` (names relative to it, in this order) into one backup in `dir`.
 * The gzip runs on Node's thread pool, so a server making a backup keeps answering meanwhile.
 */
export async function packBackup({
  staging,
  entries,
  dir,
  at,
}: {
  staging: string;
  entries: string[];
  dir: string;
  at: Date;
}): Promise<{ file: string; bytes: number }> {
  const partial = `${staging}.tar.gz`;
  try {
    // portable: no owner names or ids from this machine, which mean nothing where it is restored.
    const tar = create({ cwd: staging, portable: true }, entries);
    const gzip = createGzip({ chunkSize: BIG_CHUNK });
    await pipeline(Readable.from(tar), gzip, createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
    flushToDisk(partial);
    const file = placeBackup(partial, dir, at);
    return { file, bytes: statSync(file).size };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Copies a backup into `dir` under its name (or the next free one), whole or not at all; answers the new path. */
export function copyBackup(file: string, dir: string, now: Date): string {
  prepareFolder(dir, now);
  const partial = join(dir, `${PARTIAL}${randomBytes(6).toString('hex')}.tar.gz`);
  try {
    copyFileSync(file, partial, constants.COPYFILE_EXCL);
    flushToDisk(partial);
    return placeBackup(partial, dir, backupTime(basename(file)) ?? now);
  } finally {
    rmSync(partial, { force: true });
  }
}
