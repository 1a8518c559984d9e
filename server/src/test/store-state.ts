import { asc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { Db } from '../db/client';
import { storeMessages } from '@gavel/domain';
import {
  cartIdempotencyKeys,
  outbox,
  promoCodes,
  storeCartLines,
  storeCarts,
  storeItems,
  storeOrders,
  storeSettings,
} from '../db/schema';
import { eventDocument, type StoreInput, storeItem } from './documents';
import { importEvent } from './account-fixtures';
import type { TestApp } from './harness';
import { beforeEach } from 'vitest';
import { useEmptiedApp } from './hooks';

/**
 * Every row the store can touch, in a stable order, so a refused call can be shown to have changed
 * nothing: take one before, one after, and compare them whole.
 */
export async function storeState(db: Db) {
  return {
    settings: await db.select().from(storeSettings).orderBy(asc(storeSettings.eventId)),
    items: await db.select().from(storeItems).orderBy(asc(storeItems.id)),
    promos: await db.select().from(promoCodes).orderBy(asc(promoCodes.id)),
    carts: await db.select().from(storeCarts).orderBy(asc(storeCarts.id)),
    lines: await db.select().from(storeCartLines).orderBy(asc(storeCartLines.cartId), asc(storeCartLines.itemId)),
    orders: await db.select().from(storeOrders).orderBy(asc(storeOrders.id)),
    keys: await db
      .select()
      .from(cartIdempotencyKeys)
      .orderBy(asc(cartIdempotencyKeys.cartId), asc(cartIdempotencyKeys.key)),
    mail: await db.select().from(outbox).orderBy(asc(outbox.id)),
  };
}

/** The gala's store: tickets with seats, a free ticket, merchandise, and promo codes of each kind. */
export function galaStore(now: Date, over: Partial<StoreInput> = {}): StoreInput {
  const inMinutes = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();
  return {
    billme: true,
    items: [
      storeItem('single', { name: 'Single Ticket', price: 150, quantity: 10, maxpertransaction: 4 }),
      storeItem('table', { name: 'Table of Eight', price: 1100, quantity: 2, seats: 8 }),
      storeItem('vol', { name: 'Volunteer', itemtypecode: 4, price: 0, quantity: 5 }),
      storeItem('shirt', { tab: 'Merchandise', section: 'Shirts', name: 'Shirt', price: 25, quantity: 1, seats: 0 }),
      storeItem('mug', { tab: 'Merchandise', section: 'Mugs', name: 'Mug', price: 12.5, unlimited: true, seats: 0 }),
    ],
    promocodes: [
      { code: 'GALA10', percent: 10 },
      { code: 'FIVE', amount: 5 },
      { code: 'SHIRTS', percent: 50, items: ['shirt'] },
      { code: 'LIMITED', percent: 20, maxuses: 2 },
      { code: 'EARLY', percent: 15, validuntil: inMinutes(5) },
      { code: 'LATER', percent: 15, validfrom: inMinutes(60) },
    ],
    ...over,
  };
}

/** The store items' ids by code. */
export async function storeIds(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ id: storeItems.id, code: storeItems.code }).from(storeItems);
  return Object.fromEntries(rows.map((r) => [r.code, r.id]));
}

/** Imports the gala (event fee 3%) with its store; answers the items' ids by code. */
export async function importGala(
  t: TestApp,
  now: Date,
  over: Partial<StoreInput> = {},
): Promise<Record<string, number>> {
  await importEvent(t, eventDocument(now, { event: { ccfeespercent: 3 }, store: galaStore(now, over) }));
  return storeIds(t.ctx.db);
}

/** An item's row: what the store has sold of it. */
export async function itemRow(db: Db, id: number) {
  const [row] = await db.select().from(storeItems).where(eq(storeItems.id, id));
  if (!row) throw new Error(`no store item ${id}`);
  return row;
}

/** The id of a token's cart and its exp (seconds), read as the page reads them. */
export function tokenClaims(token: string): { cartid: number; exp: number } {
  const claims = decodeJwt(token);
  const cartid = claims.cartid;
  if (typeof cartid !== 'number' || typeof claims.exp !== 'number') throw new Error('not a cart token');
  return { cartid, exp: claims.exp };
}

/** The row of a token's cart. */
export async function cartRowOf(db: Db, token: string) {
  return (
    await db
      .select()
      .from(storeCarts)
      .where(eq(storeCarts.id, tokenClaims(token).cartid))
  )[0];
}

/** What every store call answers a cart whose hold has ended. */
export const EXPIRED_CART = { status: 'expired', code: 'expired', message: storeMessages.cartExpired } as const;

/** `m` minutes after `start`: store tests move the clock by the minute. */
export const minutesAfter = (start: Date) => (m: number) => new Date(start.getTime() + m * 60_000);

/** A held id by code, failing loudly when the code is not in the store. */
export const idOf = (ids: Record<string, number>, code: string): number => {
  const id = ids[code];
  if (id === undefined) throw new Error(`no store item ${code}`);
  return id;
};

/** Store tests' app: emptied before each test, the clock at `now`, the gala imported; `use` gets the app and the items' ids. */
export function useStoreGala(now: Date, use: (t: TestApp, ids: Record<string, number>) => void): void {
  let app: TestApp | undefined;
  useEmptiedApp(now, (a) => (app = a));
  beforeEach(async () => {
    if (!app) return;
    app.setNow(now);
    use(app, await importGala(app, now));
  });
}
