import { and, eq, exists, ne, sql } from 'drizzle-orm';
import { holdLifetimeEnd, MAX_HOLDING_CARTS_PER_ADDRESS, renewedHoldEnd, storeMessages } from '@gavel/domain';
import type { Db, Tx } from '../../db/client';
import { storeCartLines, storeCarts, storeItems } from '../../db/schema';
import { TooManyTries } from '../../errors';
import { type CartLine, type CartRow, currentPriceSql, liveCart } from './queries';

/**
 * A cart's hold (security finding 4: a cart must not keep stock, promo uses or a stale price for as
 * long as someone keeps touching it). A real change renews the hold, but never past the cart's
 * lifetime from its first item; every renewal takes the items' current prices; one address may
 * have only so many carts holding units at once.
 */

/**
 * Lines at the price they take now. An open cart is shown and checked out at its items' current
 * prices, so what the page sums is what checkout charges, even before the next renewal writes them.
 */
export const atCurrentPrices = (lines: CartLine[]): CartLine[] => lines.map((l) => ({ ...l, price: l.current }));

/**
 * Renews a cart's hold after a real change of what it holds: every line takes its item's current
 * price (the organizer may have re-imported one since), the lifetime starts with the cart's first
 * item (a real change that leaves units in a cart that never had any), and the hold runs for
 * `holdMinutes` from now, never past that lifetime.
 */
export async function renewHold(tx: Tx, cart: CartRow, holdMinutes: number, now: Date): Promise<CartRow> {
  await tx
    .update(storeCartLines)
    .set({ price: currentPriceSql() })
    .from(storeItems)
    .where(and(eq(storeCartLines.cartId, cart.id), eq(storeItems.id, storeCartLines.itemId)));
  // Only a change that leaves units in the cart renews a cart that never held any, so this is its first item.
  const firstItemAt = cart.firstItemAt ?? now;
  const [renewed] = await tx
    .update(storeCarts)
    .set({ firstItemAt, expiresAt: renewedHoldEnd(now, holdMinutes, firstItemAt), updatedAt: now })
    .where(eq(storeCarts.id, cart.id))
    .returning();
  if (!renewed) throw new Error('cart update returned nothing');
  return renewed;
}

/** Whether a cart holds any units now. */
export async function holdsUnits(db: Db | Tx, cartId: number): Promise<boolean> {
  const [line] = await db
    .select({ itemId: storeCartLines.itemId })
    .from(storeCartLines)
    .where(eq(storeCartLines.cartId, cartId))
    .limit(1);
  return line !== undefined;
}

/**
 * Refuses a cart its first units while the address that made it already has
 * MAX_HOLDING_CARTS_PER_ADDRESS live carts holding units in the event (429, with when the soonest of
 * them ends). Counted at the first item rather than when a cart is made: the store page opens an
 * empty cart on every visit, and an empty cart keeps nothing from anyone. The count runs under a
 * transaction-scoped advisory lock on the event and address, taken after the cart's and the item's
 * row locks (no other path takes it, so the order cannot deadlock): a burst of carts from one
 * address is counted one at a time and cannot slip under the cap together.
 */
export async function assertAddressMayHold(tx: Tx, cart: CartRow, now: Date): Promise<void> {
  // Carts made before addresses were recorded have none; they are not one caller.
  if (cart.address === '') return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`store-cart-address:${cart.eventId}:${cart.address}`}, 0))`,
  );
  const holding = tx
    .select({ one: sql`1` })
    .from(storeCartLines)
    .where(eq(storeCartLines.cartId, storeCarts.id));
  const [row] = await tx
    .select({
      n: sql<number>`count(*)::int`.mapWith(Number),
      soonest: sql<Date | null>`min(${storeCarts.expiresAt})`.mapWith(storeCarts.expiresAt),
    })
    .from(storeCarts)
    .where(
      and(
        eq(storeCarts.eventId, cart.eventId),
        eq(storeCarts.address, cart.address),
        ne(storeCarts.id, cart.id),
        liveCart(now),
        exists(holding),
      ),
    );
  if ((row?.n ?? 0) < MAX_HOLDING_CARTS_PER_ADDRESS) return;
  const soonest = row?.soonest ? row.soonest.getTime() - now.getTime() : 60_000;
  throw new TooManyTries(storeMessages.tooManyCarts, Math.ceil(soonest / 1000));
}

/**
 * The hold's end and the latest a renewal can take it to, as the answers carry them: '' for a cart
 * no longer open, and no latest before the cart's first item (its lifetime has not started).
 */
export function holdTimes(cart: CartRow, holdMinutes: number): { expires: string; maxexpires: string } {
  if (cart.state !== 'open') return { expires: '', maxexpires: '' };
  const limit = cart.firstItemAt ? holdLifetimeEnd(cart.firstItemAt, holdMinutes) : null;
  // A shorter hold imported since the last renewal cannot pull the limit before the hold's end.
  const latest = limit && limit < cart.expiresAt ? cart.expiresAt : limit;
  return { expires: cart.expiresAt.toISOString(), maxexpires: latest ? latest.toISOString() : '' };
}
