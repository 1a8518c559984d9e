import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { forgetTenants } from '../tenancy';

/**
 * In-memory PGlite databases for test apps. Starting one from the run's migrated copy costs most
 * of a second of CPU (a third of the PGlite pass); emptying one that a closed app left costs a
 * twentieth of that. So a closed app's database is emptied (every table truncated, its ids
 * restarted: as it was migrated) and kept for this worker's next app. A worker runs its test files
 * one after another (vitest.config.ts), so each file still has its database to itself.
 */
const spares: Database[] = [];
/** The instance's own properties when made: a test that replaced a method (to hold a query) leaves one more. */
const shapes = new WeakMap<Database, string>();
/** Emptying a database that a test left stuck (a query held forever) gives up after this; it is dropped. */
const EMPTY_TIMEOUT_MS = 5_000;

export async function pgliteDatabase(): Promise<Database> {
  const spare = spares.pop();
  if (spare) return spare;
  const database = await openDatabase({ from: migratedCopy() });
  shapes.set(database, shapeOf(database));
  return database;
}

/** Takes back a database whose app has closed: emptied for the next app, or closed if it cannot be trusted. */
export async function releasePglite(database: Database): Promise<void> {
  const { driver } = database;
  if (driver.kind !== 'pglite' || driver.client.closed || shapes.get(database) !== shapeOf(database))
    return database.close();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), EMPTY_TIMEOUT_MS);
  });
  const emptied = await Promise.race([
    empty(database).then(
      () => true,
      () => false,
    ),
    stuck,
  ]);
  clearTimeout(timer);
  if (!emptied) {
    void database.close().catch(() => undefined);
    return;
  }
  // The tenancy cache is keyed by the Drizzle instance, which the next app shares.
  forgetTenants(database.db);
  spares.push(database);
}

async function empty(database: Database): Promise<void> {
  if (database.driver.kind !== 'pglite') return;
  const { client } = database.driver;
  // A transaction a test left open ends here (outside one, PostgreSQL only warns).
  await client.exec('rollback');
  const { rows } = await client.query<{ name: string }>(
    `select format('%I', tablename) as name from pg_tables where schemaname = 'public'`,
  );
  await client.exec(`truncate ${rows.map((r) => r.name).join(', ')} restart identity cascade`);
}

const shapeOf = (database: Database) =>
  database.driver.kind === 'pglite' ? Object.keys(database.driver.client).join(',') : '';

/** The run's migrated PGlite database (test/pglite-snapshot.ts), read afresh for each; none outside Vitest's run. */
function migratedCopy(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  return file ? new Blob([readFileSync(file)]) : undefined;
}
