import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadStorageConfig } from '../../config';
import { backupFileName, backupTime, listBackups, placeBackup, prepareFolder, pruneBackups } from './archive';
import { backupDue } from './service';

/** The backup files' names, the folder's listing and pruning, when the automatic backup is due, its settings. */
const dir = mkdtempSync(join(tmpdir(), 'gavel-backup-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = new Date('2026-11-26T15:40:00.250Z');
const HOUR = 3_600_000;

describe('a backup’s name', () => {
  it('says when it was made, in UTC, and the same second twice gets a number', () => {
    expect(backupFileName(at)).toBe('gavel-2026-11-26T15-40-00Z.tar.gz');
    expect(backupFileName(at, 2)).toBe('gavel-2026-11-26T15-40-00Z-2.tar.gz');
    expect(backupTime('gavel-2026-11-26T15-40-00Z-2.tar.gz')).toEqual(new Date('2026-11-26T15:40:00Z'));
    for (const other of [
      'gavel-2026-11-26.tar.gz',
      'notes.txt',
      'gavel-2026-13-40T99-00-00Z.tar.gz',
      'x-gavel-2026-11-26T15-40-00Z.tar.gz',
    ])
      expect(backupTime(other)).toBeUndefined();
  });
});

describe('the backups folder', () => {
  it('never puts a backup over another made the same second', () => {
    const folder = join(dir, 'same-second');
    mkdirSync(folder);
    const placed = ['first', 'second'].map((text) => {
      writeFileSync(join(folder, '.gavel-partial-x'), text);
      return placeBackup(join(folder, '.gavel-partial-x'), folder, at);
    });
    expect(placed).toEqual([
      join(folder, 'gavel-2026-11-26T15-40-00Z.tar.gz'),
      join(folder, 'gavel-2026-11-26T15-40-00Z-2.tar.gz'),
    ]);
    expect(placed.map((p) => readFileSync(p, 'utf8'))).toEqual(['first', 'second']);
    expect(readdirSync(folder)).toHaveLength(2);
  });

  it('lists backups newest first and prunes only them, down to the newest N', () => {
    const folder = join(dir, 'prune');
    mkdirSync(folder);
    const times = [0, 1, 2, 3, 4].map((d) => new Date(at.getTime() - d * 24 * HOUR));
    for (const time of times) writeFileSync(join(folder, backupFileName(time)), 'b');
    writeFileSync(join(folder, backupFileName(times[0] ?? at, 2)), 'b');
    for (const other of ['notes.txt', 'gavel-manual.tar.gz', 'database.tar']) writeFileSync(join(folder, other), 'x');
    expect(listBackups(folder).map((b) => b.name)).toEqual([
      'gavel-2026-11-26T15-40-00Z-2.tar.gz',
      'gavel-2026-11-26T15-40-00Z.tar.gz',
      'gavel-2026-11-25T15-40-00Z.tar.gz',
      'gavel-2026-11-24T15-40-00Z.tar.gz',
      'gavel-2026-11-23T15-40-00Z.tar.gz',
      'gavel-2026-11-22T15-40-00Z.tar.gz',
    ]);
    expect(pruneBackups(folder, 3)).toEqual([
      'gavel-2026-11-24T15-40-00Z.tar.gz',
      'gavel-2026-11-23T15-40-00Z.tar.gz',
      'gavel-2026-11-22T15-40-00Z.tar.gz',
    ]);
    expect(readdirSync(folder).sort()).toEqual([
      'database.tar',
      'gavel-2026-11-25T15-40-00Z.tar.gz',
      'gavel-2026-11-26T15-40-00Z-2.tar.gz',
      'gavel-2026-11-26T15-40-00Z.tar.gz',
      'gavel-manual.tar.gz',
      'notes.txt',
    ]);
    expect(listBackups(join(dir, 'no-such-folder'))).toEqual([]);
  });

  it('removes what a backup that died left a day ago, not what one in progress is writing', () => {
    const folder = join(dir, 'partial');
    mkdirSync(folder);
    writeFileSync(join(folder, '.gavel-partial-old.tar.gz'), 'x');
    const old = (Date.now() - 25 * HOUR) / 1000;
    utimesSync(join(folder, '.gavel-partial-old.tar.gz'), old, old);
    writeFileSync(join(folder, '.gavel-partial-now.tar.gz'), 'x');
    prepareFolder(folder, new Date());
    expect(existsSync(join(folder, '.gavel-partial-old.tar.gz'))).toBe(false);
    expect(existsSync(join(folder, '.gavel-partial-now.tar.gz'))).toBe(true);
  });
});

describe('the automatic backup', () => {
  it('is due with no backup yet, or once the newest is BACKUP_EVERY_HOURS old', () => {
    expect(backupDue(undefined, at, 24)).toBe(true);
    expect(backupDue(new Date(at.getTime() - 23 * HOUR), at, 24)).toBe(false);
    expect(backupDue(new Date(at.getTime() - 24 * HOUR), at, 24)).toBe(true);
    expect(backupDue(new Date(at.getTime() - 2 * HOUR), at, 1)).toBe(true);
  });

  it('takes BACKUP_EVERY_HOURS and BACKUP_KEEP from the environment, with a message for a bad value', () => {
    const env = { DATA_DIR: join(dir, 'config'), JWT_SECRET: 'j'.repeat(40), ADMIN_TOKEN: 'a'.repeat(20) };
    expect(loadConfig(env)).toMatchObject({ backupEveryHours: 24, backupKeep: 7 });
    expect(loadConfig({ ...env, BACKUP_EVERY_HOURS: '0', BACKUP_KEEP: '30' })).toMatchObject({
      backupEveryHours: 0,
      backupKeep: 30,
    });
    const refused = (extra: Record<string, string>) => {
      try {
        loadConfig({ ...env, ...extra });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      return 'accepted';
    };
    expect(refused({ BACKUP_KEEP: '0' })).toBe(
      'Invalid configuration:\n  BACKUP_KEEP: must be a whole number of backups to keep, at least 1',
    );
    expect(refused({ BACKUP_KEEP: 'all' })).toContain('BACKUP_KEEP: must be a whole number of backups to keep');
    expect(refused({ BACKUP_EVERY_HOURS: 'daily' })).toBe(
      'Invalid configuration:\n  BACKUP_EVERY_HOURS: must be a whole number of hours (24 for a daily backup), or 0 to turn the automatic backup off',
    );
    expect(refused({ BACKUP_EVERY_HOURS: '9000' })).toBe(
      'Invalid configuration:\n  BACKUP_EVERY_HOURS: must be at most 8760 hours (a year)',
    );
  });

  it('finds where the data lives without making secrets (for a restore)', () => {
    const empty = join(dir, 'fresh');
    expect(loadStorageConfig({ DATA_DIR: empty })).toEqual({ dataDir: empty, databaseUrl: undefined });
    expect(existsSync(empty)).toBe(false);
    expect(() => loadStorageConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      'Invalid configuration:\n  DATABASE_URL: must start with postgres:// or postgresql://',
    );
  });
});
