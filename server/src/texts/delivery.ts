import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { e164Of } from '@gavel/domain';
import type { TwilioAccount } from '../config';
import type { Db } from '../db/client';
import { organizations, outbox } from '../db/schema';
import { markSending, queuedAndDue } from '../mail/outbox';
import { accountChoices } from './accounts';
import type { RateLimiter } from './limiter';
import { optedOut } from './optouts';
import { type ProviderFactory, TextSendError, type TextProvider } from './provider';

/** Tries of a text before a transient failure becomes final (about half an hour of outage, with the backoff). */
export const MAX_TEXT_ATTEMPTS = 8;
const FIRST_RETRY_MS = 15_000;
const LONGEST_RETRY_MS = 15 * 60_000;
/**
 * A text claimed this long ago and still 'sending' was being sent by a process that stopped: the
 * provider may or may not have it, so it is marked failed rather than sent again (never twice).
 */
export const STALE_SENDING_MS = 10 * 60_000;
export const INTERRUPTED =
  'The server stopped while sending this text; it was not sent again, so it is never sent twice.';
const NOT_A_NUMBER = 'Not a phone number a text can reach.';

export const STATUS_CALLBACK_PATH = '/api/webhooks/twilio/status';

/** How long a text waits after its nth failed try: doubling from 15 s, at most 15 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface TextDeliveryDeps {
  db: Db;
  /** The server's own account (TWILIO_*), for organizations without one. */
  server: TwilioAccount | undefined;
  providers: ProviderFactory;
  limiter: RateLimiter;
  /** The organization's public address (lib/site.ts), for the status callback. */
  originOf: (auctioncode: string) => string;
  /** Texts claimed at a time: about a second's worth at the configured rate. */
  batch: number;
}

interface Claimed {
  id: number;
  to: string;
  text: string;
  attempts: number;
  auctioncode: string;
  account: TwilioAccount;
}

/** Texts claimed long ago and never settled: failed, with the reason (see STALE_SENDING_MS). */
async function failInterrupted(db: Db, now: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'failed', statusAt: now, lastError: INTERRUPTED })
    .where(
      and(
        eq(outbox.channel, 'text'),
        eq(outbox.status, 'sending'),
        lt(outbox.statusAt, new Date(now.getTime() - STALE_SENDING_MS)),
      ),
    );
}

/**
 * Claims the texts due now (FOR UPDATE SKIP LOCKED: one process each) and settles in the same
 * transaction those that will not be sent (opted out, no provider, not a number); the rest are
 * marked 'sending' and committed before any is sent.
 */
async function claim(deps: TextDeliveryDeps, now: Date): Promise<Claimed[]> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ row: outbox, auctioncode: organizations.auctioncode })
      .from(outbox)
      .innerJoin(organizations, eq(organizations.id, outbox.organizationId))
      .where(queuedAndDue('text', now))
      .orderBy(asc(outbox.id))
      .limit(deps.batch)
      .for('update', { of: outbox, skipLocked: true });
    if (rows.length === 0) return [];
    const choices = await accountChoices(
      tx,
      rows.map((r) => r.row.organizationId),
      deps.server,
    );
    const settle = new Map<string, number[]>();
    const mark = (status: string, id: number) => settle.set(status, [...(settle.get(status) ?? []), id]);
    const claimed: Claimed[] = [];
    for (const organizationId of new Set(rows.map((r) => r.row.organizationId))) {
      const mine = rows.filter((r) => r.row.organizationId === organizationId);
      const stopped = await optedOut(
        tx,
        organizationId,
        mine.map((r) => e164Of(r.row.to)).filter((p): p is string => p !== null),
      );
      const { account } = choices.get(organizationId) ?? { account: undefined };
      for (const { row, auctioncode } of mine) {
        const to = e164Of(row.to);
        if (to === null) mark('badnumber', row.id);
        else if (stopped.has(to)) mark('optedout', row.id);
        else if (!account) mark('dev', row.id);
        else claimed.push({ id: row.id, to, text: row.text, attempts: row.attempts + 1, auctioncode, account });
      }
    }
    for (const [status, ids] of settle)
      await tx
        .update(outbox)
        .set(
          status === 'badnumber'
            ? { status: 'failed', statusAt: now, lastError: NOT_A_NUMBER }
            : { status, statusAt: now },
        )
        .where(inArray(outbox.id, ids));
    await markSending(
      tx,
      claimed.map((c) => c.id),
      now,
    );
    return claimed;
  });
}

