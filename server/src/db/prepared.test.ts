import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { inTransaction, type Run, runIn, type Statement } from './prepared';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.db.execute(sql`create table prepared_probe (id serial primary key, n int not null unique)`);
});
afterAll(async () => t.close());

const ECHO: Statement = {
  name: 'gavel_test_echo',
  // Arrays come back as JSON: the bid statements answer only flags, numbers and JSON.
  text: `select $1::int as i, $2::bigint as big, $3::boolean as flag, $4::text as txt, to_json($5::timestamptz) as at_json,
    to_json($6::text[]) as words, to_json($7::int[]) as ints, to_json($8::boolean[]) as flags, $9::text::jsonb as doc, $10::text is null as missing`,
};
const INSERT: Statement = {
  name: 'gavel_test_insert',
  text: 'insert into prepared_probe (n) values ($1::int) returning id',
};
const COUNT: Statement = { name: 'gavel_test_count', text: 'select count(*)::int as n from prepared_probe' };

const at = new Date('2026-12-05T18:30:15.123Z');
const words = ['plain', 'with "quotes"', 'back\\slash', 'comma, and {braces}', '', 'NULL'];
const values = [7, 2 ** 40, true, "O'Hara", at, words, [3, 1, 2], [true, false], JSON.stringify({ a: [1, 'x'] }), null];

async function echoed(run: Run) {
  const [row] = await run(ECHO, values);
  return row;
}

describe('statements on the driver', () => {
  it('sends every kind of parameter and reads the answer the same way on this driver and through Drizzle', async () => {
    const direct = await inTransaction(t.ctx.database, echoed);
    const drizzled = await t.ctx.db.transaction((tx) => echoed(runIn(tx)));
    // JSON and flags decode alike everywhere; scalar columns are the driver's own (pg keeps int8 as text).
    for (const row of [direct, drizzled]) {
      expect(row).toMatchObject({
        flag: true,
        txt: "O'Hara",
        doc: { a: [1, 'x'] },
        missing: true,
        at_json: expect.stringMatching(/^2026-12-05T18:30:15\.123(\+00:00|Z)?/),
      });
      expect(Number(row?.i)).toBe(7);
      expect(Number(row?.big)).toBe(2 ** 40);
      expect(new Date(String(row?.at_json)).getTime()).toBe(at.getTime());
    }
    for (const row of [direct, drizzled])
      expect([row?.words, row?.ints, row?.flags]).toEqual([words, [3, 1, 2], [true, false]]);
  });

  it('runs a prepared statement again and again, and commits what the work wrote', async () => {
    for (let n = 1; n <= 3; n++) await inTransaction(t.ctx.database, (run) => run(INSERT, [n]));
    const [row] = await inTransaction(t.ctx.database, (run) => run(COUNT, []));
    expect(row?.n).toBe(3);
  });

  it('rolls back everything when the work throws, and when a statement fails; the next transaction is unaffected', async () => {
    await expect(
      inTransaction(t.ctx.database, async (run) => {
        await run(INSERT, [10]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(
      inTransaction(t.ctx.database, async (run) => {
        await run(INSERT, [11]);
        await run(INSERT, [1]);
      }),
    ).rejects.toThrow(/duplicate key/);
    const [row] = await inTransaction(t.ctx.database, (run) => run(COUNT, []));
    expect(row?.n).toBe(3);
  });

  it('keeps concurrent transactions apart', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => inTransaction(t.ctx.database, (run) => run(INSERT, [100 + i]))),
    );
    const [row] = await inTransaction(t.ctx.database, (run) => run(COUNT, []));
    expect(row?.n).toBe(23);
  });
});
