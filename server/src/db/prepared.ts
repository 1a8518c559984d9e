import { type Column, getTableColumns, getTableName, sql, type SQL, type Table } from 'drizzle-orm';
import { type PGlite, protocol } from '@electric-sql/pglite';
import type { Database, Tx } from './client';
import { databaseUnavailable } from './unavailable';

/**
 * Statements written in SQL and run by the driver itself, past Drizzle's query builder, for the
 * hottest path (a bid), where building each query cost the server more than the database took to
 * run it. Parameters are `$1`, `$2`, ...; give every one a cast (`$1::int`), so that a parameter
 * used twice or inside `insert ... select` has one type and the text is the same on both drivers.
 */
export interface Statement {
  /** PostgreSQL prepares a named statement once per connection and reuses its plan. */
  name: string;
  text: string;
}

export type Row = Record<string, unknown>;

/** Runs a statement with its parameters inside the transaction and answers its rows. */
export type Run = (statement: Statement, values: readonly unknown[]) => Promise<Row[]>;

/**
 * A transaction of its own on the driver under Drizzle: on PostgreSQL a pooled connection between
 * BEGIN and COMMIT (rolled back if `work` throws); on PGlite its `transaction()`, which also
 * keeps every other query out until it ends, as Drizzle's transactions there do.
 */
export async function inTransaction<T>(database: Database, work: (run: Run) => Promise<T>): Promise<T> {
  const driver = database.driver;
  if (driver.kind === 'pglite') {
    const { client } = driver;
    return client.transaction(() => work((statement, values) => runPrepared(client, statement, values)));
  }
  const client = await driver.pool.connect();
  // A connection that died (the database restarting) or whose rollback failed is in an unknown
  // state: released with its error, the pool closes it instead of handing it to the next call.
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work(
      async (statement, values) =>
        (await client.query<Row>({ name: statement.name, text: statement.text, values: [...values] })).rows,
    );
    await client.query('commit');
    return result;
  } catch (err) {
    if (databaseUnavailable(err)) {
      broken = asError(err);
    } else {
      await client.query('rollback').catch((e: unknown) => {
        broken = asError(e);
      });
    }
    throw err;
  } finally {
    client.release(broken);
  }
}

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/**
 * One statement that is its own transaction (a bid: one call of a database function that does
 * all its work): on PostgreSQL a single round trip on a pooled connection, with no BEGIN or
 * COMMIT of its own to wait for while it holds its locks; on PGlite inside `transaction()`, which
 * keeps every other query out while it runs.
 */
export async function runAlone(database: Database, statement: Statement, values: readonly unknown[]): Promise<Row[]> {
  const driver = database.driver;
  if (driver.kind === 'pglite') return inTransaction(database, (run) => run(statement, values));
  const client = await driver.pool.connect();
  // As in inTransaction: a connection that died is released with its error, so the pool closes it.
  let broken: Error | undefined;
  try {
    return (await client.query<Row>({ name: statement.name, text: statement.text, values: [...values] })).rows;
  } catch (err) {
    if (databaseUnavailable(err)) broken = asError(err);
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * Runs statements in a transaction Drizzle already holds (the demo seed places bids inside its
 * own): the same text, its `$n` handed to Drizzle as parameters.
 */
export function runIn(tx: Tx): Run {
  return async (statement, values) => {
    const parts = statement.text.split(/\$(\d+)/);
    // Even parts are SQL text, odd parts the number of a parameter. sql.param keeps an array one
    // parameter (a bare array in a sql template becomes a list).
    const chunks: SQL[] = parts.map((part, i) =>
      i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`,
    );
    const result: unknown = await tx.execute(sql.join(chunks));
    return rowsOf(result);
  };
}

function rowsOf(result: unknown): Row[] {
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows))
    throw new Error('the driver answered no rows');
  return result.rows.filter((r): r is Row => typeof r === 'object' && r !== null);
}

/**
 * A table's row as Drizzle would map it, from the row as SQL's `to_json` writes it (snake_case
 * names, timestamps as ISO strings): each column is decoded by Drizzle's own column, so the
 * result has the same names and types as a select of the table (timestamptz as Date, bigint
 * cents as numbers) on either driver.
 */
export function rowFromJson<T extends Table>(table: T): (json: unknown) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]: [string, Column]) => ({
    key,
    name: column.name,
    column,
  }));
  return (json) => {
    if (typeof json !== 'object' || json === null) throw new Error(`no ${getTableName(table)} row`);
    const source: Row = { ...json };
    const out: Row = {};
    for (const { key, name, column } of columns) {
      const value = source[name];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    // Every column of the table was decoded by its own column type just above.
    return out as T['$inferSelect'];
  };
}

/**
 * PGlite's query() parses and plans its statement on every call (and asks for its parameter types
 * first); a bid's statements cost more to plan than to run. So they are prepared once per PGlite
 * instance under their name, as PostgreSQL's driver does per connection, and each run is one
 * Bind/Describe/Execute/Sync through its protocol API. Only inside `transaction()`, which keeps
 * every other query out; runExclusive keeps out what does not take part in transactions.
 */
const preparedOn = new WeakMap<PGlite, Set<string>>();

async function runPrepared(client: PGlite, statement: Statement, values: readonly unknown[]): Promise<Row[]> {
  let prepared = preparedOn.get(client);
  if (!prepared) {
    prepared = new Set();
    preparedOn.set(client, prepared);
  }
  const { serialize } = protocol;
  // Inside the transaction, whose COMMIT writes to disk: no sync per statement (as query() does there).
  const send = (messages: Uint8Array[]) =>
    client.runExclusive(() => client.execProtocol(concat(messages), { syncToFs: false }));
  if (!prepared.has(statement.name)) {
    // On its own, so a statement is known prepared exactly when its Parse succeeded.
    await send([serialize.parse({ name: statement.name, text: statement.text }), serialize.sync()]);
    prepared.add(statement.name);
  }
  const answer = await send([
    serialize.bind({ statement: statement.name, values: values.map(asText) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  return rowsOfMessages(answer.messages);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A parameter in PostgreSQL's text format; the statement's casts give it its type. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map((v) => arrayElement(asText(v))).join(',')}}`;
  throw new Error(`no text form for a parameter of type ${typeof value}`);
}

const arrayElement = (text: string | null): string => (text === null ? 'NULL' : `"${text.replace(/[\\"]/g, '\\$&')}"`);

/** Type ids (pg_type.oid) of what the statements answer: flags, JSON and numbers; anything else stays text. */
const BOOL = 16;
const JSON_TYPES = new Set([114, 3802]);
const NUMBER_TYPES = new Set([20, 21, 23, 26, 28, 700, 701]);

function rowsOfMessages(messages: ReadonlyArray<object>): Row[] {
  let fields: Array<{ name: string; dataTypeID: number }> = [];
  const rows: Row[] = [];
  for (const m of messages) {
    if (!('name' in m)) continue;
    if (m.name === 'rowDescription' && 'fields' in m && Array.isArray(m.fields)) fields = m.fields;
    if (m.name === 'dataRow' && 'fields' in m && Array.isArray(m.fields)) {
      const values: unknown[] = m.fields;
      const row: Row = {};
      fields.forEach((f, i) => {
        row[f.name] = decode(values[i], f.dataTypeID);
      });
      rows.push(row);
    }
  }
  return rows;
}

function decode(value: unknown, type: number): unknown {
  if (typeof value !== 'string') return null;
  if (type === BOOL) return value === 't';
  if (JSON_TYPES.has(type)) return JSON.parse(value);
  if (NUMBER_TYPES.has(type)) return Number(value);
  return value;
}
