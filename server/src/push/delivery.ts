import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PushPayload } from '@gavel/domain';
import type { Db } from '../db/client';
import { outbox, pushSubscriptions } from '../db/schema';
import { markSending, queuedAndDue } from '../mail/outbox';
import type { PushOutcome, PushSender } from './sender';

/** Tries of a push before a busy push service is given up on (about half an hour, with the backoff). */
export const MAX_PUSH_ATTEMPTS = 6;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 15 * 60_000;
/** A push claimed this long ago and still 'sending' was being sent by a process that stopped. */
export const STALE_SENDING_MS = 10 * 60_000;
/** A device refused this many pushes in a row (its keys changed, say) is forgotten. */
export const MAX_DEVICE_FAILURES = 5;

export const INTERRUPTED = 'The server stopped while sending this push; it was not sent again.';
export const NO_DEVICE = 'No device of the account was subscribed when the push was to go.';

/** How long a push waits after its nth busy try: doubling from 30 s, at most 15 minutes, or what the service asked. */
export function pushRetryDelayMs(attempts: number, askedMs: number): number {
  const backoff = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.max(backoff, Math.min(askedMs, 60 * 60_000));
}

export interface PushDeliveryDeps {
  db: Db;
  send: PushSender;
  /** Pushes claimed at a time. */
  batch: number;
}

interface ClaimedDevice {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

interface Claimed {
  id: number;
  attempts: number;
  payload: PushPayload;
  devices: ClaimedDevice[];
}

/** What a queued push row shows on the phone: its title, body, the page it opens, and a tag per page. */
function payloadOf(row: typeof outbox.$inferSelect): PushPayload {
  const url = row.links[0] ?? '';
  let tag = url;
  try {
    // One tag per item's page, whatever the address's origin: a newer notice of the item replaces the older.
    tag = `gavel:${new URL(url).pathname}`;
  } catch {
    // Not an address: the text itself is the tag.
  }
  return { title: row.subject, body: row.text, url, tag };
}

/**
 * Claims the pushes due now (FOR UPDATE SKIP LOCKED: one process each) with their account's
 * devices, in one transaction that also settles what will not be sent: a push whose account has no
 * device now, and a push a stopped process left 'sending'. The rest are marked 'sending' and
 * committed before any is sent.
 */
async function claim(deps: PushDeliveryDeps, now: Date): Promise<Claimed[]> {
  const stale = new Date(now.getTime() - STALE_SENDING_MS);
  // Unsent rows only (the outbox_unsent index), then the push rows due or stuck.
  const waiting = and(
    isNull(outbox.sentAt),
    or(
      queuedAndDue('push', now),
      and(eq(outbox.channel, 'push'), eq(outbox.status, 'sending'), lt(outbox.statusAt, stale)),
    ),
  );
  // Most seconds have nothing to send: one plain read then, not a transaction (on the embedded
  // database, the bids' one connection).
  const [any] = await deps.db.select({ id: outbox.id }).from(outbox).where(waiting).limit(1);
  if (!any) return [];
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(waiting)
      .orderBy(asc(outbox.id))
      .limit(deps.batch)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    const interrupted = rows.filter((r) => r.status === 'sending').map((r) => r.id);
    if (interrupted.length > 0)
      await tx
        .update(outbox)
        .set({ status: 'failed', statusAt: now, lastError: INTERRUPTED })
        .where(inArray(outbox.id, interrupted));
    const due = rows.filter((r) => r.status === 'queued');
    const accountIds = [...new Set(due.map((r) => Number(r.to)).filter(Number.isSafeInteger))];
    const devices =
      accountIds.length === 0
        ? []
        : await tx
            .select({
              id: pushSubscriptions.id,
              accountId: pushSubscriptions.accountId,
              organizationId: pushSubscriptions.organizationId,
              endpoint: pushSubscriptions.endpoint,
              p256dh: pushSubscriptions.p256dh,
              auth: pushSubscriptions.auth,
            })
            .from(pushSubscriptions)
            .where(inArray(pushSubscriptions.accountId, accountIds));
    const claimed: Claimed[] = [];
    const none: number[] = [];
    for (const row of due) {
      const mine = devices.filter((d) => d.accountId === Number(row.to) && d.organizationId === row.organizationId);
      if (mine.length === 0) none.push(row.id);
      else claimed.push({ id: row.id, attempts: row.attempts + 1, payload: payloadOf(row), devices: mine });
    }
    if (none.length > 0)
      await tx
        .update(outbox)
        .set({ status: 'nodevice', statusAt: now, lastError: NO_DEVICE })
        .where(inArray(outbox.id, none));
    await markSending(
      tx,
      claimed.map((c) => c.id),
      now,
    );
    return claimed;
  });
}

