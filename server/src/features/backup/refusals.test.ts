import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { create, extract } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { onDatabase } from '../../test/pg-template';
import { BackupError } from './archive';
import { cleanUp, emptyPostgres, tempDir } from './backup-fixtures';
import { type DumpSource, makeBackup } from './make';
import { type BackupKind, knownMigrations, levelOf, type MigrationLevel } from './manifest';
import { databaseLabel, findTool, needTool } from './postgres';
import { restoreBackup } from './restore';

/**
 * What `npm run restore` refuses, each with its sentence, before it writes anything: a missing,
 * foreign or damaged file, a backup of the other kind of database, one from a newer Gavel, a
 * target that is not empty, secrets that would change. The backups here are made by the real
 * writer around a stand-in dump: every refusal comes before a dump is loaded.
 */
afterAll(cleanUp);

const now = new Date('2026-12-01T18:00:00Z');
const newest = knownMigrations().at(-1);
const current: MigrationLevel = levelOf({ applied: knownMigrations().length, at: newest?.when ?? 0 });

function standIn(kind: BackupKind, level: MigrationLevel = current): DumpSource {
  return { kind, level: async () => level, dump: async (path) => writeFileSync(path, 'a dump') };
}

/** A backup file of `kind` made from a DATA_DIR holding `secrets`. */
async function backupOf(kind: BackupKind, opts: { level?: MigrationLevel; secrets?: Record<string, string> } = {}) {
  const dataDir = tempDir();
  for (const [name, value] of Object.entries(opts.secrets ?? {})) writeFileSync(join(dataDir, name), value);
  const made = await makeBackup({ source: standIn(kind, opts.level), dataDir, dir: tempDir(), now });
  return made.file;
}

async function refusal(file: string, storage: { dataDir?: string; databaseUrl?: string } = {}): Promise<string> {
  const dataDir = storage.dataDir ?? join(tempDir(), 'data');
  const err: unknown = await restoreBackup(file, { dataDir, databaseUrl: storage.databaseUrl }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackupError);
  // Nothing was written into a target that was not there before.
  if (!storage.dataDir) expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  return (err as Error).message;
}

/** A backup unpacked, changed by `change`, and packed again as a gzipped tar. */
async function altered(file: string, change: (folder: string) => void): Promise<string> {
  const folder = tempDir();
  await extract({ file, cwd: folder });
  change(folder);
  const out = join(tempDir(), 'altered.tar.gz');
  await create({ gzip: true, file: out, cwd: folder }, ['manifest.json', 'database.tar']);
  return out;
}

