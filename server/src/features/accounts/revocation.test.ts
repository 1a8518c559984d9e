import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { accounts } from '../../db/schema';
import { createTestApp, listenOnLoopback, type TestApp } from '../../test/harness';
import { connected, disconnected, HubClients } from '../../test/hub-client';
import { appWithEvents, importEvent, mailbox, postAs } from '../../test/account-fixtures';
import { eventDocument } from '../../test/documents';
import { bearer } from '../../../../testkit/transport';
import { SessionVersionCache } from './sessions';

let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
const EXPIRED = { status: 'expired', message: 'Token has expired' };

beforeAll(async () => {
  t = await appWithEvents(now);
});
afterAll(async () => t.close());

const post = (url: string, payload: object, token?: string, app: TestApp = t) => postAs(app, url, payload, token);
const profile = (token: string, app: Pick<TestApp, 'app'> = t) =>
  app.app.inject({ method: 'GET', url: '/api/userprofile', headers: bearer(token) });

async function signUp(email: string, password: string, app: TestApp = t): Promise<string> {
  const res = await post('/api/create', { email, password, eventcode: 'gala' }, undefined, app);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await post('/api/login', { email, password, eventcode: 'gala' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

/** The secrets of the links emailed to `to` whose address contains `part`, newest first. */
async function links(to: string, part: string): Promise<string[]> {
  await t.ctx.background.idle();
  return (await mailbox(t))
    .filter((m) => m.to === to)
    .flatMap((m) => m.links)
    .filter((l) => l.includes(part))
    .map((l) => l.split('/').pop() ?? '');
}

describe('a password reset ends what came before it', () => {
  it('by emailed link: earlier tokens and unused links are refused; a sign-in in the same second works', async () => {
    const email = 'dee@example.org';
    await signUp(email, 'first password');
    const old = await signIn(email, 'first password');
    // Verified once, so kept in the verified-token cache: the revocation must not be skipped for it.
    expect((await profile(old)).statusCode).toBe(200);
    await post('/api/forgotpassword', { email, eventcode: 'gala' });
    const [loginLink] = await links(email, '/auth/passwordlessLogin/');
    const [firstReset] = await links(email, '/auth/resetPassword/');
    const [verifyLink] = await links(email, '/verify/');
    await post('/api/passwordresetlink', { email, eventcode: 'gala' });
    const [reset] = await links(email, '/auth/resetPassword/');
    expect(reset).not.toBe(firstReset);

    const done = await post('/api/passwordreset', { id: reset, password: 'second password' });
    expect(done.json()).toEqual({ status: 'success', message: 'Password was reset successfully.' });

    const refused = await profile(old);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject(EXPIRED);
    // The app's clock has not moved: this token is signed in the very second of the reset.
    const fresh = await signIn(email, 'second password');
    expect((await profile(fresh)).statusCode).toBe(200);

    const byLink = await t.app.inject({ method: 'GET', url: `/api/passwordlesslogin/${loginLink}` });
    expect(byLink.json()).toEqual({
      status: 'expired',
      message: 'This login link has expired. Please ask for a new one.',
    });
    const olderReset = await post('/api/passwordreset', { id: firstReset, password: 'third password' });
    expect(olderReset.statusCode).toBe(401);
    expect(olderReset.json()).toMatchObject({
      status: 'expired',
      message: 'This password link has expired. Please ask for a new one.',
    });
    const verify = await post('/api/verifyemail', { token: verifyLink });
    expect(verify.json()).toMatchObject({
      status: 'expired',
      message: 'This verification link has expired. Please log in to get a new one.',
    });
    // Nothing those refusals touched changed: the new password still signs in, the new token still works.
    await signIn(email, 'second password');
    expect((await profile(fresh)).statusCode).toBe(200);
  });

  it('while signed in: every session of the account ends, its own too, and its unused links; other accounts keep theirs', async () => {
    const email = 'eli@example.org';
    const phone = await signUp(email, 'first password');
    const laptop = await signIn(email, 'first password');
    const neighbour = await signUp('fay@example.org', 'her password');
    await post('/api/forgotpassword', { email, eventcode: 'gala' });
    const [loginLink] = await links(email, '/auth/passwordlessLogin/');
    for (const token of [phone, laptop, neighbour]) expect((await profile(token)).statusCode).toBe(200);

    const done = await post('/api/userpasswordreset', { password: 'second password' }, phone);
    expect(done.json()).toEqual({ status: 'success', message: 'Password was reset successfully.' });

    for (const token of [phone, laptop]) {
      const refused = await profile(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject(EXPIRED);
    }
    expect((await post('/api/userpasswordreset', { password: 'third password' }, laptop)).statusCode).toBe(401);
    expect((await profile(neighbour)).statusCode).toBe(200);
    expect((await profile(await signIn(email, 'second password'))).statusCode).toBe(200);
    const byLink = await t.app.inject({ method: 'GET', url: `/api/passwordlesslogin/${loginLink}` });
    expect(byLink.json()).toMatchObject({ status: 'expired' });
  });
});

describe('the session versions a process keeps', () => {
  it('are read again after their time, so a reset whose word never came still takes effect', async () => {
    const token = await signUp('gus@example.org', 'his password');
    const [row] = await t.ctx.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, 'gus@example.org'));
    const id = row?.id ?? 0;
    let ms = 0;
    const cache = new SessionVersionCache(t.ctx.db, 1_000, () => ms);
    expect(await cache.current(id, 0)).toBe(0);
    // Another process's reset, with no word of it here.
    await t.ctx.db
      .update(accounts)
      .set({ sessionVersion: sql`${accounts.sessionVersion} + 1` })
      .where(eq(accounts.id, id));
    expect(await cache.current(id, 0)).toBe(0);
    ms = 1_000;
    expect(await cache.current(id, 0)).toBe(1);
    // Word of a later reset is kept at once; an older word changes nothing.
    cache.learn(id, 2);
    cache.learn(id, 1);
    expect(await cache.current(id, 0)).toBe(2);
    expect(await cache.current(-1, 0)).toBeUndefined();
    expect(token).toBeTruthy();
  });
});

/**
 * Two apps on one database and one Redis, as two server processes are. Needs TEST_REDIS_URL
 * (.ci/run sets it). Account ids start high: other test files may share that Redis, and a reset
 * here must not end their sessions.
 */
describe.runIf(process.env.TEST_REDIS_URL)('a reset in another process', () => {
  it('ends the sessions here at once, and drops this process’s sockets of the account', async () => {
    const a = await createTestApp({ REDIS_URL: process.env.TEST_REDIS_URL ?? '' }, now);
    const b = await buildApp(a.config, { database: a.ctx.database, clock: a.ctx.clock, sweeper: false });
    try {
      await importEvent(a, eventDocument(now));
      await a.ctx.db.execute(
        sql`select setval(pg_get_serial_sequence('accounts', 'id'), ${700_000_000 + Math.floor(Math.random() * 100_000_000)})`,
      );
      const token = await signUp('hal@example.org', 'his password', a);
      // B has verified the token and read the account's version: both are kept there.
      expect((await profile(token, b)).statusCode).toBe(200);
      const clients = new HubClients();
      const socket = clients.open(await listenOnLoopback(b), { token });
      try {
        await connected(socket);
        const gone = disconnected(socket);
        expect((await post('/api/userpasswordreset', { password: 'his new password' }, token, a)).statusCode).toBe(200);
        expect(await gone).toBe('io server disconnect');
        // The word of the new version went before the sockets' drop, on the same channel.
        const refused = await profile(token, b);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toMatchObject(EXPIRED);
      } finally {
        clients.closeAll();
      }
    } finally {
      await b.app.close();
      await a.close();
    }
  });
});
