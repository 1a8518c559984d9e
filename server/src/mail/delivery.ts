import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

const BATCH = 20;
const MAX_ATTEMPTS = 5;

export type OutboxMessage = typeof outbox.$inferSelect;
export type Sender = (m: OutboxMessage) => Promise<void>;

/**
 * What nodemailer sends for an outbox row: the text and HTML parts, and the file queued with it (a
 * statement's PDF: outbox.attachment under attachment_name), whose type nodemailer takes from the
 * name's extension.
 */
export function smtpMessage(from: string, m: OutboxMessage): Mail.Options {
  const attachments =
    m.attachment && m.attachmentName ? [{ filename: m.attachmentName, content: Buffer.from(m.attachment) }] : undefined;
  return { from, to: m.to, subject: m.subject, text: m.text, html: m.html || undefined, attachments };
}

/**
 * Sends through SMTP. One transport for the process's whole life, opened at the first message
 * (close() releases it); the mail job (server/src/jobs) calls deliverBatch with `send` every
 * second. A test hands a transport of its own (nodemailer's stream transport) instead of the URL.
 */
export function smtpSender(smtp: string | Transporter, from: string): { send: Sender; close(): void } {
  let opened: Promise<Transporter> | undefined;
  const transport = () =>
    (opened ??=
      typeof smtp === 'string'
        ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtp))
        : Promise.resolve(smtp));
  return {
    send: async (m) => {
      await (await transport()).sendMail(smtpMessage(from, m));
    },
    close: () => void opened?.then((t) => t.close()),
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
          .set({ sentAt: sql`now()`, attempts: row.attempts + 1, status: 'sent', statusAt: sql`now()` })
          .where(eq(outbox.id, row.id));
      } catch (err) {
        await tx
          .update(outbox)
          .set({
            attempts: row.attempts + 1,
            lastError: (err as Error).message.slice(0, 500),
            // The last try failed: the message's history says so rather than waiting for ever.
            ...(row.attempts + 1 >= MAX_ATTEMPTS ? { status: 'failed', statusAt: sql`now()` } : {}),
          })
          .where(eq(outbox.id, row.id));
      }
    }
    return rows.length;
  });
}
