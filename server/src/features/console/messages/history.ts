import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type DeliveryCounts, isoInZone, type MessagesResponse, messageAudience, messageChannel } from '@gavel/domain';
import type { AppContext } from '../../../context';
import { consoleMessages, outbox, staff } from '../../../db/schema';
import type { StaffEventCaller } from '../../../lib/staff-caller';

/** The history shows the latest messages; an event sends a few dozen at most. */
const HISTORY_SIZE = 200;

type Bucket = keyof DeliveryCounts;

/**
 * Where an outbox row stands, for the counts. Its status says it (set by the text delivery and the
 * provider's callbacks); an email the mail job sent before it set statuses has only its sent time;
 * and without SMTP an email never leaves: it is read in the dev mailbox.
 */
function bucketOf(
  row: { status: string; sent: boolean; channel: 'email' | 'text' | 'push' },
  mailStays: boolean,
): Bucket {
  if (row.status === 'failed' || row.status === 'undelivered') return 'failed';
  if (row.status === 'delivered' || row.status === 'optedout' || row.status === 'dev' || row.status === 'sent')
    return row.status;
  if (row.sent) return 'sent';
  if (row.channel === 'email' && mailStays) return 'dev';
  return 'pending';
}

const noCounts = (): DeliveryCounts => ({ pending: 0, sent: 0, delivered: 0, failed: 0, optedout: 0, dev: 0 });

/** GET messages: the event's messages, latest first, each with who sent it and its outbox rows counted by where they stand. */
export async function messageHistory(ctx: AppContext, caller: StaffEventCaller): Promise<MessagesResponse> {
  const { event } = caller.tenant;
  const rows = await ctx.db
    .select({ message: consoleMessages, staffName: staff.name, staffEmail: staff.email })
    .from(consoleMessages)
    .leftJoin(staff, eq(staff.id, consoleMessages.staffId))
    .where(eq(consoleMessages.eventId, event.id))
    .orderBy(desc(consoleMessages.id))
    .limit(HISTORY_SIZE);
  const ids = rows.map((r) => r.message.id);
  const tallies =
    ids.length === 0
      ? []
      : await ctx.db
          .select({
            messageId: outbox.messageId,
            channel: outbox.channel,
            status: outbox.status,
            sent: sql<boolean>`${outbox.sentAt} is not null`,
            n: count(),
          })
          .from(outbox)
          .where(and(inArray(outbox.messageId, ids), eq(outbox.eventId, event.id)))
          .groupBy(outbox.messageId, outbox.channel, outbox.status, sql`${outbox.sentAt} is not null`);
  const mailStays = !ctx.config.smtpUrl;
  const delivery = new Map<number, DeliveryCounts>();
  for (const t of tallies) {
    if (t.messageId === null) continue;
    const counts = delivery.get(t.messageId) ?? noCounts();
    counts[bucketOf(t, mailStays)] += t.n;
    delivery.set(t.messageId, counts);
  }
  return {
    status: 'success',
    message: '',
    eventname: event.eventname,
    timezone: event.timezone,
    messages: rows.map(({ message: m, staffName, staffEmail }) => ({
      messageid: m.id,
      createdat: isoInZone(m.createdAt, event.timezone),
      sentby: staffName || staffEmail || '',
      audience: messageAudience.parse(m.audience),
      channel: messageChannel.parse(m.channel),
      template: m.template,
      subject: m.subject,
      body: m.body,
      recipients: m.recipients,
      queued: m.queued,
      delivery: delivery.get(m.id) ?? noCounts(),
    })),
  };
}