/**
 * What the pass learned of the devices: forgets the gone ones, stamps the reached ones, counts the
 * refusals (forgetting a device refused MAX_DEVICE_FAILURES times in a row).
 */
async function recordDevices(db: Db, results: Array<{ device: ClaimedDevice; outcome: PushOutcome }>, now: Date) {
  const ids = (kind: PushOutcome['kind']) => results.filter((r) => r.outcome.kind === kind).map((r) => r.device.id);
  const gone = ids('gone');
  const reached = ids('sent');
  const refused = ids('refused');
  if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  if (reached.length > 0)
    await db
      .update(pushSubscriptions)
      .set({ lastSentAt: now, failures: 0 })
      .where(inArray(pushSubscriptions.id, reached));
  if (refused.length > 0) {
    await db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(inArray(pushSubscriptions.id, refused));
    await db
      .delete(pushSubscriptions)
      .where(and(inArray(pushSubscriptions.id, refused), gte(pushSubscriptions.failures, MAX_DEVICE_FAILURES)));
  }
}

/**
 * A push row's end: sent when some device took it; queued again after a backoff when a device's
 * service was busy and tries remain (every device is sent it again: the phone's tag makes a second
 * copy replace the first); otherwise failed, with what the last service said.
 */
async function recordRow(
  db: Db,
  push: Claimed,
  outcomes: Array<{ device: ClaimedDevice; outcome: PushOutcome }>,
  now: Date,
) {
  const mine = and(eq(outbox.id, push.id), eq(outbox.status, 'sending'));
  const busy = outcomes.flatMap(({ outcome }) => (outcome.kind === 'busy' ? [outcome] : []));
  const said = outcomes.flatMap(({ outcome }) => (outcome.kind === 'sent' ? [] : [outcome.error])).at(-1);
  const lastError = said?.slice(0, 500) ?? null;
  if (busy.length > 0 && push.attempts < MAX_PUSH_ATTEMPTS) {
    const asked = Math.max(...busy.map((b) => b.retryAfterMs));
    const nextAttemptAt = new Date(now.getTime() + pushRetryDelayMs(push.attempts, asked));
    await db.update(outbox).set({ status: 'queued', statusAt: now, nextAttemptAt, lastError }).where(mine);
    return;
  }
  const sent = outcomes.some(({ outcome }) => outcome.kind === 'sent');
  await db
    .update(outbox)
    .set(
      sent ? { status: 'sent', sentAt: now, statusAt: now, lastError } : { status: 'failed', statusAt: now, lastError },
    )
    .where(mine);
}

/**
 * One pass of push delivery (the `push` job): claims a batch, sends each push to each of its
 * account's devices outside any transaction, and records what the push services said.
 */
export async function deliverPushes(deps: PushDeliveryDeps, now: Date): Promise<{ tried: number }> {
  const claimed = await claim(deps, now);
  if (claimed.length === 0) return { tried: 0 };
  const done = await Promise.all(
    claimed.map(async (push) => ({
      push,
      outcomes: await Promise.all(
        push.devices.map(async (device) => ({ device, outcome: await deps.send(device, push.payload) })),
      ),
    })),
  );
  await recordDevices(
    deps.db,
    done.flatMap((d) => d.outcomes),
    now,
  );
  for (const { push, outcomes } of done) await recordRow(deps.db, push, outcomes, now);
  return { tried: claimed.length };
}
