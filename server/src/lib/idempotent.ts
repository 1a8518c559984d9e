import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from '../errors';

/**
 * The one way to make a write that a phone may retry (bids, Buy It Now, checkout, saving a card).
 * The work runs in a transaction; its answer is stored under the caller's Idempotency-Key and
 * route, and a retry is answered from the store without running the work again. A key is bound to
 * its whole request: the same key on another route, or with another body, path or query, is refused
 * (422), as payment processors do; a refused request stores nothing, so its key stays free. Effects
 * (live messages, mail) run only after the commit, and never for a replayed answer.
 */
export interface Written<T> {
  answer: T;
  /** Runs once the transaction has committed; not on a replay. The answer does not wait for it. */
  after?: () => void | Promise<void>;
}

/** The request a key is bound to: its route, its owner, and what it asked for. */
export interface KeyedRequest {
  /** The call, e.g. 'submitbid': a key is good for one route only. */
  route: string;
  /** Whose key it is: a bidder's keys never meet another's. */
  owner: number;
  /** The validated request body, whose digest a reused key must match (the item and amount are in it). */
  body: unknown;
  /** The path parameters and query, for a call that has them: they are part of the request too. */
  params?: unknown;
  query?: unknown;
}

export interface WriteOnce<L> extends KeyedRequest {
  /** The Idempotency-Key header (see idempotencyKey); without one the write simply runs. */
  key: string | undefined;
  /**
   * Row locks to take before the key is looked up, so a retry racing its original waits for it
   * and then finds the stored answer. What it returns is handed to the work.
   */
  lock: (tx: Tx) => Promise<L>;
}

/** The Idempotency-Key header (as Stripe and the IETF draft name it), if the caller sent one. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return undefined;
  if (!/^[\w.:-]{8,100}$/.test(key))
    throw new AppError('bad_request', 'The Idempotency-Key header must be 8 to 100 letters, digits, -, _, . or :.');
  return key;
}

const holdsSomething = (part: unknown): boolean =>
  part !== undefined && part !== null && (typeof part !== 'object' || Object.keys(part).length > 0);

/**
 * What a reused key's request must match: a digest of the validated body, and of the path and
 * query when the call has any (a call with none digests as its body alone, as keys stored before
 * path and query were bound were digested). The route and owner are compared as they are.
 */
export function digest(request: Pick<KeyedRequest, 'body' | 'params' | 'query'>): string {
  const { body, params, query } = request;
  const text =
    holdsSomething(params) || holdsSomething(query) ? JSON.stringify({ body, params, query }) : JSON.stringify(body);
  return createHash('sha256')
    .update(text ?? '')
    .digest('base64url');
}

/** What is stored under a key, as a write that reads it in its own SQL finds it. */
export interface StoredAnswer {
  route: string;
  requestHash: string;
  response: unknown;
}

/** The refusal of a key used before for another request (422), as payment processors refuse it. */
export function keyUsedElsewhere(): AppError {
  return new AppError(
    'unprocessable',
    'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  );
}

/** The stored answer to replay, or 422 when the key was used for another route or body. */
export function replayOf<T>(row: StoredAnswer, route: string, hash: string): T {
  if (row.route !== route || row.requestHash !== hash) throw keyUsedElsewhere();
  return row.response as T;
}

async function stored<T>(
  db: Db | Tx,
  w: Pick<KeyedRequest, 'route' | 'owner'>,
  hash: string,
  key: string,
  answerOf?: (stored: unknown) => T,
): Promise<T | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.bidderId, w.owner), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!row) return undefined;
  return answerOf ? answerOf(replayOf<unknown>(row, w.route, hash)) : replayOf<T>(row, w.route, hash);
}

/** The answer stored under a key for this request, for a write that runs its own transactions (checkout). */
export async function findAnswer<T>(db: Db | Tx, w: KeyedRequest, key: string): Promise<T | undefined> {
  return stored<T>(db, w, digest(w), key);
}

/**
 * Stores a write's answer under the caller's key, inside the write's last transaction. Such a
 * write has already done what cannot be undone (a charge, a card saved at the processor), so a key
 * that another request stored meanwhile is left as it is rather than failing this transaction: that
 * request keeps the key, and a retry of this one is answered by findAnswer as it would be.
 */
export async function keepAnswer(tx: Tx, w: KeyedRequest, key: string, answer: unknown): Promise<void> {
  await tx
    .insert(idempotencyKeys)
    .values({ bidderId: w.owner, key, route: w.route, requestHash: digest(w), statusCode: 200, response: answer })
    .onConflictDoNothing();
}

export async function writeOnce<T, L>(
  ctx: AppContext,
  w: WriteOnce<L>,
  work: (tx: Tx, now: Date, locked: L) => Promise<Written<T>>,
): Promise<T> {
  const key = w.key;
  return writeOnceBy<T>(ctx, w, (hash) =>
    ctx.db.transaction(async (tx) => {
      const locked = await w.lock(tx);
      if (key) {
        const prior = await stored<T>(tx, w, hash, key);
        if (prior) return { answer: prior };
      }
      const result = await work(tx, ctx.clock(), locked);
      if (key)
        await tx.insert(idempotencyKeys).values({
          bidderId: w.owner,
          key,
          route: w.route,
          requestHash: hash,
          statusCode: 200,
          response: result.answer,
        });
      return result;
    }),
  );
}

/**
 * writeOnce for a write that runs its own transaction in its own SQL (a bid, bids/place.ts): the
 * transaction is handed the request's digest and must, after its row locks, answer the key's stored
 * answer through replayOf, and otherwise store its answer under the key (with that digest) before
 * it commits. The rest is writeOnce's: a lost race on the key, and the effects after the commit.
 * A write that stores what its answer is made of rather than the answer itself (a bid stores what
 * it did) says how to make the answer of it: `answerOf`.
 */
export async function writeOnceBy<T>(
  ctx: AppContext,
  w: KeyedRequest & { key: string | undefined },
  transaction: (hash: string) => Promise<Written<T>>,
  answerOf?: (stored: unknown) => T,
): Promise<T> {
  const key = w.key;
  const hash = digest(w);
  let done: Written<T>;
  try {
    done = await transaction(hash);
  } catch (err) {
    // Lost a race with the same key (its insert conflicted): the other request's answer stands.
    const prior = key && !(err instanceof AppError) ? await stored<T>(ctx.db, w, hash, key, answerOf) : undefined;
    if (prior) return prior;
    throw err;
  }
  // Effects run at once, in commit order (live messages must not overtake each other); a failing
  // one is logged, never turned into a failed answer for a write that has committed.
  const failed = (err: unknown) => ctx.log.error({ err, route: w.route }, 'effects after a write failed');
  try {
    void done.after?.()?.catch(failed);
  } catch (err) {
    failed(err);
  }
  return done.answer;
}
