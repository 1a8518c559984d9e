import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { withoutBidiControls } from '@gavel/domain';
import type { Db, Tx } from '../db/client';
import { outbox } from '../db/schema';
import type { MailMessage } from './templates';

export interface Recipient {
  organizationId: number;
  eventId: number | null;
  to: string;
}

/**
 * Queues an email in the outbox, inside the caller's transaction: the message exists only if the
 * change that caused it committed. Delivery happens later, off the request's path.
 */
export async function enqueueMail(tx: Tx | Db, recipient: Recipient, mail: MailMessage): Promise<void> {
  await tx.insert(outbox).values(mailRow(recipient, mail));
}

/** An outbox row, for a caller that queues many in one insert (the outbid notices of a moment). */
export type OutboxRow = typeof outbox.$inferInsert;

/*
 * mailRow, textRow and pushRow are the one door of every message (enqueueMail uses mailRow, and the
 * notices build their rows with all three): the names in a message are typed by bidders and
 * organizers, and a direction control in one (U+202E) would make the mail read what it does not say.
 */

export function mailRow(recipient: Recipient, mail: MailMessage): OutboxRow {
  return {
    organizationId: recipient.organizationId,
    eventId: recipient.eventId,
    channel: 'email',
    to: recipient.to,
    subject: withoutBidiControls(mail.subject),
    text: withoutBidiControls(mail.text),
    html: withoutBidiControls(mail.html),
    links: mail.links,
  };
}

export function textRow(recipient: Recipient, text: string): OutboxRow {
  return {
    organizationId: recipient.organizationId,
    eventId: recipient.eventId,
    channel: 'text',
    to: recipient.to,
    text: withoutBidiControls(text),
  };
}

/**
 * A push to every device of an account (`to` is the account's id; push/delivery.ts sends it): the
 * notice's title and body, and the app's page a tap opens.
 */
export function pushRow(
  recipient: Omit<Recipient, 'to'> & { accountId: number },
  push: { title: string; body: string; url: string },
): OutboxRow {
  return {
    organizationId: recipient.organizationId,
    eventId: recipient.eventId,
    channel: 'push',
    to: String(recipient.accountId),
    subject: withoutBidiControls(push.title),
    text: withoutBidiControls(push.body),
    links: [push.url],
  };
}

/** The latest messages queued, newest first (the development mailbox). */
export function latestMessages(db: Db, limit: number) {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}

/** A queued message of this channel whose backoff, if any, has passed: what a delivery pass may claim. */
export function queuedAndDue(channel: 'text' | 'push', now: Date) {
  return and(
    eq(outbox.channel, channel),
    eq(outbox.status, 'queued'),
    or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, now)),
  );
}

/** Marks a pass's claimed messages 'sending' (one more attempt), inside the claim's transaction. */
export async function markSending(tx: Tx, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(outbox)
    .set({ status: 'sending', statusAt: now, attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, ids));
}
