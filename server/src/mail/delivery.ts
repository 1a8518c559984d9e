import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

const BATCH = 20;
const MAX_ATTEMPTS = 5;

export type Sender = (m: typeof outbox.$inferSelect) => Promise<void>;

/**
 * Sends through SMTP. One transport for the process's whole life (close() releases it); the mail
 * job (server/src/jobs) calls deliverBatch with `send` every second.
 */
export function smtpSender(smtpUrl: string, from: string): { send: Sender; close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (m) => {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html || undefined });
    },
    close: () => transport.close(),
  };
}

/**
 * Sends one batch of queued email. Every server process may run it: the batch locks its rows with
 * SKIP LOCKED, so a message is sent by one process only. Failures are retried a few times.
 */
export async function deliverBatch(db: Db, send: Sender): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.sentAt), eq(outbox.channel, 'email'), lt(outbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(outbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      try {
        await send(row);
        await tx
          .update(outbox)
          .set({ sentAt: sql`now()`, attempts: row.attempts + 1 })
          .where(eq(outbox.id, row.id));
      } catch (err) {
        await tx
          .update(outbox)
          .set({ attempts: row.attempts + 1, lastError: (err as Error).message.slice(0, 500) })
          .where(eq(outbox.id, row.id));
      }
    }
    return rows.length;
  });
}
