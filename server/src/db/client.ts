import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { keepPrivate } from '../lib/private-dir';
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

/** Where the pool reports a lost connection; Fastify's (pino) logger fits. */
export interface DatabaseLog {
  warn(obj: object, msg: string): void;
}

export interface DatabaseOptions {
  /** postgres:// URL; absent means PGlite. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory (tests). */
  dir?: string | undefined;
  /**
   * In memory only: start from this dump of an already migrated database (PGlite's dumpDataDir)
   * instead of a new cluster, which takes seconds to create. The test harness uses one per run.
   */
  from?: Blob | undefined;
  /** Where a lost PostgreSQL connection is reported; by default standard error. */
  log?: DatabaseLog | undefined;
}

const consoleLog: DatabaseLog = {
  warn: (obj, msg) => console.warn(`${msg} ${JSON.stringify(obj)}`),
};

/** A new connection waits this long for the server (or for a free slot of the pool) before the call fails with 503. */
const CONNECT_TIMEOUT_MS = 5_000;

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

/**
 * A client checked out (by a transaction) whose connection dies goes back to the pool at once,
 * with its error, so the pool closes it and frees its place; the holder's own release later does
 * nothing. Drizzle's transaction() sends BEGIN before the block that releases its client, so
 * without this a connection lost at BEGIN (a restart) would keep its place in the pool for good,
 * and after a few restarts every call would wait for a place that never frees
 * (drizzle-team/drizzle-orm#6241, open in 0.45).
 */
function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const giveBack = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', giveBack);
    release(err);
  };
  client.once('error', giveBack);
  client.release = giveBack;
  return client;
}

class ResilientPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // The callback form is pg's own pool.query, which releases its client on every path.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenLost);
  }
}

/**
 * The pool for PostgreSQL, made to ride out a database restart, failover or cut connection. pg
 * emits 'error' on a connection that dies, idle in the pool or held by a request between two
 * statements; without a listener that is an uncaught exception, which ends the process. Here it is
 * logged once per connection: the statement in flight fails on its own (answered 503, see
 * db/unavailable.ts), the pool closes the dead connection, and the next call opens a new one once
 * the server is back.
 */
function resilientPool(url: string, log: DatabaseLog): pg.Pool {
  const pool = new ResilientPool({
    connectionString: url,
    max: 20,
    // While the server is away a call fails within seconds instead of waiting for it.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A server that vanished without closing its connections (a failover, a cut network) is noticed
    // in the end: TCP keepalive probes after 10 s idle, then at the system's pace (minutes).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const reported = new WeakSet<pg.ClientBase>();
  const lost = (err: Error, client: pg.ClientBase) => {
    if (reported.has(client)) return;
    reported.add(client);
    log.warn({ err: err.message }, 'database connection lost; the next call opens a new one');
  };
  pool.on('connect', (client) => client.on('error', (err) => lost(err, client)));
  pool.on('error', lost);
  return pool;
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = resilientPool(opts.url, opts.log ?? consoleLog);
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
  const client = opts.dir
    ? new PGlite(join(opts.dir, 'pglite'))
    : new PGlite(opts.from ? { loadDataDir: opts.from } : {});
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // A new data directory is unpacked with files open to everyone (0666) whatever the umask; the
  // files PostgreSQL makes later are its owner's (0600). Close the first ones now.
  // Only the database's own folder: the rest of DATA_DIR was closed once by loadConfig.
  if (opts.dir) keepPrivate(join(opts.dir, 'pglite'));
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    driver: { kind: 'pglite', client },
    ping: async () => (await client.query('select 1 as ok')).rows.length === 1,
    close: () => client.close(),
  };
}
