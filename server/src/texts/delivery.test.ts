import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auctionItems, outbox } from '../db/schema';
import { appJobs, startJobs } from '../jobs';
import { importEvent, makeBidder } from '../test/account-fixtures';
import { eventDocument } from '../test/documents';
import { startFakeTwilio, type FakeTwilio } from '../test/fake-twilio';
import {
  fakePace,
  organizationId,
  outboxRow,
  queueTexts,
  SERVER_FROM,
  SERVER_SID,
  SERVER_TOKEN,
  twilioEnv,
} from '../test/fake-twilio-kit';
import { createTestApp, type TestApp } from '../test/harness';
import { deliverTexts, INTERRUPTED, retryDelayMs, STALE_SENDING_MS, type TextDeliveryDeps } from './delivery';
import { RateLimiter } from './limiter';
import { twilioProviders } from './twilio';
import type { TextProvider } from './provider';

/** Texts leave the outbox through Twilio's official client, here against a fake of its API. */
let t: TestApp;
let fake: FakeTwilio;
let org = 0;
const now = new Date('2026-12-01T18:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

/** The delivery with a limiter on a clock that moves only when waited on. */
function deps(rate = 1000, batch = 20): { deps: TextDeliveryDeps; sentAt: number[] } {
  const pace = fakePace();
  const sentAt: number[] = [];
  const real = twilioProviders(t.config.twilioApiUrl);
  return {
    sentAt,
    deps: {
      db: t.ctx.db,
      server: t.config.twilio,
      providers: (account): TextProvider => {
        const provider = real(account);
        return {
          send: (text) => {
            sentAt.push(pace.now());
            return provider.send(text);
          },
        };
      },
      limiter: new RateLimiter(rate, pace),
      originOf: t.ctx.site.originOf,
      batch,
    },
  };
}

beforeAll(async () => {
  fake = await startFakeTwilio({ [SERVER_SID]: SERVER_TOKEN });
  t = await createTestApp(twilioEnv(fake, { TEXT_RATE_PER_SECOND: '50' }), now);
  await importEvent(
    t,
    eventDocument(now, { items: [{ itemnum: '1', name: 'Lake Cabin', startingbid: 100, minimumbidincrease: 10 }] }),
  );
  org = await organizationId(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('text delivery', () => {
  it('sends a queued text through Twilio from the server account, with the status callback, and records its SID', async () => {
    const [id = 0] = await queueTexts(t.ctx.db, { organizationId: org, to: ['(312) 555-0101'], text: 'Hello' });
    expect(await deliverTexts(deps().deps, now)).toEqual({ tried: 1 });
    const sent = fake.texts.at(-1);
    expect(sent).toMatchObject({
      accountSid: SERVER_SID,
      to: '+13125550101',
      from: SERVER_FROM,
      body: 'Hello',
      statusCallback: `${t.ctx.site.originOf('demo')}/api/webhooks/twilio/status`,
    });
    expect(await outboxRow(t.ctx.db, id)).toMatchObject({ status: 'sent', providerId: sent?.sid, attempts: 1 });
    // Nothing is due any more: a second pass sends nothing.
    const before = fake.requests;
    expect(await deliverTexts(deps().deps, now)).toEqual({ tried: 0 });
    expect(fake.requests).toBe(before);
  });

  it('keeps texts through an outage and sends each once when Twilio is back, after the backoff', async () => {
    fake.outage();
    const ids = await queueTexts(t.ctx.db, { organizationId: org, to: ['3125550102', '3125550103'], text: 'Outage' });
    await deliverTexts(deps().deps, now);
    for (const id of ids) {
      const row = await outboxRow(t.ctx.db, id);
      expect(row).toMatchObject({ status: 'queued', attempts: 1, nextAttemptAt: at(retryDelayMs(1)) });
      expect(row.lastError).toMatch(/^Twilio 503/);
    }
    // Not due yet, and still down: nothing is tried.
    const tries = fake.requests;
    expect(await deliverTexts(deps().deps, at(5_000))).toEqual({ tried: 0 });
    expect(fake.requests).toBe(tries);
    // Due and still down: a second try, a longer wait.
    await deliverTexts(deps().deps, at(retryDelayMs(1)));
    expect(await outboxRow(t.ctx.db, ids[0] ?? 0)).toMatchObject({
      status: 'queued',
      attempts: 2,
      nextAttemptAt: at(retryDelayMs(1) + retryDelayMs(2)),
    });
    fake.recover();
    await deliverTexts(deps().deps, at(retryDelayMs(1) + retryDelayMs(2)));
    for (const id of ids) expect(await outboxRow(t.ctx.db, id)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(fake.texts.filter((x) => x.body === 'Outage').map((x) => x.to)).toEqual(['+13125550102', '+13125550103']);
  });

  it('fails a text the provider refuses, and one to no number, without trying again', async () => {
    const [refused = 0, nonumber = 0] = await queueTexts(t.ctx.db, {
      organizationId: org,
      to: ['5550001234', 'call me'],
      text: 'Refused',
    });
    await deliverTexts(deps().deps, now);
    expect(await outboxRow(t.ctx.db, refused)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await outboxRow(t.ctx.db, refused)).lastError).toMatch(/^Twilio 400 \(21211\)/);
    expect(await outboxRow(t.ctx.db, nonumber)).toMatchObject({
      status: 'failed',
      attempts: 0,
      lastError: 'Not a phone number a text can reach.',
    });
    expect(await deliverTexts(deps().deps, at(3_600_000))).toEqual({ tried: 0 });
  });

  it('never sends twice a text a stopped process left sending: after a while it is failed, with the reason', async () => {
    const [old = 0, recent = 0] = await queueTexts(t.ctx.db, {
      organizationId: org,
      to: ['3125550104', '3125550105'],
      text: 'Crashed',
    });
    await t.ctx.db
      .update(outbox)
      .set({ status: 'sending', statusAt: at(-STALE_SENDING_MS - 1), attempts: 1 })
      .where(eq(outbox.id, old));
    await t.ctx.db
      .update(outbox)
      .set({ status: 'sending', statusAt: at(-60_000), attempts: 1 })
      .where(eq(outbox.id, recent));
    const tries = fake.requests;
    await deliverTexts(deps().deps, now);
    expect(fake.requests).toBe(tries);
    expect(await outboxRow(t.ctx.db, old)).toMatchObject({ status: 'failed', lastError: INTERRUPTED });
    expect(await outboxRow(t.ctx.db, recent)).toMatchObject({ status: 'sending' });
    await t.ctx.db.update(outbox).set({ status: 'failed' }).where(eq(outbox.id, recent));
  });

  it('sends the 1,000 texts of one console message once each, never more than the rate in any second', async () => {
    const rate = 50;
    // As the messages helper queues them (textRow, with the message's id), in one statement.
    await t.ctx.db.execute(
      sql`insert into outbox (organization_id, channel, "to", text, message_id)
          select ${org}, 'text', '312' || (7000000 + g), 'Thank you for coming!', 4242 from generate_series(0, 999) g`,
    );
    const { deps: d, sentAt } = deps(rate, rate);
    let passes = 0;
    while ((await deliverTexts(d, now)).tried > 0) passes++;
    expect(passes).toBe(1000 / rate);
    const mine = fake.texts.filter((x) => x.body === 'Thank you for coming!');
    expect(mine).toHaveLength(1000);
    expect(new Set(mine.map((x) => x.to)).size).toBe(1000);
    const rows = await t.ctx.db.select().from(outbox).where(eq(outbox.messageId, 4242));
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(1000);
    expect(new Set(rows.map((r) => r.providerId)).size).toBe(1000);
    // On the limiter's clock: any rate+1 consecutive sends span at least a second.
    expect(sentAt).toHaveLength(1000);
    for (let i = 0; i + rate < sentAt.length; i++)
      expect((sentAt[i + rate] ?? 0) - (sentAt[i] ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it('texts an outbid bidder through the running job within seconds of the bid', async () => {
    const ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
    const bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
    await t.ctx.db
      .update(accounts)
      .set({ allowtexting: true, cellphone: '312-555-0199' })
      .where(eq(accounts.id, ann.accountId));
    const [lot] = await t.ctx.db.select({ id: auctionItems.id }).from(auctionItems);
    const jobs = startJobs(
      appJobs(t.ctx, { info: () => undefined }).filter((j) => j.name === 'texts'),
      { clock: t.ctx.clock, log: { error: () => undefined } },
    );
    try {
      const before = fake.texts.length;
      for (const [who, bid] of [
        [ann, 100],
        [bob, 110],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/submitbid',
          headers: who.auth,
          payload: { eventcode: 'gala', itemid: lot?.id, bid },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      await fake.waitForTexts(before + 1, 10_000);
      expect(fake.texts.at(-1)).toMatchObject({ to: '+13125550199' });
      expect(fake.texts.at(-1)?.body).toMatch(/You have been outbid on Lake Cabin/);
    } finally {
      await jobs.stop();
    }
  });
});
