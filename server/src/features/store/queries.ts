import { and, asc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { FREE_ITEM_TYPE, type PricedLine, type PromoCode, type Stock, available } from '@gavel/domain';
import type { Db, Tx } from '../../db/client';
import { promoCodes, storeCartLines, storeCarts, storeItems, storeOrders, storeSettings } from '../../db/schema';
import { AppError } from '../../errors';

/** An item's price in a cart now, in SQL (domain's currentPrice): a free item's is 0. */
export const currentPriceSql = () =>
  sql<number>`case when ${storeItems.itemtypecode} = ${FREE_ITEM_TYPE} then 0 else ${storeItems.price} end`;

export type StoreItemRow = typeof storeItems.$inferSelect;
export type CartRow = typeof storeCarts.$inferSelect;
export type PromoRow = typeof promoCodes.$inferSelect;
export type StoreSettingsRow = typeof storeSettings.$inferSelect;
export type StoreOrderRow = typeof storeOrders.$inferSelect;

/** A cart's hold is live while it is open and unexpired, or while its card charge is under way. */
export const liveCart = (now: Date) =>
  or(and(eq(storeCarts.state, 'open'), gt(storeCarts.expiresAt, now)), eq(storeCarts.state, 'checkout'));

/** Units of each item held by live carts other than `exceptCart`. */
export async function heldUnits(
  db: Db | Tx,
  itemIds: number[],
  exceptCart: number | null,
  now: Date,
): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: storeCartLines.itemId, held: sql<number>`coalesce(sum(${storeCartLines.quantity}), 0)::int` })
    .from(storeCartLines)
    .innerJoin(storeCarts, eq(storeCarts.id, storeCartLines.cartId))
    .where(
      and(
        inArray(storeCartLines.itemId, itemIds),
        liveCart(now),
        exceptCart === null ? undefined : ne(storeCarts.id, exceptCart),
      ),
    )
    .groupBy(storeCartLines.itemId);
  return new Map(rows.map((r) => [r.itemId, Number(r.held)]));
}

export function stockOf(item: StoreItemRow, held: Map<number, number>): Stock {
  return { quantity: item.quantity, unlimited: item.unlimited, sold: item.sold, held: held.get(item.id) ?? 0 };
}

/** What this cart may have of each item: what is left beside other carts' holds. */
export function remainingFor(item: StoreItemRow, held: Map<number, number>): number {
  return available(stockOf(item, held));
}

/**
 * The items' rows, locked in id order (so two carts locking the same items never deadlock). Every
 * change of what a cart holds, and every checkout, runs under these locks.
 */
export async function lockItems(tx: Tx, eventId: number, itemIds: number[]): Promise<StoreItemRow[]> {
  if (itemIds.length === 0) return [];
  return tx
    .select()
    .from(storeItems)
    .where(and(eq(storeItems.eventId, eventId), inArray(storeItems.id, [...new Set(itemIds)])))
    .orderBy(asc(storeItems.id))
    .for('update');
}

export async function storeItemsOf(db: Db | Tx, eventId: number): Promise<StoreItemRow[]> {
  return db
    .select()
    .from(storeItems)
    .where(eq(storeItems.eventId, eventId))
    .orderBy(asc(storeItems.position), asc(storeItems.id));
}

export async function settingsOf(db: Db | Tx, eventId: number): Promise<StoreSettingsRow | undefined> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.eventId, eventId)).limit(1);
  return row;
}

/** The cart of a token, in its event; locked when asked (every change locks its cart first). */
export async function cartOf(db: Db | Tx, eventId: number, cartId: number, lock = false): Promise<CartRow> {
  const query = db
    .select()
    .from(storeCarts)
    .where(and(eq(storeCarts.id, cartId), eq(storeCarts.eventId, eventId)));
  const [cart] = lock ? await query.for('update') : await query;
  if (!cart) throw new AppError('unauthorized', 'This cart is not valid. Please reload the page.');
  return cart;
}

export interface CartLine extends PricedLine {
  name: string;
  /** The item's code, its number on the receipt. */
  code: string;
  itemtypecode: number;
  seats: number;
  /** The item's price now (0 for a free item): what the line takes when its hold is renewed. */
  current: number;
}

/** A cart's lines at the price each was last held at (for a checked-out cart: what was charged). */
export async function linesOf(db: Db | Tx, cartId: number): Promise<CartLine[]> {
  return db
    .select({
      itemId: storeCartLines.itemId,
      quantity: storeCartLines.quantity,
      price: storeCartLines.price,
      name: storeItems.name,
      code: storeItems.code,
      itemtypecode: storeItems.itemtypecode,
      seats: storeItems.seats,
      current: currentPriceSql().mapWith(Number),
    })
    .from(storeCartLines)
    .innerJoin(storeItems, eq(storeItems.id, storeCartLines.itemId))
    .where(eq(storeCartLines.cartId, cartId))
    .orderBy(asc(storeItems.position), asc(storeItems.id));
}

export function promoOf(row: PromoRow): PromoCode {
  return {
    kind: row.kind,
    value: row.value,
    validfrom: row.validfrom,
    validuntil: row.validuntil,
    maxuses: row.maxuses,
    itemIds: row.itemIds,
  };
}

/**
 * A code's uses: the orders of other carts that took it, paid, Bill Me (unpaid) or pending. A
 * pending order is a checkout under way (its cart is in 'checkout'), so a use is held exactly
 * while a checkout runs; an open cart that merely applied the code holds none, and a refused or
 * refunded order gives its use back.
 */
export async function promoUses(db: Db | Tx, promoId: number, exceptCart: number): Promise<number> {
  const [orders] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(storeOrders)
    .where(
      and(
        eq(storeOrders.promoCodeId, promoId),
        inArray(storeOrders.state, ['pending', 'paid', 'unpaid']),
        ne(storeOrders.cartId, exceptCart),
      ),
    );
  return Number(orders?.n ?? 0);
}

export async function promoById(db: Db | Tx, id: number | null): Promise<PromoRow | undefined> {
  if (id === null) return undefined;
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1);
  return row;
}

export async function promoByCode(db: Db | Tx, eventId: number, code: string): Promise<PromoRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.eventId, eventId), sql`lower(${promoCodes.code}) = ${code.toLowerCase()}`))
    .limit(1);
  return row;
}

export async function orderOfCart(db: Db | Tx, cartId: number): Promise<StoreOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.cartId, cartId), ne(storeOrders.state, 'failed')))
    .limit(1);
  return row;
}

/**
 * A code's row, locked: checkouts with it count its uses one at a time, so its last use is sold
 * once. FOR NO KEY UPDATE, the row lock of a write that leaves the key alone: it queues checkouts
 * as FOR UPDATE would, but not behind the key-share lock a settling order's foreign key check
 * takes on the code, which would deadlock with a checkout holding the items that settlement waits for.
 */
export async function lockPromo(tx: Tx, id: number): Promise<PromoRow[]> {
  return tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('no key update');
}