describe('a file that is not a sound backup', () => {
  it('is refused when missing, foreign, cut short or altered', async () => {
    expect(await refusal('/nowhere/gavel.tar.gz')).toBe('/nowhere/gavel.tar.gz does not exist.');
    const junk = join(tempDir(), 'junk.tar.gz');
    writeFileSync(junk, 'not an archive at all');
    expect(await refusal(junk)).toBe(
      `${junk} is not a Gavel backup, or it is damaged: TAR_BAD_ARCHIVE: Unrecognized archive format`,
    );
    const good = await backupOf('pglite');
    const cut = join(tempDir(), 'cut.tar.gz');
    writeFileSync(cut, readFileSync(good).subarray(0, 200));
    expect(await refusal(cut)).toMatch(/is not a Gavel backup, or it is damaged: .*(unexpected end of file|TAR_)/);

    const other = tempDir();
    writeFileSync(join(other, 'notes.txt'), 'hello');
    const foreign = join(tempDir(), 'foreign.tar.gz');
    await create({ gzip: true, file: foreign, cwd: other }, ['notes.txt']);
    expect(await refusal(foreign)).toBe(`${foreign} is not a Gavel backup: it has no manifest.json.`);

    const tampered = await altered(good, (f) => writeFileSync(join(f, 'database.tar'), 'another dump'));
    expect(await refusal(tampered)).toBe(
      `${tampered} is damaged: its database dump does not match the checksum in its manifest.`,
    );
    const future = await altered(good, (f) => {
      const manifest = JSON.parse(readFileSync(join(f, 'manifest.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(join(f, 'manifest.json'), JSON.stringify({ ...manifest, format: 2 }));
    });
    expect(await refusal(future)).toBe(
      `${future} was made by a newer Gavel (backup format 2): update Gavel, then restore.`,
    );
  });

  it('is refused when a newer Gavel made it', async () => {
    const later = { applied: current.applied + 1, at: current.at + 1000, last: '0099_future' };
    expect(await refusal(await backupOf('pglite', { level: later }))).toBe(
      `This backup was made by a newer Gavel (database migration 0099_future; this one knows up to ${newest?.tag}): update Gavel, then restore.`,
    );
  });
});

describe('a backup of the other kind of database', () => {
  it('refuses an embedded backup while DATABASE_URL is set, and a PostgreSQL one without it', async () => {
    expect(await refusal(await backupOf('pglite'), { databaseUrl: 'postgres://gavel@127.0.0.1:1/none' })).toBe(
      'This is a backup of the embedded database (PGlite), but DATABASE_URL is set: unset DATABASE_URL to restore it into DATA_DIR.',
    );
    expect(await refusal(await backupOf('postgres'))).toBe(
      'This is a backup of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it there.',
    );
  });
});

describe('a target that is not empty', () => {
  it('refuses a DATA_DIR that holds an embedded database, and leaves it as it was', async () => {
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'pglite'));
    writeFileSync(join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    expect(await refusal(await backupOf('pglite'), { dataDir })).toBe(
      `${dataDir} already holds an embedded database (${join(dataDir, 'pglite')}): restore into an empty data directory (another DATA_DIR), or move that folder away first.`,
    );
    expect(readFileSync(join(dataDir, 'pglite', 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
  });

  it('refuses to change a kept secret that differs from the backup’s, and writes nothing', async () => {
    const file = await backupOf('pglite', { secrets: { 'jwt-secret': 'the backup’s key\n', 'admin-token': 'same\n' } });
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'jwt-secret'), 'another key\n');
    writeFileSync(join(dataDir, 'admin-token'), 'same\n');
    expect(await refusal(file, { dataDir })).toBe(
      `${dataDir} already holds other secrets than the backup's (jwt-secret): restoring would change them silently. Restore into an empty data directory, or move those files away first.`,
    );
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe('another key\n');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('refuses a PostgreSQL database that has tables', async () => {
    const url = await emptyPostgres(process.env.TEST_DATABASE_URL ?? '');
    await onDatabase(url, (c) => c.query('create table bidders (id int)'));
    const dataDir = tempDir();
    expect(await refusal(await backupOf('postgres'), { dataDir, databaseUrl: url })).toBe(
      `The database ${databaseLabel(url)} already has 1 table(s): restore into an empty database (createdb a new one and set DATABASE_URL to it).`,
    );
  });
});

describe("PostgreSQL's tools", () => {
  it('are found on PATH or in a version folder, and their absence is said in one line', () => {
    const bin = join(tempDir(), 'bin');
    mkdirSync(bin);
    const versioned = tempDir();
    expect(findTool('pg_dump', { path: bin, versioned })).toBeUndefined();
    mkdirSync(join(versioned, '15', 'bin'), { recursive: true });
    writeFileSync(join(versioned, '15', 'bin', 'pg_dump'), '#!/bin/sh\n', { mode: 0o755 });
    expect(findTool('pg_dump', { path: bin, versioned })).toBe(join(versioned, '15', 'bin', 'pg_dump'));
    writeFileSync(join(bin, 'pg_dump'), '#!/bin/sh\n', { mode: 0o755 });
    expect(findTool('pg_dump', { path: bin, versioned })).toBe(join(bin, 'pg_dump'));
    rmSync(join(bin, 'pg_dump'));
    rmSync(join(versioned, '15'), { recursive: true });
    expect(() => needTool('pg_restore', { path: bin, versioned })).toThrow(
      `pg_restore was not found (on PATH or in ${versioned}/*/bin): install PostgreSQL's client tools (for example apt-get install postgresql-client), of the server's version or newer.`,
    );
  });
});