type Outcome = { providerId: string } | TextSendError;

/**
 * Records what the provider said of a pass's texts; only a text still 'sending' (this pass's claim)
 * changes. The sent ones in one statement (a pass is up to a hundred; one update each was most of a
 * pass's time, measured), the failures, which are rare, one by one.
 */
async function record(db: Db, outcomes: Array<{ text: Claimed; outcome: Outcome }>, now: Date) {
  const sent = outcomes.flatMap(({ text, outcome }) =>
    outcome instanceof TextSendError ? [] : [{ id: text.id, providerId: outcome.providerId }],
  );
  if (sent.length > 0)
    await db
      .update(outbox)
      .set({
        status: 'sent',
        providerId: sql`case ${outbox.id} ${sql.join(
          sent.map((s) => sql`when ${s.id} then ${s.providerId}`),
          sql` `,
        )} end`,
        sentAt: now,
        statusAt: now,
        lastError: null,
      })
      .where(
        and(
          inArray(
            outbox.id,
            sent.map((s) => s.id),
          ),
          eq(outbox.status, 'sending'),
        ),
      );
  for (const { text, outcome } of outcomes) {
    if (!(outcome instanceof TextSendError)) continue;
    const mine = and(eq(outbox.id, text.id), eq(outbox.status, 'sending'));
    const lastError = outcome.message.slice(0, 500);
    const retry = outcome.transient && text.attempts < MAX_TEXT_ATTEMPTS;
    await db
      .update(outbox)
      .set(
        retry
          ? {
              status: 'queued',
              statusAt: now,
              nextAttemptAt: new Date(now.getTime() + retryDelayMs(text.attempts)),
              lastError,
            }
          : { status: 'failed', statusAt: now, lastError },
      )
      .where(mine);
  }
}

export interface DeliveryCounts {
  /** Texts handed to the provider (sent or failed). */
  tried: number;
}

/**
 * One pass of text delivery (the `texts` job): fails texts a stopped process left 'sending', claims
 * a batch, then sends each outside any transaction, at most the limiter's rate, and records the
 * outcome. A transient failure is queued again after a backoff; a permanent one is final.
 */
export async function deliverTexts(deps: TextDeliveryDeps, now: Date): Promise<DeliveryCounts> {
  await failInterrupted(deps.db, now);
  const claimed = await claim(deps, now);
  const providers = new Map<string, TextProvider>();
  const providerOf = (account: TwilioAccount): TextProvider => {
    const key = `${account.accountsid}\n${account.fromnumber}\n${account.messagingservicesid}`;
    const known = providers.get(key);
    if (known) return known;
    const made = deps.providers(account);
    providers.set(key, made);
    return made;
  };
  const sends: Promise<{ text: Claimed; outcome: Outcome }>[] = [];
  for (const text of claimed) {
    await deps.limiter.take();
    const statusCallback = deps.originOf(text.auctioncode) + STATUS_CALLBACK_PATH;
    sends.push(
      providerOf(text.account)
        .send({ to: text.to, body: text.text, statusCallback })
        .catch((err: unknown) =>
          err instanceof TextSendError
            ? err
            : new TextSendError(err instanceof Error ? err.message : String(err), true),
        )
        .then((outcome) => ({ text, outcome })),
    );
  }
  await record(deps.db, await Promise.all(sends), now);
  return { tried: claimed.length };
}
