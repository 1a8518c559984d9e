import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extract } from 'tar';
import { BackupError } from './archive';
import {
  DATABASE_ENTRY,
  digestOf,
  type Manifest,
  MANIFEST_ENTRY,
  manifestSchema,
  SECRET_FILES,
  SECRETS_FOLDER,
} from './manifest';

/** A backup unpacked into a private folder of its own and checked against its manifest. */
export interface OpenedBackup {
  file: string;
  /** Where it was unpacked; dispose() removes it. */
  folder: string;
  manifest: Manifest;
  /** The database's dump in `folder`. */
  database: string;
  dispose(): void;
}

/** Only what a backup holds is unpacked: no other name, no link, nothing outside the folder. */
const ENTRIES = new Set<string>([
  MANIFEST_ENTRY,
  ...Object.values(DATABASE_ENTRY),
  SECRETS_FOLDER,
  `${SECRETS_FOLDER}/`,
  ...SECRET_FILES.map((name) => `${SECRETS_FOLDER}/${name}`),
]);

const wanted = (path: string, entry: object) =>
  ENTRIES.has(path) && 'type' in entry && (entry.type === 'File' || entry.type === 'Directory');

async function unpack(file: string, folder: string): Promise<void> {
  try {
    // strict: a damaged archive (bad gzip, bad tar header, cut short) fails instead of warning.
    await extract({ file, cwd: folder, strict: true, preserveOwner: false, filter: wanted });
  } catch (err) {
    throw new BackupError(`${file} is not a Gavel backup, or it is damaged: ${(err as Error).message}`);
  }
}

function readManifest(file: string, folder: string): Manifest {
  const path = join(folder, MANIFEST_ENTRY);
  if (!existsSync(path)) throw new BackupError(`${file} is not a Gavel backup: it has no ${MANIFEST_ENTRY}.`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new BackupError(`${file} is not a Gavel backup: its ${MANIFEST_ENTRY} is not JSON.`);
  }
  const format = typeof raw === 'object' && raw !== null && 'format' in raw ? raw.format : undefined;
  if (typeof format === 'number' && format > 1)
    throw new BackupError(`${file} was made by a newer Gavel (backup format ${format}): update Gavel, then restore.`);
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new BackupError(
      `${file} is not a Gavel backup: its ${MANIFEST_ENTRY} is not one Gavel writes (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}).`,
    );
  return parsed.data;
}

async function checkParts(file: string, folder: string, manifest: Manifest): Promise<string> {
  const database = join(folder, DATABASE_ENTRY[manifest.kind]);
  if (!existsSync(database))
    throw new BackupError(`${file} is damaged: it has no ${DATABASE_ENTRY[manifest.kind]}, the database's dump.`);
  const digest = await digestOf(database);
  if (digest.sha256 !== manifest.database.sha256 || digest.bytes !== manifest.database.bytes)
    throw new BackupError(`${file} is damaged: its database dump does not match the checksum in its manifest.`);
  const missing = manifest.secrets.filter((name) => !existsSync(join(folder, SECRETS_FOLDER, name)));
  if (missing.length > 0) throw new BackupError(`${file} is damaged: it lacks the kept secrets ${missing.join(', ')}.`);
  return database;
}

/** Unpacks and checks a backup file; refuses (BackupError) a missing, foreign or damaged one. The caller disposes it. */
export async function openBackup(file: string): Promise<OpenedBackup> {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new BackupError(`${file} does not exist.`);
  if (!stat.isFile()) throw new BackupError(`${file} is not a file.`);
  const folder = await mkdtemp(join(tmpdir(), 'gavel-restore-'));
  const dispose = () => rmSync(folder, { recursive: true, force: true });
  try {
    await unpack(file, folder);
    const manifest = readManifest(file, folder);
    const database = await checkParts(file, folder, manifest);
    return { file, folder, manifest, database, dispose };
  } catch (err) {
    dispose();
    throw err;
  }
}
