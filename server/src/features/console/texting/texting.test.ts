import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleNeeded, textingMessages } from '@gavel/domain';
import { audit, textOptouts, textSettings } from '../../../db/schema';
import { importEvent, makeBidder } from '../../../test/account-fixtures';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument } from '../../../test/documents';
import { startFakeTwilio, type FakeTwilio } from '../../../test/fake-twilio';
import { fakePace, organizationId, outboxRow, queueTexts } from '../../../test/fake-twilio-kit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { deliverTexts } from '../../../texts/delivery';
import { textDeliveryDeps } from '../../../texts/job';
import { RateLimiter } from '../../../texts/limiter';

/** The owner's texting screen: the organization's own Twilio account, which account is in use, counts and opt-outs. */
let t: TestApp;
let fake: FakeTwilio;
let owner: TestStaff;
let org = 0;
const now = new Date('2026-12-01T18:00:00Z');
const SID = `AC${'2'.repeat(32)}`;
const TOKEN = 'c'.repeat(32);
const SETTINGS = {
  accountsid: SID,
  authtoken: TOKEN,
  fromnumber: '+13125550111',
  messagingservicesid: '',
  helpcontact: 'help@example.org',
};

const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/console/texting', headers });
const put = (payload: object, headers: Record<string, string> = owner.headers) =>
  t.app.inject({ method: 'PUT', url: '/api/console/texting', headers, payload });
const deliver = () => deliverTexts(textDeliveryDeps(t.ctx, new RateLimiter(1000, fakePace())), now);
const auditRows = () => t.ctx.db.select().from(audit).where(eq(audit.kind, 'texting.update')).orderBy(desc(audit.id));

beforeAll(async () => {
  fake = await startFakeTwilio({ [SID]: TOKEN });
  // No server account: only the organization's own sends.
  t = await createTestApp({ TWILIO_API_URL: fake.url }, now);
  await importEvent(t, eventDocument(now));
  owner = await signedInStaff(t, { role: 'owner' });
  org = await organizationId(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('without any account', () => {
  it('says none is in use, and texts stay in the dev mailbox marked dev, never sent', async () => {
    const [id = 0] = await queueTexts(t.ctx.db, { organizationId: org, to: ['3125550101'], text: 'Dev only' });
    await deliver();
    expect(await outboxRow(t.ctx.db, id)).toMatchObject({ status: 'dev', providerId: null });
    expect(fake.requests).toBe(0);
    const res = await get(owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      inuse: 'none',
      settings: { accountsid: '', authtokenset: false, fromnumber: '', messagingservicesid: '', helpcontact: '' },
      counts: { dev: 1, sent: 0, delivered: 0, failed: 0 },
      optouts: { count: 0, numbers: [] },
    });
  });
});

describe('access', () => {
  it('is the owner’s: staff and volunteers are refused with the role needed, bidders and other organizations too', async () => {
    for (const role of ['staff', 'volunteer'] as const) {
      const who = await signedInStaff(t, { role, email: `${role}-texting@example.org` });
      for (const res of [await get(who.headers), await put(SETTINGS, who.headers)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ message: roleNeeded('owner') });
      }
    }
    const bidder = await makeBidder(t, 'gala', 'ann@example.org');
    expect((await put(SETTINGS, bidder.auth)).statusCode).toBe(401);
    const other = await signedInStaff(t, { role: 'owner', email: 'owner@other.org', auctioncode: 'other' });
    expect((await put(SETTINGS, other.headers)).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(textSettings)).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });
});

describe('saving', () => {
  it('refuses a bad number, SID or token with the field’s message, writing nothing', async () => {
    const cases: Array<[object, string, string]> = [
      [{ fromnumber: '312-555-0111' }, 'fromnumber', textingMessages.e164],
      [{ accountsid: 'AB123' }, 'accountsid', textingMessages.accountsid],
      [{ authtoken: 'short' }, 'authtoken', textingMessages.authtoken],
      [{ fromnumber: '', messagingservicesid: 'MG1' }, 'messagingservicesid', textingMessages.messagingservicesid],
      [{ fromnumber: '' }, 'fromnumber', textingMessages.sender],
      [{ authtoken: '' }, 'authtoken', textingMessages.authtokenNeeded],
    ];
    for (const [change, path, message] of cases) {
      const res = await put({ ...SETTINGS, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors, JSON.stringify(change)).toContainEqual({ path, message });
    }
    expect(await t.ctx.db.select().from(textSettings)).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it('saves the organization’s account, never serves its token, audits with the token masked, and sends through it', async () => {
    const res = await put(SETTINGS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(TOKEN);
    expect(res.json()).toMatchObject({
      inuse: 'organization',
      settings: { accountsid: SID, authtokenset: true, fromnumber: '+13125550111', helpcontact: 'help@example.org' },
    });
    const [entry] = await auditRows();
    expect(entry).toMatchObject({
      kind: 'texting.update',
      summary: `Set the text provider account ${SID}`,
      before: { accountsid: '', authtoken: '', fromnumber: '', helpcontact: '' },
      after: { accountsid: SID, authtoken: '(secret)', fromnumber: '+13125550111', helpcontact: 'help@example.org' },
    });
    expect(JSON.stringify(entry)).not.toContain(TOKEN);

    const [id = 0] = await queueTexts(t.ctx.db, { organizationId: org, to: ['3125550102'], text: 'Own account' });
    await deliver();
    expect(await outboxRow(t.ctx.db, id)).toMatchObject({ status: 'sent' });
    expect(fake.texts.at(-1)).toMatchObject({ accountSid: SID, from: '+13125550111', to: '+13125550102' });
  });

  it('keeps the token when none is typed, notes a replaced one, and clears everything with the account', async () => {
    await put({ ...SETTINGS, authtoken: '', fromnumber: '', messagingservicesid: `MG${'3'.repeat(32)}` });
    const [kept] = await t.ctx.db.select().from(textSettings);
    expect(kept).toMatchObject({ authtoken: TOKEN, fromnumber: '', messagingservicesid: `MG${'3'.repeat(32)}` });
    expect((await auditRows())[0]).toMatchObject({
      before: { fromnumber: '+13125550111', messagingservicesid: '' },
      after: { fromnumber: '', messagingservicesid: `MG${'3'.repeat(32)}` },
    });

    await put({ ...SETTINGS, authtoken: 'd'.repeat(32) });
    expect((await auditRows())[0]).toMatchObject({
      before: { authtoken: '(secret)' },
      after: { authtoken: '(secret) replaced' },
    });

    const cleared = await put({
      accountsid: '',
      authtoken: '',
      fromnumber: '',
      messagingservicesid: '',
      helpcontact: '',
    });
    expect(cleared.json()).toMatchObject({ inuse: 'none', settings: { accountsid: '', authtokenset: false } });
    expect((await auditRows())[0]).toMatchObject({ summary: 'Cleared the organization’s own text provider account' });
  });

  it('lists the numbers that opted out, latest first, with their count', async () => {
    await t.ctx.db.insert(textOptouts).values([
      { organizationId: org, phone: '+13125550001', word: 'STOP', createdAt: new Date(now.getTime() - 60_000) },
      { organizationId: org, phone: '+13125550002', word: 'QUIT', createdAt: now },
    ]);
    expect((await get(owner.headers)).json().optouts).toEqual({
      count: 2,
      numbers: [
        { phone: '+13125550002', word: 'QUIT', created: now.toISOString() },
        { phone: '+13125550001', word: 'STOP', created: new Date(now.getTime() - 60_000).toISOString() },
      ],
    });
  });
});
