import { spawn } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { basename, delimiter, join } from 'node:path';
import { onDatabase } from '../../db/one-connection';
import { BackupError } from './archive';
import type { DumpSource } from './make';
import { levelOf, MIGRATION_LEVEL_SQL, type MigrationLevel } from './manifest';

/**
 * PostgreSQL's side of backups: pg_dump and pg_restore, PostgreSQL's own tools, which know every
 * type, sequence and constraint and take a consistent snapshot while the servers keep writing.
 */
type Tool = 'pg_dump' | 'pg_restore';
/** Debian and Ubuntu keep each version's tools here, with only some on PATH. */
const VERSIONED = '/usr/lib/postgresql';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function versionFolders(versioned: string): string[] {
  try {
    return readdirSync(versioned)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a))
      .map((v) => join(versioned, v, 'bin'));
  } catch {
    return [];
  }
}

/** Where to look for the tools; tests point them elsewhere. */
export interface ToolPlaces {
  path: string;
  versioned: string;
}
const here = (): ToolPlaces => ({ path: process.env.PATH ?? '', versioned: VERSIONED });

/** Where `tool` is: on PATH first, else the newest version's under /usr/lib/postgresql (as .ci/run finds them). */
export function findTool(tool: Tool, places: ToolPlaces = here()): string | undefined {
  const folders = [...places.path.split(delimiter).filter(Boolean), ...versionFolders(places.versioned)];
  return folders.map((folder) => join(folder, tool)).find(executable);
}

/** The path of `tool`, or a refusal that says what to install. */
export function needTool(tool: Tool, places: ToolPlaces = here()): string {
  const found = findTool(tool, places);
  if (found) return found;
  throw new BackupError(
    `${tool} was not found (on PATH or in ${places.versioned}/*/bin): install PostgreSQL's client tools (for example apt-get install postgresql-client), of the server's version or newer.`,
  );
}

/** The database's URL without its password, which goes in the environment instead: any user of the machine may read a command line. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const own = new URL(url);
  const password = decodeURIComponent(own.password);
  own.password = '';
  return { dbname: own.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** The database's name and server, for messages: never its password. */
export function databaseLabel(url: string): string {
  const own = new URL(url);
  return `${own.pathname.slice(1) || 'postgres'} on ${own.hostname}${own.port ? `:${own.port}` : ''}`;
}

/** Runs one of the tools; a failure carries the last lines it wrote. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString()).slice(-4_000);
    });
    child.once('error', (err) => reject(new BackupError(`${tool} could not run: ${err.message}`)));
    child.once('close', (code) => {
      if (code === 0) return resolve();
      const last = said.trim().split('\n').slice(-4).join(' | ');
      reject(new BackupError(`${basename(tool)} failed (exit code ${code}): ${last}`));
    });
  });
}

const levelIn = (url: string) => onDatabase(url, async (c) => levelOf((await c.query(MIGRATION_LEVEL_SQL)).rows[0]));

/** PostgreSQL as a backup's source. Fails at once, with what to install, when pg_dump is missing. */
export function postgresSource(url: string): DumpSource {
  const pgDump = needTool('pg_dump');
  return {
    kind: 'postgres',
    level: () => levelIn(url),
    // pg_dump reads the whole database in one snapshot of its own, consistent however the servers
    // write meanwhile. Not compressed here: the backup file is gzipped as a whole.
    dump: async (path) => {
      const { dbname, env } = connection(url);
      await run(pgDump, ['--format=custom', '--compress=0', `--file=${path}`, `--dbname=${dbname}`], env);
    },
  };
}

/** Tables in the schemas Gavel uses (public, and drizzle's migrations): a restore goes only into a database with none. */
export function tablesIn(url: string): Promise<number> {
  return onDatabase(url, async (c) => {
    const { rows } = await c.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    return rows[0]?.n ?? 0;
  });
}

/**
 * Loads a pg_dump file into the (empty) database of `url`, in one transaction, so a restore that
 * fails leaves the database empty. Objects belong to the user of the URL, the one Gavel connects
 * as: the backup's owners and grants may name roles this server does not have.
 */
export async function restorePostgres(url: string, dump: string): Promise<MigrationLevel> {
  const pgRestore = needTool('pg_restore');
  const { dbname, env } = connection(url);
  const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, dump];
  await run(pgRestore, args, env);
  return levelIn(url);
}
