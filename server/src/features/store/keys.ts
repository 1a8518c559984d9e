import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { cartIdempotencyKeys } from '../../db/schema';
import { digest, type KeyedRequest, replayOf } from '../../lib/idempotent';

/**
 * A store checkout's Idempotency-Key, kept per cart (a store buyer has a cart, not a bidder) with
 * the rules of lib/idempotent.ts: a retry is answered from the first answer, and the key with
 * another body is refused (422) before anything is recorded or charged. `owner` is the cart's id.
 */
export async function findCartAnswer<T>(db: Db | Tx, w: KeyedRequest, key: string): Promise<T | undefined> {
  const [row] = await db
    .select()
    .from(cartIdempotencyKeys)
    .where(and(eq(cartIdempotencyKeys.cartId, w.owner), eq(cartIdempotencyKeys.key, key)))
    .limit(1);
  return row ? replayOf<T>(row, w.route, digest(w)) : undefined;
}

/** Keeps a checkout's answer under the cart's key, in the transaction that settles its order. */
export async function keepCartAnswer(tx: Tx, w: KeyedRequest, key: string, answer: unknown): Promise<void> {
  await tx
    .insert(cartIdempotencyKeys)
    .values({ cartId: w.owner, key, route: w.route, requestHash: digest(w), statusCode: 200, response: answer })
    .onConflictDoNothing();
}
