import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type * as argon2 from '@node-rs/argon2';
import { accounts } from '../../db/schema';
import { GUESSING } from '../../lib/guessing';
import type { TestApp } from '../../test/harness';
import { appWithEvents, mailbox } from '../../test/account-fixtures';

// Counts the password hashing work, so the test can say two branches do the same without timing them.
const argon = vi.hoisted(() => ({ hash: 0, verify: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon.hash++;
      return real.hash(...args);
    },
    verify: (...args: Parameters<typeof real.verify>) => {
      argon.verify++;
      return real.verify(...args);
    },
  };
});

let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let address = 0;
/** A POST from an address of its own, so the rate limit's headers start alike for each. */
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: `198.51.100.${++address}` });
const accountCount = async (email: string) =>
  (
    await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accounts)
      .where(eq(sql`lower(${accounts.email})`, email.toLowerCase()))
  )[0]?.n;

beforeAll(async () => {
  t = await appWithEvents(now);
  expect(
    (await post('/api/create', { email: 'ann@example.org', password: 'correct horse', eventcode: 'gala' })).statusCode,
  ).toBe(200);
});
afterAll(async () => t.close());

describe('emailed-link requests answer alike and do the same work for an email with or without an account', () => {
  for (const url of ['/api/forgotpassword', '/api/passwordresetlink']) {
    it(`${url}: the same status, body and headers, and nothing looked up or sent until after the answer`, async () => {
      const real = t.ctx.background;
      const queued: Array<() => Promise<unknown>> = [];
      // Held instead of run: what the request itself did is all there is to see.
      t.ctx.background = { run: (_name, work) => void queued.push(work), idle: async () => undefined };
      try {
        const before = (await mailbox(t)).length;
        const known = await post(url, { email: 'ann@example.org', eventcode: 'gala' });
        const unknown = await post(url, { email: 'nobody@example.org', eventcode: 'gala' });
        expect(known.statusCode).toBe(200);
        expect(unknown.statusCode).toBe(known.statusCode);
        expect(unknown.body).toBe(known.body);
        const { date: _a, ...knownHeaders } = known.headers;
        const { date: _b, ...unknownHeaders } = unknown.headers;
        expect(unknownHeaders).toEqual(knownHeaders);
        expect(queued).toHaveLength(2);
        expect((await mailbox(t)).length).toBe(before);

        for (const work of queued) await work();
        const mails = await mailbox(t);
        expect(mails.length).toBe(before + 1);
        expect(mails[0]?.to).toBe('ann@example.org');
      } finally {
        t.ctx.background = real;
      }
    });
  }

  it('runs the queued work after the answer, logging a failure instead of throwing it', async () => {
    await post('/api/passwordresetlink', { email: 'ann@example.org', eventcode: 'gala' });
    await t.ctx.background.idle();
    expect((await mailbox(t))[0]).toMatchObject({
      to: 'ann@example.org',
      subject: 'Reset your password for Test Gala',
    });
    t.ctx.background.run('a failing test job', async () => {
      throw new Error('nothing catches this but the queue');
    });
    await t.ctx.background.idle();
  });
});

describe('creating an account for an email that has one', () => {
  it('with its password signs in: a double-tapped Create answers the same session twice and makes one account', async () => {
    const before = (await mailbox(t)).length;
    const [first, second] = await Promise.all([
      post('/api/create', { email: 'bo@example.org', password: 'bo password', eventcode: 'gala' }),
      post('/api/create', { email: 'bo@example.org', password: 'bo password', eventcode: 'gala' }),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    expect(second?.json()).toMatchObject({
      status: 'success',
      userid: first?.json().userid,
      bidderdisplaynumber: first?.json().bidderdisplaynumber,
      accountstatus: 'notverified',
    });
    expect(await accountCount('bo@example.org')).toBe(1);
    // One verification email: the second tap made nothing.
    expect((await mailbox(t)).length).toBe(before + 1);
    const later = await post('/api/create', { email: 'BO@example.org', password: 'bo password', eventcode: 'gala' });
    expect(later.json()).toMatchObject({ status: 'success', userid: first?.json().userid });
  });

  it('with another password is refused exactly as a wrong sign-in is, and changes nothing', async () => {
    const create = await post('/api/create', {
      email: 'ann@example.org',
      password: 'not her password',
      eventcode: 'gala',
    });
    const login = await post('/api/login', {
      email: 'ann@example.org',
      password: 'not her password',
      eventcode: 'gala',
    });
    expect(create.statusCode).toBe(401);
    expect(create.statusCode).toBe(login.statusCode);
    expect(create.body).toBe(login.body);
    expect(create.json()).toMatchObject({ status: 'failure', message: 'The email or password is incorrect.' });
    expect(await accountCount('ann@example.org')).toBe(1);
    expect(
      (await post('/api/login', { email: 'ann@example.org', password: 'correct horse', eventcode: 'gala' })).statusCode,
    ).toBe(200);
  });

  it('hashes and verifies once either way, so a new email and a taken one take alike', async () => {
    // The stand-in hash a missing account is checked against is made once, on first use.
    await post('/api/login', { email: 'warm@example.org', password: 'any password', eventcode: 'gala' });
    const work = async (payload: object) => {
      argon.hash = 0;
      argon.verify = 0;
      const res = await post('/api/create', { ...payload, eventcode: 'gala' });
      return { status: res.statusCode, hash: argon.hash, verify: argon.verify };
    };
    expect(await work({ email: 'cy@example.org', password: 'cy password' })).toEqual({
      status: 200,
      hash: 1,
      verify: 1,
    });
    expect(await work({ email: 'ann@example.org', password: 'not her password' })).toEqual({
      status: 401,
      hash: 1,
      verify: 1,
    });
    expect(await work({ email: 'ann@example.org', password: 'correct horse' })).toEqual({
      status: 200,
      hash: 1,
      verify: 1,
    });
  });

  it('counts a wrong password against the sign-in budget of the email, as Login does', async () => {
    const email = 'dot@example.org';
    expect((await post('/api/create', { email, password: 'dot password', eventcode: 'gala' })).statusCode).toBe(200);
    for (let i = 0; i < GUESSING.loginFailuresPerEmail.max; i++)
      expect((await post('/api/create', { email, password: `guess number ${i}`, eventcode: 'gala' })).statusCode).toBe(
        401,
      );
    const stopped = await post('/api/login', { email, password: 'dot password', eventcode: 'gala' });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toMatchObject({ message: GUESSING.loginFailuresPerEmail.message });
  });
});
