import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import {
  type AnswerOf,
  available,
  type Contract,
  type ContractKey,
  contracts,
  errorResponse,
  type RequestOf,
  storeAmounts,
} from '@gavel/domain';
import { eventDocument, storeItem } from '../testkit/documents';
import { events, storeItems } from '../server/src/db/schema';
import { importEventDocument } from '../server/src/features/admin/import-service';
import { freshDatabase, type Postgres, startServer, stop, summary, table } from './lib';

/**
 * The event store under 200 buyers at once. Contention: 200 carts each take one of a ticket with
 * 100 left, in 5 rounds (a new ticket each): exactly 100 must be sold each time. Throughput: each
 * buyer opens a cart, adds 2 of 20 items, reads the cart and checks out (Bill Me) for 10 s. Beside
 * each, the same transactions straight on the same database from this process (no HTTP, no server),
 * on a second event with the same items: what the server adds.
 */
const BUYERS = 200;
const ROUNDS = 5;
const HOT = 100;
const CATALOGUE = 20;
const DURATION_MS = 10_000;
const HOLD_MINUTES = 240;
const billing = {
  first: 'Ann',
  last: 'Lee',
  address: '1 Main St',
  city: 'Chicago',
  state: 'IL',
  zip: '60601',
  email: 'ann@example.org',
};

type Failures = Map<string, number>;
type Outcome<K extends ContractKey> =
  { ok: true; answer: AnswerOf<K>; ms: number } | { ok: false; ms: number; why: string };

