import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeAllWords } from '@gavel/domain';
import { accounts, audit, authLinks, outbox } from '../../../db/schema';
import { importEvent, linkSecret } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument } from '../../../test/documents';
import { createTestApp, type TestApp } from '../../../test/harness';
import { checkoutAs, testCryptogram } from '../../../test/payments-fixtures';
import { bearer } from '../../../../../testkit/transport';
import {
  INSUFFICIENT,
  itemIds,
  type NightBidder,
  nightBidders,
  plenty,
  runJobUntilDone,
  startRun,
} from './chargeall-fixtures';

/** The declined bidder's pay link: sent by text and email, it signs them in for paying only, until they pay. */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let owner: TestStaff;
let poor: NightBidder;
let paid: NightBidder;
let runid: number;
let ids: Record<string, number>;

const sendLinks = (bidderids: number[]) =>
  call(
    t.app,
    'POST /console/events/:eventcode/charge-all/:runid/pay-links',
    { bidderids },
    { params: { eventcode: 'gala', runid }, headers: owner.headers },
  );
const follow = (token: string, host?: string) =>
  t.app.inject({ method: 'POST', url: '/api/paylink', payload: { token }, headers: host ? { host } : {} });

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now, { items: [plenty('gift', 40)] }));
  await importEvent(t, eventDocument(now, { auctioncode: 'other', eventcode: 'spring' }));
  owner = await signedInStaff(t, { role: 'owner', name: 'Olive Owner' });
  ids = await itemIds(t);
  paid = (await nightBidders(t, { prefix: 'paid', count: 1, itemId: ids.gift! }))[0]!;
  poor = (await nightBidders(t, { prefix: 'poor', count: 1, itemId: ids.gift!, card: INSUFFICIENT }))[0]!;
  await t.ctx.db.update(accounts).set({ cellphone: '3125550142' }).where(eq(accounts.id, poor.accountId));
  const started = await startRun(t, owner.headers);
  if (!started.ok || !('runid' in started.answer)) throw new Error(JSON.stringify(started));
  runid = started.answer.runid;
  await runJobUntilDone(t);
});
afterAll(async () => t.close());

describe('sending pay links', () => {
  it('texts and emails the declined bidder, skips one who owes nothing, and audits it', async () => {
    const res = await sendLinks([poor.accountId, paid.accountId]);
    if (!res.ok) throw new Error(JSON.stringify(res));
    expect(res.answer).toMatchObject({ message: 'Sent 1 pay link.', sent: [poor.accountId] });
    expect(res.answer.skipped).toEqual([
      { bidderid: paid.accountId, reason: chargeAllWords.nothingDue('paid0 Tester') },
    ]);
    const [text] = await t.ctx.db.select().from(outbox).where(eq(outbox.channel, 'text'));
    expect(text).toMatchObject({ to: '3125550142' });
    expect(text?.text).toMatch(
      /^Test Gala: your card could not be charged for \$40\.00\. Pay on your phone here: http:\/\/localhost(:\d+)?\/gala\/pay\/\S+$/,
    );
    const mail = (await t.ctx.db.select().from(outbox).where(eq(outbox.to, poor.email)).orderBy(desc(outbox.id)))[0];
    expect(mail?.subject).toBe('Please complete your payment for Test Gala');
    const [link] = await t.ctx.db.select().from(authLinks).where(eq(authLinks.kind, 'pay'));
    // Only the secret's hash is kept.
    expect(mail?.links[0]).not.toContain(link!.tokenHash);
    expect(link!.expiresAt.getTime() - now.getTime()).toBe(72 * 3_600_000);
    const [entry] = await t.ctx.db.select().from(audit).where(eq(audit.kind, 'chargeall.paylink'));
    expect(entry?.summary).toBe(`Sent a pay link to poor0 Tester (bidder ${await number(poor)})`);
    expect(entry?.after).toEqual({ runid, bidderids: [poor.accountId] });
    const list = await call(t.app, 'GET /console/events/:eventcode/charge-all', undefined, {
      params: { eventcode: 'gala' },
      headers: owner.headers,
    });
    expect(list.ok && list.answer.followup[0]?.paylinksentat).toBe(now.toISOString());
  });

  it('refuses a bidder of another event, writing nothing', async () => {
    const before = (await t.ctx.db.select().from(outbox)).length;
    const res = await sendLinks([poor.accountId, 999_999]);
    expect(res.statusCode).toBe(404);
    expect((await t.ctx.db.select().from(outbox)).length).toBe(before);
  });
});

