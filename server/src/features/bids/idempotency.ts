import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { AppError } from '../../errors';

/** The Idempotency-Key header (as Stripe and the IETF draft name it), if the caller sent one. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return undefined;
  if (!/^[\w.:-]{8,100}$/.test(key)) throw new AppError('bad_request', 'The Idempotency-Key header must be 8 to 100 letters, digits, -, _, . or :.');
  return key;
}

export interface Stored<T> {
  statusCode: number;
  response: T;
}

/** A stored answer to the same key, if this caller already sent it. */
export async function storedAnswer<T>(db: Db | Tx, bidderId: number, key: string, route: string): Promise<Stored<T> | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.bidderId, bidderId), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!row) return undefined;
  if (row.route !== route) throw new AppError('conflict', 'This Idempotency-Key was already used for another kind of request.');
  return { statusCode: row.statusCode, response: row.response as T };
}

export async function storeAnswer(tx: Tx, bidderId: number, key: string, route: string, statusCode: number, response: unknown): Promise<void> {
  await tx.insert(idempotencyKeys).values({ bidderId, key, route, statusCode, response });
}