/** One call of the contract map, as the web makes it: the body encoded and the answer decoded by its schemas. */
async function call<K extends ContractKey>(
  port: number,
  key: K,
  body: RequestOf<K>,
  token?: string,
): Promise<Outcome<K>> {
  const contract: Contract = contracts[key];
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const payload = contract.body && body !== undefined ? JSON.stringify(z.encode(contract.body, body)) : undefined;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api${contract.path}`, {
      method: contract.method,
      headers,
      body: payload,
    });
    const data: unknown = await res.json().catch(() => ({}));
    const ms = performance.now() - t0;
    if (!res.ok) {
      const failure = errorResponse.safeParse(data);
      return { ok: false, ms, why: `${res.status} ${failure.success ? failure.data.message : res.statusText}` };
    }
    const schema: z.ZodType<AnswerOf<K>> = contracts[key].response;
    const answer = schema.safeParse(data);
    return answer.success
      ? { ok: true, answer: answer.data, ms }
      : { ok: false, ms, why: `${res.status} answer off its schema` };
  } catch (err) {
    return { ok: false, ms: performance.now() - t0, why: `no answer: ${String(err)}` };
  }
}

const note = (failures: Failures, what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
const count = (failures: Failures) => [...failures.values()].reduce((a, b) => a + b, 0);
const pick = (ids: number[]) => ids[Math.floor(Math.random() * ids.length)] ?? 0;

interface Items {
  hot: number[];
  rawHot: number[];
  catalogue: number[];
  rawCatalogue: number[];
}

/**
 * Two events with a store: "bench" for the server (its hot tickets and catalogue) and "rawbench" for
 * the raw SQL (the same again), so neither side's carts weigh on the other's sums.
 */
async function seedStore(
  pg: Postgres | undefined,
  name: string,
): Promise<{ items: Items; url: string | undefined; dataDir: string }> {
  const fresh = await freshDatabase(pg, name);
  const hot = Array.from({ length: ROUNDS }, (_, i) => storeItem(`hot${i + 1}`, { price: 50, quantity: HOT }));
  const catalogue = Array.from({ length: CATALOGUE }, (_, i) =>
    storeItem(`c${i + 1}`, { tab: 'Merchandise', section: 'Shop', price: 5 + i, quantity: 1_000_000, seats: 0 }),
  );
  const ids: Record<string, number[]> = {};
  for (const eventcode of ['bench', 'rawbench']) {
    await importEventDocument(
      fresh.db.db,
      eventDocument(new Date(), {
        auctioncode: 'demo',
        eventcode,
        store: { billme: true, holdminutes: HOLD_MINUTES, items: [...hot, ...catalogue] },
      }),
      { testPaymentsAllowed: true },
    );
    const [event] = await fresh.db.db.select({ id: events.id }).from(events).where(eq(events.eventcode, eventcode));
    if (!event) throw new Error(`no event ${eventcode}`);
    const rows = await fresh.db.db
      .select({ id: storeItems.id, code: storeItems.code })
      .from(storeItems)
      .where(eq(storeItems.eventId, event.id))
      .orderBy(storeItems.id);
    ids[`${eventcode}hot`] = rows.filter((r) => r.code.startsWith('hot')).map((r) => r.id);
    ids[`${eventcode}c`] = rows.filter((r) => r.code.startsWith('c')).map((r) => r.id);
  }
  await fresh.db.close();
  const items = {
    hot: ids.benchhot ?? [],
    rawHot: ids.rawbenchhot ?? [],
    catalogue: ids.benchc ?? [],
    rawCatalogue: ids.rawbenchc ?? [],
  };
  return { items, url: fresh.url, dataDir: fresh.dataDir };
}

interface Burst {
  sold: number[];
  refused: number;
  adds: number[];
  wallMs: number;
}

const emptyBurst = (): Burst => ({ sold: [], refused: 0, adds: [], wallMs: 0 });

/** The server's rounds: every cart adds one of the round's ticket at the same moment. */
async function contention(port: number, hot: number[], failures: Failures): Promise<Burst> {
  const tokens: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const r = await call(port, 'POST /storesetup2', { eventcode: 'bench' });
    if (!r.ok) throw new Error(`storesetup2: ${r.why}`);
    tokens.push(r.answer.token);
  }
  const out = emptyBurst();
  for (const itemid of hot) {
    const t0 = performance.now();
    const answers = await Promise.all(
      tokens.map(async (token, i) => {
        const r = await call(port, 'POST /storecartadditem', { itemid, quantity: 1 }, token);
        out.adds.push(r.ms);
        if (!r.ok) note(failures, `POST /storecartadditem ${r.why}`);
        else if (r.answer.status === 'success') tokens[i] = r.answer.token;
        return r.ok ? r.answer.status : 'error';
      }),
    );
    out.wallMs += performance.now() - t0;
    const sold = answers.filter((s) => s === 'success').length;
    out.sold.push(sold);
    out.refused += answers.filter((s) => s === 'failure').length;
    if (sold > HOT) throw new Error(`OVERSOLD: ${sold} of ${HOT} tickets sold to ${BUYERS} carts`);
    const shown = await call(port, 'POST /storesetup1', { eventcode: 'bench' });
    const left = shown.ok
      ? shown.answer.tabs.flatMap((t) => t.sections.flatMap((s) => s.data)).find((it) => it.id === itemid)
          ?.quantityremaining
      : undefined;
    if (left !== HOT - sold)
      throw new Error(`the store shows ${String(left)} left of the ticket after ${sold} of ${HOT} were taken`);
  }
  return out;
}

interface Journeys {
  checkouts: number;
  elapsedMs: number;
  setup: number[];
  adds: number[];
  cart: number[];
  checkout: number[];
  journey: number[];
}

/**
 * The server's throughput: every buyer starts whole journeys until the time is up; the journeys
 * under way then are finished and counted, and the rate is over the whole time they took.
 */
async function journeys(port: number, catalogue: number[], failures: Failures): Promise<Journeys> {
  const out: Journeys = { checkouts: 0, elapsedMs: 0, setup: [], adds: [], cart: [], checkout: [], journey: [] };
  const start = performance.now();
  const end = Date.now() + DURATION_MS;
  const miss = (key: string, why: string) => note(failures, `${key} ${why}`);
  const buyer = async () => {
    journey: while (Date.now() < end) {
      const t0 = performance.now();
      const setup = await call(port, 'POST /storesetup2', { eventcode: 'bench' });
      out.setup.push(setup.ms);
      if (!setup.ok) {
        miss('POST /storesetup2', setup.why);
        continue;
      }
      let token = setup.answer.token;
      const first = pick(catalogue);
      for (const itemid of [first, pick(catalogue.filter((id) => id !== first))]) {
        const r = await call(port, 'POST /storecartadditem', { itemid, quantity: 1 }, token);
        out.adds.push(r.ms);
        if (!r.ok || r.answer.status !== 'success') {
          miss('POST /storecartadditem', r.ok ? `refused: ${r.answer.message}` : r.why);
          continue journey;
        }
        token = r.answer.token;
      }
      const cart = await call(port, 'GET /storecart', undefined, token);
      out.cart.push(cart.ms);
      if (!cart.ok) {
        miss('GET /storecart', cart.why);
        continue;
      }
      const lines = cart.answer.cartitems.map((l) => ({ itemId: l.itemid, quantity: l.quantity, price: l.price }));
      const sums = storeAmounts({
        lines,
        discount: cart.answer.discountamount,
        donation: 0,
        coverFee: false,
        percent: cart.answer.ccfee,
      });
      const body = {
        ...billing,
        subtotal: sums.subtotal,
        discountamount: sums.discount,
        additionaldonation: 0,
        ccfeesamount: 0,
        totalamount: sums.total,
        paymentmethod: 'BILLME' as const,
      };
      const done = await call(port, 'PUT /storecheckout', body, token);
      out.checkout.push(done.ms);
      if (!done.ok || done.answer.status !== 'success') {
        miss('PUT /storecheckout', done.ok ? `status ${done.answer.status}` : done.why);
        continue;
      }
      out.checkouts++;
      out.journey.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: BUYERS }, buyer));
  out.elapsedMs = performance.now() - start;
  return out;
}

/** The database without the server: PGlite opened here, or a pool of 20 connections (the server's size) to PostgreSQL. */
interface Conn {
  q<T extends object>(text: string, params?: unknown[]): Promise<T[]>;
}
interface RawDb {
  tx<R>(work: (c: Conn) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

async function openRaw(url: string | undefined, dataDir: string): Promise<RawDb> {
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 20 });
    return {
      async tx(work) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await work({
            q: async <T extends object>(text: string, params: unknown[] = []) =>
              (await client.query<T & pg.QueryResultRow>(text, params)).rows,
          });
          await client.query('commit');
          return result;
        } catch (err) {
          await client.query('rollback');
          throw err;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const lite = new PGlite(join(dataDir, 'pglite'));
  await lite.waitReady;
  return {
    tx: (work) =>
      lite.transaction((t) =>
        work({
          q: async <T extends object>(text: string, params: unknown[] = []) => (await t.query<T>(text, params)).rows,
        }),
      ),
    close: () => lite.close(),
  };
}

interface ItemRow {
  id: number;
  quantity: number;
  unlimited: boolean;
  sold: number;
  price: number | string | bigint;
}
interface LineRow {
  item_id: number;
  quantity: number;
  price: number | string | bigint;
}

const placeholders = (n: number, from: number) => Array.from({ length: n }, (_, i) => `$${i + from}`).join(', ');

/** Units of the items held by other live carts: the server's heldUnits. */
async function held(c: Conn, itemIds: number[], cartId: number, now: Date): Promise<Map<number, number>> {
  const rows = await c.q<{ item_id: number; held: number }>(
    `select l.item_id, coalesce(sum(l.quantity), 0)::int as held from store_cart_lines l inner join store_carts c on c.id = l.cart_id
     where l.item_id in (${placeholders(itemIds.length, 3)}) and ((c.state = 'open' and c.expires_at > $1) or c.state = 'checkout') and c.id <> $2 group by l.item_id`,
    [now, cartId, ...itemIds],
  );
  return new Map(rows.map((r) => [r.item_id, r.held]));
}

const left = (item: ItemRow, h: Map<number, number>) =>
  available({ quantity: item.quantity, unlimited: item.unlimited, sold: item.sold, held: h.get(item.id) ?? 0 });

async function rawCart(db: RawDb, eventId: number): Promise<number> {
  const now = new Date();
  const [row] = await db.tx((c) =>
    c.q<{ id: number }>(
      `insert into store_carts (event_id, state, expires_at, created_at, updated_at) values ($1, 'open', $2, $3, $3) returning id`,
      [eventId, new Date(now.getTime() + HOLD_MINUTES * 60_000), now],
    ),
  );
  if (!row) throw new Error('no cart');
  return row.id;
}

/** storecartadditem's transaction: lock the cart, lock the item, read the line and the others' holds, write the line, renew the hold. */
function rawAdd(db: RawDb, eventId: number, cartId: number, itemId: number, quantity: number): Promise<boolean> {
  return db.tx(async (c) => {
    const now = new Date();
    const [cart] = await c.q<{ state: string }>(
      'select * from store_carts where id = $1 and event_id = $2 for update',
      [cartId, eventId],
    );
    if (cart?.state !== 'open') throw new Error('the cart is not open');
    const [item] = await c.q<ItemRow>(
      'select * from store_items where event_id = $1 and id in ($2) order by id for update',
      [eventId, itemId],
    );
    if (!item) throw new Error('no item');
    const [line] = await c.q<LineRow>('select * from store_cart_lines where cart_id = $1 and item_id = $2', [
      cartId,
      itemId,
    ]);
    if (quantity === (line?.quantity ?? 0)) return true;
    if (quantity > (line?.quantity ?? 0) && quantity > left(item, await held(c, [itemId], cartId, now))) return false;
    if (line)
      await c.q('update store_cart_lines set quantity = $1 where cart_id = $2 and item_id = $3', [
        quantity,
        cartId,
        itemId,
      ]);
    else
      await c.q('insert into store_cart_lines (cart_id, item_id, quantity, price) values ($1, $2, $3, $4)', [
        cartId,
        itemId,
        quantity,
        Number(item.price),
      ]);
    await c.q('update store_carts set expires_at = $1, updated_at = $2 where id = $3 returning *', [
      new Date(now.getTime() + HOLD_MINUTES * 60_000),
      now,
      cartId,
    ]);
    return true;
  });
}

/** storecheckout's transaction for Bill Me: lock the cart and its items, recheck, record the order, sell the units, queue the receipt. */
function rawCheckout(db: RawDb, event: { id: number; organization_id: number }, cartId: number): Promise<void> {
  return db.tx(async (c) => {
    const now = new Date();
    await c.q('select * from store_carts where id = $1 for update', [cartId]);
    const linesSql =
      'select l.item_id, l.quantity, l.price, i.name, i.itemtypecode, i.seats from store_cart_lines l inner join store_items i on i.id = l.item_id where l.cart_id = $1 order by i.position, i.id';
    const lines = await c.q<LineRow>(linesSql, [cartId]);
    const ids = lines.map((l) => l.item_id);
    const items = await c.q<ItemRow>(
      `select * from store_items where event_id = $1 and id in (${placeholders(ids.length, 2)}) order by id for update`,
      [event.id, ...ids],
    );
    const h = await held(c, ids, cartId, now);
    for (const line of lines) {
      const item = items.find((i) => i.id === line.item_id);
      if (!item || line.quantity > left(item, h)) throw new Error('sold out');
    }
    const subtotal = lines.reduce((s, l) => s + Number(l.price) * l.quantity, 0);
    const [order] = await c.q<{ id: number }>(
      `insert into store_orders (event_id, cart_id, method, state, first, last, address, city, region, zip, email, promocode, subtotal, discount, donation, fee, total, currency, processorcode, charge_key, created_at)
       values ($1, $2, 'BILLME', 'pending', $3, $4, $5, $6, $7, $8, $9, '', $10, 0, 0, 0, $10, 'usd', 1, $11, $12) returning *`,
      [
        event.id,
        cartId,
        billing.first,
        billing.last,
        billing.address,
        billing.city,
        billing.state,
        billing.zip,
        billing.email,
        subtotal,
        `gavel_store_${randomUUID()}`,
        now,
      ],
    );
    await c.q(
      `update store_orders set state = 'unpaid', settled_at = $1, purchaser_link_hash = $2 where id = $3 returning *`,
      [now, randomUUID(), order?.id],
    );
    for (const line of await c.q<LineRow>(linesSql, [cartId]))
      await c.q('update store_items set sold = sold + $1 where id = $2', [line.quantity, line.item_id]);
    await c.q(`update store_carts set state = 'checkedout', updated_at = $1 where id = $2`, [now, cartId]);
    await c.q(
      `insert into outbox (organization_id, event_id, channel, "to", subject, text, html, links) values ($1, $2, 'email', $3, 'Your order', $4, $5, '[]')`,
      [event.organization_id, event.id, billing.email, 'x'.repeat(800), 'x'.repeat(2000)],
    );
  });
}

/** The raw side: the same rounds and journeys, then the checks of what the server left in the database. */
async function raw(
  db: RawDb,
  items: Items,
  served: Journeys,
): Promise<{ burst: Burst; journeys: number; adds: number[] }> {
  const [event] = await db.tx((c) =>
    c.q<{ id: number; organization_id: number }>(`select id, organization_id from events where eventcode = 'rawbench'`),
  );
  if (!event) throw new Error('no event');
  const [orders] = await db.tx((c) =>
    c.q<{ n: number }>(
      `select count(*)::int as n from store_orders o inner join events e on e.id = o.event_id where e.eventcode = 'bench'`,
    ),
  );
  const [sold] = await db.tx((c) =>
    c.q<{ units: number }>(
      `select coalesce(sum(sold), 0)::int as units from store_items where id in (${placeholders(items.catalogue.length, 1)})`,
      items.catalogue,
    ),
  );
  if (orders?.n !== served.checkouts || sold?.units !== 2 * served.checkouts)
    throw new Error(
      `after the run: ${String(orders?.n)} orders and ${String(sold?.units)} units sold for ${served.checkouts} checkouts answered`,
    );

  const burst = emptyBurst();
  const carts: number[] = [];
  for (let i = 0; i < BUYERS; i++) carts.push(await rawCart(db, event.id));
  for (const itemId of items.rawHot) {
    const t0 = performance.now();
    const ok = await Promise.all(
      carts.map(async (cartId) => {
        const a = performance.now();
        const added = await rawAdd(db, event.id, cartId, itemId, 1);
        burst.adds.push(performance.now() - a);
        return added;
      }),
    );
    burst.wallMs += performance.now() - t0;
    const n = ok.filter(Boolean).length;
    if (n > HOT) throw new Error(`OVERSOLD by the raw SQL: ${n} of ${HOT}`);
    burst.sold.push(n);
    burst.refused += ok.length - n;
  }

  const adds: number[] = [];
  let done = 0;
  const end = Date.now() + DURATION_MS;
  const start = performance.now();
  const buyer = async () => {
    while (Date.now() < end) {
      const cartId = await rawCart(db, event.id);
      const first = pick(items.rawCatalogue);
      for (const itemId of [first, pick(items.rawCatalogue.filter((id) => id !== first))]) {
        const a = performance.now();
        await rawAdd(db, event.id, cartId, itemId, 1);
        adds.push(performance.now() - a);
      }
      await db.tx((c) =>
        c.q(
          'select l.*, i.name from store_cart_lines l inner join store_items i on i.id = l.item_id where l.cart_id = $1',
          [cartId],
        ),
      );
      await rawCheckout(db, event, cartId);
      done++;
    }
  };
  await Promise.all(Array.from({ length: BUYERS }, buyer));
  return { burst, journeys: done / ((performance.now() - start) / 1000), adds };
}

const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)}%`;
const p50p99 = (samples: number[]) => {
  const s = summary(samples);
  return `${s.p50.toFixed(0)} / ${s.p99.toFixed(0)}`;
};

export async function benchStore(pg: Postgres | undefined, port: number): Promise<string> {
  const contended: Array<Array<string | number>> = [];
  const flowing: Array<Array<string | number>> = [];
  const calls: Array<Array<string | number>> = [];
  const problems: string[] = [];
  for (const kind of pg ? (['postgres', 'pglite'] as const) : (['pglite'] as const)) {
    const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const { items, url, dataDir } = await seedStore(kind === 'postgres' ? pg : undefined, `bench_store_${kind}`);
    const server = await startServer(port, url ? { DATABASE_URL: url } : { DATA_DIR: dataDir });
    const failures: Failures = new Map();
    const burst = await contention(port, items.hot, failures);
    const served = await journeys(port, items.catalogue, failures);
    await stop(server);
    const db = await openRaw(url, dataDir);
    const base = await raw(db, items, served).finally(() => db.close());

    const adds = burst.adds.length / (burst.wallMs / 1000);
    const rawAdds = base.burst.adds.length / (base.burst.wallMs / 1000);
    contended.push([
      label,
      burst.sold.join(', '),
      burst.refused,
      adds,
      p50p99(burst.adds),
      base.burst.sold.join(', '),
      rawAdds,
      p50p99(base.burst.adds),
      pct(adds, rawAdds),
    ]);
    const perSecond = served.checkouts / (served.elapsedMs / 1000);
    flowing.push([
      label,
      perSecond,
      `${served.checkouts} in ${(served.elapsedMs / 1000).toFixed(1)} s`,
      p50p99(served.journey),
      count(failures),
      base.journeys,
      pct(perSecond, base.journeys),
    ]);
    calls.push([
      label,
      p50p99(served.setup),
      p50p99(served.adds),
      p50p99(served.cart),
      p50p99(served.checkout),
      p50p99(base.adds),
    ]);
    for (const [what, n] of failures) problems.push(`- ${label}: ${what} (×${n})`);
  }
  return [
    table(
      `Store contention: ${BUYERS} carts add 1 of a ticket with ${HOT} left, at once (${ROUNDS} rounds)`,
      [
        'database',
        'sold per round',
        'refused',
        'adds/s',
        'p50 / p99 ms',
        'raw SQL sold per round',
        'raw SQL adds/s',
        'raw SQL p50 / p99 ms',
        'ratio',
      ],
      contended,
    ),
    table(
      `Store throughput: ${BUYERS} buyers start journeys for ${DURATION_MS / 1000} s (storesetup2, 2 adds, cart, checkout by Bill Me)`,
      ['database', 'checkouts/s', 'checkouts', 'journey p50 / p99 ms', 'errors', 'raw SQL journeys/s', 'ratio'],
      flowing,
    ),
    table(
      'Store throughput: each call, p50 / p99 ms',
      ['database', 'storesetup2', 'storecartadditem', 'storecart', 'storecheckout', 'raw SQL add'],
      calls,
    ),
    problems.length > 0
      ? `Errors:\n\n${problems.join('\n')}\n`
      : 'No call failed; after each run the orders and units sold in the database matched the checkouts answered.\n',
  ].join('\n');
}
