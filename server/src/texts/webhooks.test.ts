import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOptouts } from '../db/schema';
import { importEvent } from '../test/account-fixtures';
import { eventDocument } from '../test/documents';
import { startFakeTwilio, type FakeTwilio } from '../test/fake-twilio';
import {
  deliverWebhook,
  fakePace,
  organizationId,
  outboxRow,
  queueTexts,
  SERVER_SID,
  SERVER_TOKEN,
  twilioEnv,
} from '../test/fake-twilio-kit';
import { createTestApp, type TestApp } from '../test/harness';
import { deliverTexts } from './delivery';
import { textDeliveryDeps } from './job';
import { RateLimiter } from './limiter';

/** Twilio's webhooks: delivery statuses and the texts people send back (STOP, START, HELP), signed or refused. */
let t: TestApp;
let fake: FakeTwilio;
let org = 0;
const now = new Date('2026-12-01T18:00:00Z');
const PHONE = '+13125550199';
const refused = {
  status: 'failure',
  code: 'forbidden',
  message: 'This request is not signed by the organization’s text provider.',
};

const deliver = () => deliverTexts(textDeliveryDeps(t.ctx, new RateLimiter(1000, fakePace())), now);
const inboundUrl = () => `${t.ctx.site.originOf('demo')}/api/webhooks/twilio/inbound`;
const inbound = (body: string, authtoken = SERVER_TOKEN) =>
  deliverWebhook(t, fake.inbound({ url: inboundUrl(), from: PHONE, body, authtoken }));
const optouts = () => t.ctx.db.select().from(textOptouts).where(eq(textOptouts.organizationId, org));

/** Queues one text to the number and runs a pass of delivery; answers its row. */
async function textAndDeliver(to: string, text: string) {
  const [id = 0] = await queueTexts(t.ctx.db, { organizationId: org, to: [to], text });
  await deliver();
  return outboxRow(t.ctx.db, id);
}

beforeAll(async () => {
  fake = await startFakeTwilio({ [SERVER_SID]: SERVER_TOKEN });
  t = await createTestApp(twilioEnv(fake), now);
  await importEvent(t, eventDocument(now, { event: { organizationphone: '(312) 555-0123' } }));
  org = await organizationId(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the status callback', () => {
  it('records the status Twilio reports, and a late earlier status does not undo a final one', async () => {
    const sent = await textAndDeliver('3125550150', 'Status');
    const sid = sent.providerId ?? '';
    expect(sent.status).toBe('sent');
    const res = await deliverWebhook(t, fake.statusCallback(sid, 'delivered'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await outboxRow(t.ctx.db, sent.id)).toMatchObject({ status: 'delivered', statusAt: now });
    await deliverWebhook(t, fake.statusCallback(sid, 'sent'));
    await deliverWebhook(t, fake.statusCallback(sid, 'failed', { ErrorCode: '30003' }));
    expect(await outboxRow(t.ctx.db, sent.id)).toMatchObject({ status: 'delivered' });
  });

  it('marks an undelivered text with the error Twilio gives', async () => {
    const sent = await textAndDeliver('3125550151', 'Lost');
    await deliverWebhook(t, fake.statusCallback(sent.providerId ?? '', 'undelivered', { ErrorCode: '30005' }));
    expect(await outboxRow(t.ctx.db, sent.id)).toMatchObject({
      status: 'undelivered',
      lastError: 'Twilio error 30005',
    });
  });

  it('refuses a callback not signed with the account’s token, or signed for another address, and changes nothing', async () => {
    const sent = await textAndDeliver('3125550152', 'Forged');
    const hook = fake.statusCallback(sent.providerId ?? '', 'failed');
    const forged: Record<string, string>[] = [{}, { 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' }];
    for (const headers of forged) {
      const res = await deliverWebhook(t, hook, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refused);
    }
    // The same signed request, sent to another organization's host: the URL signed is not the one called.
    const elsewhere = { ...hook, url: hook.url.replace('//localhost', '//other.localhost') };
    expect((await deliverWebhook(t, elsewhere)).statusCode).toBe(403);
    expect(await outboxRow(t.ctx.db, sent.id)).toMatchObject({ status: 'sent' });
  });
});

describe('texts sent back', () => {
  it('STOP records the opt-out and nothing more is texted to the number; START resumes', async () => {
    const stop = await inbound('  Stop ');
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(stop.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(await optouts()).toMatchObject([{ phone: PHONE, word: 'STOP' }]);

    const tries = fake.requests;
    const held = await textAndDeliver('312-555-0199', 'After STOP');
    expect(held.status).toBe('optedout');
    expect(fake.requests).toBe(tries);

    await inbound('UNSUBSCRIBE');
    expect(await optouts()).toMatchObject([{ phone: PHONE, word: 'UNSUBSCRIBE' }]);
    await inbound('start');
    expect(await optouts()).toEqual([]);
    expect(await textAndDeliver('3125550199', 'After START')).toMatchObject({ status: 'sent' });
    expect(fake.texts.at(-1)).toMatchObject({ to: PHONE, body: 'After START' });
  });

  it('HELP answers the organization’s name and how to reach it; other texts get an empty answer', async () => {
    const help = await inbound('help');
    expect(help.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Test Foundation: auction texts. For help, contact (312) 555-0123. Reply STOP to unsubscribe.</Message></Response>',
    );
    const other = await inbound('Who is this?');
    expect(other.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(await optouts()).toEqual([]);
  });

  it('refuses an inbound text signed with another token, and records nothing', async () => {
    const res = await inbound('STOP', 'b'.repeat(32));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
    expect(await optouts()).toEqual([]);
  });
});
