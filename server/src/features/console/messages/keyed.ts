import { and, eq, sql } from 'drizzle-orm';
import { type MessageRequestValues, type MessageSent, messageWords } from '@gavel/domain';
import { z } from 'zod';
import type { Tx } from '../../../db/client';
import { audit } from '../../../db/schema';
import { digest, keyUsedElsewhere } from '../../../lib/idempotent';

/** The audit kind of a message sent; its entry keeps the Idempotency-Key it was sent under. */
export const SENT_AUDIT_KIND = 'message.send';

/** What a sent message's audit entry keeps of the key: the key and a digest of what was asked. */
export function keptKey(key: string | undefined, body: MessageRequestValues): { key?: string; requesthash?: string } {
  return key ? { key, requesthash: digest({ body }) } : {};
}

const sentEntry = z.object({
  messageid: z.number().int(),
  recipients: z.number().int(),
  queued: z.number().int(),
  requesthash: z.string(),
});

/**
 * The answer to a send under an Idempotency-Key the event has seen before: the message that key
 * sent (nothing is sent again), or 422 when the key sent another message. Undefined for a new key.
 * Sends of an event are taken one at a time (an advisory lock on the event, held to the commit),
 * so a retry racing its original waits for it and then finds it.
 */
export async function sentUnderKey(
  tx: Tx,
  eventId: number,
  key: string,
  body: MessageRequestValues,
): Promise<MessageSent | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`message:${eventId}`}, 0))`);
  const [row] = await tx
    .select({ after: audit.after })
    .from(audit)
    .where(and(eq(audit.eventId, eventId), eq(audit.kind, SENT_AUDIT_KIND), sql`${audit.after}->>'key' = ${key}`))
    .limit(1);
  if (!row) return undefined;
  const sent = sentEntry.parse(row.after);
  if (sent.requesthash !== digest({ body })) throw keyUsedElsewhere();
  return {
    status: 'success',
    message: messageWords.sent(sent.recipients, sent.queued),
    preview: false,
    messageid: sent.messageid,
    recipients: sent.recipients,
    queued: sent.queued,
  };
}
