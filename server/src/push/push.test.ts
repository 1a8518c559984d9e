import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessages } from '@gavel/domain';
import { auctionItems, organizations, outbox, pushSubscriptions } from '../db/schema';
import { closeDueItems } from '../features/bids/closing';
import { pushRow } from '../mail/outbox';
import { publishClosed } from '../realtime/publish';
import { importEvent, makeBidder, type TestBidder } from '../test/account-fixtures';
import { call } from '../test/call';
import { eventDocument, item } from '../test/documents';
import { type FakeDevice, type FakePush, startFakePush } from '../test/fake-push';
import { createTestApp, type TestApp } from '../test/harness';
import { deliverPushes, type PushDeliveryDeps } from './delivery';
import { pushDeliveryDeps } from './job';

/**
 * Push notices (issue 31): devices subscribe through the API, notices with Push on queue one outbox
 * row per account, and the delivery sends each to a local push service that decrypts it as the
 * phone would.
 */
let t: TestApp;
let fake: FakePush;
let deps: PushDeliveryDeps;
const now = new Date('2026-12-01T18:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
let ann: TestBidder;
let bob: TestBidder;
let cy: TestBidder;
let ids: { boat: number; spa: number };
let org = 0;

const subscribe = (who: TestBidder, device: FakeDevice) =>
  call(t.app, 'POST /pushsubscription', device.subscription, { headers: who.auth });
const bid = (who: TestBidder, itemid: number, dollars: number) =>
  call(t.app, 'POST /submitbid', { eventcode: 'gala', itemid, bid: dollars * 100 }, { headers: who.auth });
const devicesOf = (who: TestBidder) =>
  t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, who.accountId));
const pushRowsOf = (who: TestBidder) =>
  t.ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'push'), eq(outbox.to, String(who.accountId))));

/** The bidder's Push choice on every row, saved through the profile as the app saves it. */
async function choosePush(who: TestBidder, on: boolean): Promise<void> {
  const notifications = [1, 2, 3].map((notificationrowid) => ({
    notificationrowid,
    flags: { email: false, push: on },
  }));
  const saved = await call(
    t.app,
    'PUT /userprofile',
    {
      ...{ firstname: 'Pat', lastname: 'Tester', cellphone: '', address: '', address2: '', city: '', state: '' },
      ...{ zip: '60601', allowtexting: false, bidanonymously: false, notifications },
    },
    { headers: who.auth },
  );
  if (!saved.ok) throw new Error(saved.failure.message);
  expect(saved.answer.notifications.map((n) => n.flags.push)).toEqual([on, on, on]);
}

/** Sends the notices queued so far: the notifier's, then a pass of push delivery. */
async function deliver(when = now) {
  await t.ctx.notifier.idle();
  return deliverPushes(deps, when);
}