async function number(who: NightBidder): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/userprofile', headers: who.auth });
  return (res.json() as { bidderdisplaynumber: number }).bidderdisplaynumber;
}

describe('following a pay link', () => {
  let token = '';
  let secret = '';

  it('signs the bidder in for paying only', async () => {
    secret = await linkSecret(t, poor.email, '/gala/pay/');
    const res = await follow(secret);
    expect(res.statusCode).toBe(200);
    const session = res.json() as { status: string; token: string; userid: number };
    expect(session).toMatchObject({ status: 'success', userid: poor.accountId });
    token = session.token;
    const auth = bearer(token);
    for (const url of ['/api/cart', '/api/userpaymentmethod', '/api/myorders', '/api/userprofile'])
      expect((await t.app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(200);
  });

  it('cannot bid, change the profile or the password, join, or browse the items', async () => {
    const auth = bearer(token);
    const refused = [
      await t.app.inject({
        method: 'POST',
        url: '/api/submitbid',
        headers: auth,
        payload: { eventcode: 'gala', itemid: ids.gift, buyitnow: true, quantity: 1 },
      }),
      await t.app.inject({
        method: 'PUT',
        url: '/api/userprofile',
        headers: auth,
        payload: { firstname: 'X', lastname: 'Y' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/userpasswordreset',
        headers: auth,
        payload: { password: 'a new password 123' },
      }),
      await t.app.inject({ method: 'POST', url: '/api/join', headers: auth, payload: { eventcode: 'gala' } }),
      await t.app.inject({ method: 'POST', url: '/api/auctionitems', headers: auth, payload: { eventcode: 'gala' } }),
      await t.app.inject({ method: 'DELETE', url: '/api/updatecard', headers: auth }),
    ];
    for (const res of refused) {
      expect(res.statusCode, `${res.statusCode} ${res.body}`).toBe(403);
      expect(res.json().message).toBe(chargeAllWords.payOnly);
    }
  });

  it('pays through the checkout with another card; the follow-up list shows the balance paid', async () => {
    const processortoken = await testCryptogram(t, 'gala', '4242424242424242');
    const res = await checkoutAs(
      t,
      { ...poor, token, auth: bearer(token) },
      { historyid: [poor.historyid], processortoken, totalamount: 40 },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success' });
    const list = await call(t.app, 'GET /console/events/:eventcode/charge-all', undefined, {
      params: { eventcode: 'gala' },
      headers: owner.headers,
    });
    expect(list.ok && list.answer.followup[0]).toMatchObject({ bidderid: poor.accountId, due: 0 });
  });

  it('is spent once the balance is paid, and says so', async () => {
    const res = await follow(secret);
    expect(res.json()).toEqual({ status: 'expired', message: chargeAllWords.paidLink });
    const [link] = await t.ctx.db
      .select()
      .from(authLinks)
      .where(and(eq(authLinks.kind, 'pay'), eq(authLinks.accountId, poor.accountId)));
    expect(link?.usedAt).not.toBeNull();
  });

  it('refuses an unknown link, an expired one, and one followed on another organization', async () => {
    expect((await follow('not-a-real-secret-at-all')).json()).toEqual({
      status: 'expired',
      message: chargeAllWords.linkExpired,
    });
    // A fresh link for a bidder who owes again (another item won).
    await t.app.inject({
      method: 'POST',
      url: '/api/submitbid',
      headers: poor.auth,
      payload: { eventcode: 'gala', itemid: ids.gift, buyitnow: true, quantity: 1 },
    });
    expect((await sendLinks([poor.accountId])).ok).toBe(true);
    const fresh = await linkSecret(t, poor.email, '/gala/pay/');
    expect((await follow(fresh, 'other.localhost')).json()).toMatchObject({ status: 'expired' });
    t.setNow(new Date(now.getTime() + 73 * 3_600_000));
    expect((await follow(fresh)).json()).toEqual({ status: 'expired', message: chargeAllWords.linkExpired });
    t.setNow(now);
    expect((await follow(fresh)).json()).toMatchObject({ status: 'success' });
  });
});
