import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, outbox } from '../db/schema';
import { textRow } from '../mail/outbox';
import type { Pace } from '../texts/limiter';
import type { FakeTwilio, SignedWebhook } from './fake-twilio';
import type { TestApp } from './harness';

/** The server's account in texts tests (TWILIO_* of the test app). */
export const SERVER_SID = `AC${'1'.repeat(32)}`;
export const SERVER_TOKEN = 'a'.repeat(32);
export const SERVER_FROM = '+13125550000';

/** The environment of an app whose server account sends through the fake. */
export function twilioEnv(fake: FakeTwilio, extra: Record<string, string> = {}): Record<string, string> {
  return {
    TWILIO_ACCOUNT_SID: SERVER_SID,
    TWILIO_AUTH_TOKEN: SERVER_TOKEN,
    TWILIO_FROM: SERVER_FROM,
    TWILIO_API_URL: fake.url,
    ...extra,
  };
}

/** A clock for the rate limiter that moves only when it is waited on: the rate is checked without time passing. */
export function fakePace(): Pace & { waited: number } {
  let now = 0;
  return {
    waited: 0,
    now: () => now,
    async wait(ms) {
      now += ms;
      this.waited += ms;
    },
  };
}

/** Sends a signed webhook to the app as Twilio would: to its path, on the host it names. */
export function deliverWebhook(t: TestApp, hook: SignedWebhook, headers: Record<string, string> = hook.headers) {
  const url = new URL(hook.url);
  return t.app.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(hook.form).toString(),
  });
}

export async function organizationId(db: Db, auctioncode = 'demo'): Promise<number> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.auctioncode, auctioncode));
  if (!org) throw new Error(`no organization ${auctioncode}`);
  return org.id;
}

/** Queues texts in the outbox as every feature does (textRow); answers their ids. */
export async function queueTexts(
  db: Db,
  {
    organizationId: org,
    to,
    text,
    messageId,
  }: { organizationId: number; to: string[]; text: string; messageId?: number },
): Promise<number[]> {
  const rows = to.map((phone) => ({
    ...textRow({ organizationId: org, eventId: null, to: phone }, text),
    ...(messageId ? { messageId } : {}),
  }));
  const ids: number[] = [];
  // In slices, so a thousand rows stay within one statement's parameters.
  for (let i = 0; i < rows.length; i += 500)
    ids.push(
      ...(
        await db
          .insert(outbox)
          .values(rows.slice(i, i + 500))
          .returning({ id: outbox.id })
      ).map((r) => r.id),
    );
  return ids;
}

export async function outboxRow(db: Db, id: number) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}