beforeAll(async () => {
  t = await createTestApp({}, now);
  fake = await startFakePush(t.config.vapid.publicKey);
  deps = pushDeliveryDeps(t.ctx, fake.fetch);
  await importEvent(
    t,
    eventDocument(now, {
      items: [
        item('boat', { name: 'Boat Ride' }),
        item('spa', { name: 'Spa Day', closing: at(8 * 60_000).toISOString() }),
      ],
    }),
  );
  const rows = await t.ctx.db.select().from(auctionItems);
  const id = (n: string) => rows.find((r) => r.itemnum === n)?.id ?? 0;
  ids = { boat: id('boat'), spa: id('spa') };
  org = (await t.ctx.db.select().from(organizations))[0]?.id ?? 0;
  ann = await makeBidder(t, 'gala', 'ann@example.org');
  bob = await makeBidder(t, 'gala', 'bob@example.org');
  cy = await makeBidder(t, 'gala', 'cy@example.org');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('push notices', () => {
  it('answers the public key and keeps a device, moving it to whoever subscribes it last', async () => {
    const key = await call(t.app, 'GET /pushkey', undefined, { headers: ann.auth });
    expect(key.ok && key.answer.publickey).toBe(t.config.vapid.publicKey);
    const phone = fake.device();
    expect((await subscribe(bob, phone)).statusCode).toBe(200);
    expect((await subscribe(ann, phone)).statusCode).toBe(200);
    expect(await devicesOf(bob)).toEqual([]);
    expect(await devicesOf(ann)).toMatchObject([{ endpoint: phone.subscription.endpoint, organizationId: org }]);
  });

  it('sends outbid, closing-soon and won notices to a bidder with Push on, decrypted on the phone with title, body and page', async () => {
    await choosePush(ann, true);
    fake.pushes.length = 0;
    expect((await bid(ann, ids.boat, 60)).statusCode).toBe(200);
    expect((await bid(bob, ids.boat, 70)).statusCode).toBe(200);
    expect(await deliver()).toEqual({ tried: 1 });
    const boatPage = `${t.ctx.site.originOf('demo')}/gala/auction-items/${ids.boat}`;
    expect(fake.pushes).toEqual([
      {
        device: expect.any(String),
        payload: {
          title: 'Outbid',
          body: 'You have been outbid on Boat Ride. The current bid is $70.00.',
          url: boatPage,
          tag: `gavel:/gala/auction-items/${ids.boat}`,
        },
        ttl: '3600',
        urgency: 'high',
        topic: expect.stringMatching(/^[\w-]{32}$/),
      },
    ]);
    expect(await pushRowsOf(ann)).toMatchObject([{ status: 'sent', subject: 'Outbid', links: [boatPage] }]);

    expect((await bid(ann, ids.spa, 50)).statusCode).toBe(200);
    await t.ctx.notifier.closingSoon(now);
    await deliver();
    t.setNow(at(9 * 60_000));
    publishClosed(t.ctx, await closeDueItems(t.ctx.db, at(9 * 60_000)));
    await deliver(at(9 * 60_000));
    t.setNow(now);
    const spa = fake.pushes.slice(1).map((p) => p.payload);
    expect(spa).toEqual([
      expect.objectContaining({
        title: 'Closing soon',
        body: expect.stringMatching(/^Bidding on Spa Day closes in 8 minutes/),
      }),
      expect.objectContaining({ title: 'You won!', body: expect.stringContaining('You won Spa Day for $50.00') }),
    ]);
    // One tag per item: the won notice replaces the closing-soon one on the phone.
    expect(new Set(fake.pushes.slice(1).map((p) => (p.payload as { tag: string }).tag)).size).toBe(1);
  });

  it('queues and sends nothing to a bidder with Push off, one who turned it off, or one without a device', async () => {
    const cyPhone = fake.device();
    expect((await subscribe(cy, cyPhone)).statusCode).toBe(200);
    await choosePush(ann, false);
    await choosePush(bob, true);
    const before = fake.requests;
    const annBefore = (await pushRowsOf(ann)).length;
    // Past the outbid quiet window of the last test. Bob (Push on, no device) is outbid by Ann,
    // Ann (a device, Push turned off) by Cy, Cy (a device, Push never on) by Bob.
    const later = at(6 * 60_000);
    t.setNow(later);
    expect((await bid(ann, ids.boat, 80)).statusCode).toBe(200);
    expect((await bid(cy, ids.boat, 90)).statusCode).toBe(200);
    expect((await bid(bob, ids.boat, 100)).statusCode).toBe(200);
    t.setNow(now);
    expect(await deliver(later)).toEqual({ tried: 0 });
    expect(fake.requests).toBe(before);
    for (const who of [cy, bob]) expect(await pushRowsOf(who)).toEqual([]);
    expect(await pushRowsOf(ann)).toHaveLength(annBefore);
  });

  it('forgets a device the push service says is gone (410), and a push it never reached fails', async () => {
    const phone = fake.device();
    expect((await subscribe(bob, phone)).statusCode).toBe(200);
    fake.answer(phone, 410);
    t.setNow(at(12 * 60_000));
    // Bob leads; Cy outbids him.
    expect((await bid(cy, ids.boat, 110)).statusCode).toBe(200);
    t.setNow(now);
    expect(await deliver()).toEqual({ tried: 1 });
    expect(await devicesOf(bob)).toEqual([]);
    expect(await pushRowsOf(bob)).toMatchObject([{ status: 'failed', lastError: expect.stringContaining('410') }]);
  });

  it('backs off when the push service is busy (429) and sends once it may', async () => {
    await t.ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.accountId, cy.accountId));
    const tablet = fake.device();
    expect((await subscribe(cy, tablet)).statusCode).toBe(200);
    await t.ctx.db
      .insert(outbox)
      .values(
        pushRow(
          { organizationId: org, eventId: null, accountId: cy.accountId },
          { title: 'Outbid', body: 'Later', url: 'http://localhost/gala/auction-items/1' },
        ),
      );
    fake.answer(tablet, 429);
    const sentBefore = fake.pushes.length;
    expect(await deliverPushes(deps, now)).toEqual({ tried: 1 });
    const [queued] = await pushRowsOf(cy);
    // The service asked for a minute, more than the first backoff.
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, nextAttemptAt: at(60_000) });
    expect(await deliverPushes(deps, at(30_000))).toEqual({ tried: 0 });
    expect(await deliverPushes(deps, at(60_000))).toEqual({ tried: 1 });
    expect(await pushRowsOf(cy)).toMatchObject([{ status: 'sent', attempts: 2 }]);
    expect(fake.pushes.slice(sentBefore).map((p) => p.device)).toEqual([tablet.id]);
  });

  it('sends each push once when two delivery passes run at the same moment', async () => {
    const phone = fake.device();
    expect((await subscribe(ann, phone)).statusCode).toBe(200);
    const rows = Array.from({ length: 6 }, (_, i) =>
      pushRow(
        { organizationId: org, eventId: null, accountId: ann.accountId },
        { title: 'Outbid', body: `Race ${i}`, url: `http://localhost/gala/auction-items/${i + 1}` },
      ),
    );
    await t.ctx.db.insert(outbox).values(rows);
    const before = fake.requests;
    // Ann's first phone and this one: every row goes to both.
    const devices = (await devicesOf(ann)).length;
    const passes = await Promise.all([deliverPushes(deps, now), deliverPushes(deps, now)]);
    expect(passes.reduce((n, p) => n + p.tried, 0)).toBe(6);
    expect(fake.requests - before).toBe(6 * devices);
    const races = fake.pushes.map((p) => (p.payload as { body: string }).body).filter((b) => b.startsWith('Race'));
    expect(races.filter((b) => b === 'Race 0')).toHaveLength(devices);
    expect(new Set(races).size).toBe(6);
  });

  it('refuses a subscription it cannot send to, with a sentence, and keeps nothing', async () => {
    const good = fake.device().subscription;
    const cases: Array<[object, string]> = [
      [{ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, pushMessages.endpoint],
      [{ ...good, endpoint: good.endpoint.replace('https://', 'https://user:pw@') }, pushMessages.endpoint],
      // Not a browser's push service: a machine inside the server's network, or anyone's.
      [{ ...good, endpoint: 'https://10.0.0.5/fcm/send/x' }, pushMessages.endpoint],
      [{ ...good, endpoint: 'https://fcm.googleapis.com.example.org/fcm/send/x' }, pushMessages.endpoint],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(2) } }, pushMessages.p256dh],
      [{ ...good, keys: { ...good.keys, p256dh: 'A' + good.keys.p256dh.slice(1) } }, pushMessages.p256dh],
      [{ ...good, keys: { ...good.keys, auth: good.keys.auth + 'AA' } }, pushMessages.auth],
      [{ ...good, keys: { ...good.keys, auth: 'not base64!' } }, pushMessages.auth],
    ];
    const before = await t.ctx.db.select().from(pushSubscriptions);
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/pushsubscription', headers: ann.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/pushsubscription',
      headers: ann.auth,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(pushSubscriptions)).toEqual(before);
  });

  it("lets a bidder forget only their own device's subscription", async () => {
    const phone = fake.device();
    expect((await subscribe(ann, phone)).statusCode).toBe(200);
    const forget = (who: TestBidder) =>
      call(t.app, 'DELETE /pushsubscription', { endpoint: phone.subscription.endpoint }, { headers: who.auth });
    expect((await forget(bob)).statusCode).toBe(200);
    expect((await devicesOf(ann)).map((d) => d.endpoint)).toContain(phone.subscription.endpoint);
    expect((await forget(ann)).statusCode).toBe(200);
    expect((await devicesOf(ann)).map((d) => d.endpoint)).not.toContain(phone.subscription.endpoint);
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: '/api/pushsubscription',
      payload: { endpoint: phone.subscription.endpoint },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
