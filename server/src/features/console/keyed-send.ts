import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../db/schema';
import { digest, keyUsedElsewhere } from '../../lib/idempotent';

/**
 * A console send that mails or texts many people (a message, statements) is made once under the
 * console's Idempotency-Key: its audit entry keeps the key and a digest of what was asked, and a
 * retry (a lost answer on the venue's Wi-Fi, a second press) finds that entry and answers from it
 * instead of sending again. Charge all's runs are started the same way (chargeall/service.ts).
 */
export interface KeyedSend {
  eventId: number;
  /** The audit kind of the send, e.g. 'message.send'. */
  kind: string;
  key: string;
  /** The validated request, whose digest a reused key must match. */
  body: unknown;
}

/** What the send's audit entry keeps of the key: the key and a digest of what was asked (nothing without a key). */
export function keptKey(key: string | undefined, body: unknown): { key?: string; requesthash?: string } {
  return key ? { key, requesthash: digest({ body }) } : {};
}

/** The audit entry an earlier send under this key wrote (its `after`), or undefined for a new key; 422 when the key sent something else. */
async function entryOf(db: Db | Tx, send: KeyedSend): Promise<unknown> {
  const [row] = await db
    .select({ after: audit.after, requesthash: sql<string | null>`${audit.after}->>'requesthash'` })
    .from(audit)
    .where(and(eq(audit.eventId, send.eventId), eq(audit.kind, send.kind), sql`${audit.after}->>'key' = ${send.key}`))
    .limit(1);
  if (!row) return undefined;
  if (row.requesthash !== digest({ body: send.body })) throw keyUsedElsewhere();
  return row.after;
}

/**
 * Inside the send's transaction, before it writes: sends of the same kind for the event are taken
 * one at a time (an advisory lock held to the commit), so a retry racing its original waits for
 * it and then finds its entry.
 */
export async function sentUnderKey(tx: Tx, send: KeyedSend): Promise<unknown> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${send.kind}:${send.eventId}`}, 0))`);
  return entryOf(tx, send);
}

/** The same look without the lock, for a send that does slow work (PDFs) before its transaction. */
export async function sentBefore(db: Db, send: KeyedSend): Promise<unknown> {
  return entryOf(db, send);
}
