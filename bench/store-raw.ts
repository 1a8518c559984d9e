import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { available } from '@gavel/domain';
import {
  billing,
  BUYERS,
  type Burst,
  DURATION_MS,
  emptyBurst,
  HOLD_MINUTES,
  HOT,
  type Items,
  type Journeys,
  pick,
} from './store-setup';

// The store benchmark's baseline (bench/store.ts): the server's transactions straight on the same
// database from the benchmark's process, without HTTP or the server.

/** The database without the server: PGlite opened here, or a pool of 20 connections (the server's size) to PostgreSQL. */
interface Conn {
  q<T extends object>(text: string, params?: unknown[]): Promise<T[]>;
}
export interface RawDb {
  tx<R>(work: (c: Conn) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

export async function openRaw(url: string | undefined, dataDir: string): Promise<RawDb> {
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
export async function raw(
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
