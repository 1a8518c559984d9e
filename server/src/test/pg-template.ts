import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { onDatabase } from '../db/one-connection';

export { onDatabase };

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database on TEST_DATABASE_URL's server that each test file's database copies, or '' on PGlite. */
    pgTemplate: string;
  }
}

/** Runs one statement on the server of `url` (the maintenance database), on a connection of its own. */
export async function onServer(url: string, statement: string): Promise<void> {
  await onDatabase(url, (client) => client.query(statement));
}

/** How the names of a run's test databases start (its template's, or a plain prefix outside a run that made one). */
export function scratchPrefix(template: string): string {
  return template ? `${template.replace('gavel_template_', 'gavel_t_')}_` : 'gavel_t_';
}

/** `url` with another database name. */
export function databaseUrl(url: string, name: string): string {
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

/**
 * Vitest's global setup on PostgreSQL: migrates one database per run, which every test file's
 * database is then created from (`CREATE DATABASE … TEMPLATE`, a file copy) instead of migrating
 * its own from nothing. The harness still runs the migrations on each copy (nothing to do when
 * nothing is new), so a copy can never lag the migrations folder.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('pgTemplate', '');
    return async () => undefined;
  }
  const name = `gavel_template_${randomBytes(6).toString('hex')}`;
  await onServer(url, `CREATE DATABASE "${name}"`);
  // Closed before any test starts: a template being read by a session cannot be copied.
  const database = await openDatabase({ url: databaseUrl(url, name) });
  await database.close();
  project.provide('pgTemplate', name);
  return async () => {
    // The test files' databases the workers kept for reuse (harness.ts), then the template.
    const left = await onDatabase(url, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where starts_with(datname, $1)`,
        [scratchPrefix(name)],
      );
      return rows.map((r) => r.datname);
    });
    for (const db of left) await onServer(url, `DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
    await onServer(url, `DROP DATABASE IF EXISTS "${name}"`);
  };
}
