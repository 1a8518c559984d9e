import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbKind = 'pglite' | 'postgres';

/**
 * The driver under Drizzle, for the few hot statements that skip its query builder
 * (db/prepared.ts): the pool for PostgreSQL, the embedded instance for PGlite.
 */
export type Driver = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; client: PGlite };

export interface Database {
  db: Db;
  kind: DbKind;
  driver: Driver;
  /** Cheap round trip for the health check. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DatabaseOptions {
  /** postgres:// URL; absent means PGlite. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory (tests). */
  dir?: string | undefined;
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 20,
    });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder, migrationsSchema: 'drizzle' });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      driver: { kind: 'postgres', pool },
      ping: async () => (await pool.query('select 1 as ok')).rows.length === 1,
      close: () => pool.end(),
    };
  }
  const client = opts.dir ? new PGlite(join(opts.dir, 'pglite')) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    driver: { kind: 'pglite', client },
    ping: async () => (await client.query('select 1 as ok')).rows.length === 1,
    close: () => client.close(),
  };
}
