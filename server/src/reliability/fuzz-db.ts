import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Every table of the application's schema with its row count and a digest of its rows, in one
 * statement: a snapshot taken before a refused call equals one taken after it, whatever the
 * call could have touched. Works on PGlite and PostgreSQL alike (md5 and string_agg of row text).
 */
export async function tableDigests(db: Db): Promise<Record<string, string>> {
  const names = rowsOf(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  ).map((r) => String(r.tablename));
  const parts = names.map(
    (name) =>
      sql`select ${name} as name, count(*)::int as n, md5(coalesce(string_agg(x::text, chr(10) order by x::text), '')) as digest from ${sql.identifier(name)} x`,
  );
  const rows = rowsOf(await db.execute(sql.join(parts, sql` union all `)));
  return Object.fromEntries(rows.map((r) => [String(r.name), `${String(r.n)} rows, ${String(r.digest)}`]));
}

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows))
    throw new Error('the driver answered no rows');
  return result.rows.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null);
}
