import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { audit, staff } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { importEvent, makeBidder } from '../../../test/account-fixtures';
import { eventDocument } from '../../../test/documents';
import { signedInStaff } from '../../../test/console-fixtures';
import { consoleInject, mailedLinks, operatorOrganization, PASSWORD, secretOf, staffState } from './staff-fixtures';
import { WRONG_CONSOLE_LOGIN } from './sign-in';

let t: TestApp;
const now = new Date('2026-11-02T18:00:00Z');

beforeAll(async () => {
  t = await createTestApp({}, now);
  await importEvent(t, eventDocument(now));
});
afterAll(async () => t.close());

const login = (email: string, password: string, host?: string) =>
  consoleInject(t, { method: 'POST', url: '/api/console/login', payload: { email, password }, host });
const me = (token: string, host?: string) => consoleInject(t, { method: 'GET', url: '/api/console/me', token, host });

describe('POST /console/login', () => {
  it('signs an owner in with the password they chose, and refuses everything else with one sentence', async () => {
    await operatorOrganization(t, { auctioncode: 'rivers', owneremail: 'ann@rivers.org', name: 'Ann Rivers' });
    const ok = await login('ANN@rivers.org ', PASSWORD, 'rivers.localhost');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'success',
      staff: { email: 'ann@rivers.org', name: 'Ann Rivers', role: 'owner' },
    });
    expect((await me(ok.json().token, 'rivers.localhost')).json()).toMatchObject({
      organization: { auctioncode: 'rivers', name: 'Organization rivers' },
      staff: { role: 'owner' },
    });
    for (const [email, password, host] of [
      ['ann@rivers.org', 'wrong password', 'rivers.localhost'],
      ['nobody@rivers.org', PASSWORD, 'rivers.localhost'],
      // The right password at another organization's host: that organization has no such staff.
      ['ann@rivers.org', PASSWORD, 'localhost'],
    ] as const) {
      const res = await login(email, password, host);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'failure', message: WRONG_CONSOLE_LOGIN });
    }
  });

  it('refuses an invited person who has not chosen a password yet like a wrong password', async () => {
    const invited = await signedInStaff(t, { role: 'staff', email: 'inv@example.org' });
    expect((await login(invited.email, 'anything at all')).json().message).toBe(WRONG_CONSOLE_LOGIN);
  });

  it('counts wrong passwords per email: the eleventh answers 429, for the right password too', async () => {
    await operatorOrganization(t, { auctioncode: 'guess', owneremail: 'gus@guess.org' });
    for (let i = 0; i < 10; i++)
      expect((await login('gus@guess.org', `wrong ${i}`, 'guess.localhost')).statusCode).toBe(401);
    const refused = await login('gus@guess.org', PASSWORD, 'guess.localhost');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many wrong passwords for this email/);
  });

  it('answers 400 with the field for bad input', async () => {
    const res = await consoleInject(t, { method: 'POST', url: '/api/console/login', payload: { email: 'a@b.org' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('password: is required');
  });
});

describe('tokens of one kind are never taken for the other', () => {
  it('a staff token on bidder calls, a bidder token on console calls, another organization’s staff token', async () => {
    const owner = await signedInStaff(t, { role: 'owner', email: 'kind@example.org' });
    const bidder = await makeBidder(t, 'gala', 'bea@example.org');
    expect((await consoleInject(t, { method: 'GET', url: '/api/userprofile', token: owner.token })).statusCode).toBe(
      401,
    );
    const asBidder = await consoleInject(t, {
      method: 'POST',
      url: '/api/join',
      payload: { eventcode: 'gala' },
      token: owner.token,
    });
    expect(asBidder.statusCode).toBe(401);
    const bidderOnConsole = await me(bidder.token);
    expect(bidderOnConsole.statusCode).toBe(401);
    expect(bidderOnConsole.json().message).toBe('Please sign in to the console.');
    const other = await signedInStaff(t, { role: 'owner', email: 'else@example.org', auctioncode: 'other' });
    expect((await me(other.token, 'other.localhost')).statusCode).toBe(200);
    expect((await me(other.token, 'localhost')).statusCode).toBe(401);
    expect((await me(owner.token, 'other.localhost')).statusCode).toBe(401);
  });
});

describe('emailed sign-in links', () => {
  it('answer alike for staff and strangers; the staff member’s link signs in once', async () => {
    await operatorOrganization(t, { auctioncode: 'links', owneremail: 'lee@links.org' });
    const ask = (email: string) =>
      consoleInject(t, {
        method: 'POST',
        url: '/api/console/signin-link',
        payload: { email },
        host: 'links.localhost',
      });
    const known = await ask('lee@links.org');
    const unknown = await ask('stranger@links.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailedLinks(t, 'stranger@links.org', '/console/')).toEqual([]);
    const [link] = await mailedLinks(t, 'lee@links.org', '/console/signin/');
    expect(link).toMatch(/^http:\/\/links\.localhost:\d+\/console\/signin\//);
    const follow = () =>
      consoleInject(t, { method: 'POST', url: `/api/console/signin/${secretOf(link ?? '')}`, host: 'links.localhost' });
    const first = await follow();
    expect(first.statusCode, first.body).toBe(200);
    expect((await me(first.json().token, 'links.localhost')).statusCode).toBe(200);
    const again = await follow();
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({
      status: 'expired',
      message: 'This sign-in link has already been used. Please ask for a new one.',
    });
  });

  it('refuses an expired link, and a link of another organization', async () => {
    await consoleInject(t, {
      method: 'POST',
      url: '/api/console/signin-link',
      payload: { email: 'lee@links.org' },
      host: 'links.localhost',
    });
    const [link] = await mailedLinks(t, 'lee@links.org', '/console/signin/');
    const url = `/api/console/signin/${secretOf(link ?? '')}`;
    expect((await consoleInject(t, { method: 'POST', url, host: 'localhost' })).statusCode).toBe(401);
    t.setNow(new Date(now.getTime() + 31 * 60_000));
    try {
      const late = await consoleInject(t, { method: 'POST', url, host: 'links.localhost' });
      expect(late.json().message).toBe('This sign-in link has expired. Please ask for a new one.');
    } finally {
      t.setNow(now);
    }
  });
});

describe('a password reset by emailed link', () => {
  it('sets the new password, ends every earlier session, and is in the log', async () => {
    const { token: before } = await operatorOrganization(t, { auctioncode: 'reset', owneremail: 'rae@reset.org' });
    const host = 'reset.localhost';
    expect((await me(before, host)).statusCode).toBe(200);
    await consoleInject(t, {
      method: 'POST',
      url: '/api/console/password-reset',
      payload: { email: 'rae@reset.org' },
      host,
    });
    const [link] = await mailedLinks(t, 'rae@reset.org', '/console/reset/');
    const url = `/api/console/password-reset/${secretOf(link ?? '')}`;
    const weak = await consoleInject(t, { method: 'POST', url, payload: { password: 'short' }, host });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('password: Password must be at least 8 characters.');
    const done = await consoleInject(t, { method: 'POST', url, payload: { password: 'a brand new secret' }, host });
    expect(done.statusCode, done.body).toBe(200);
    const old = await me(before, host);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({
      status: 'expired',
      message: 'Your console session has ended. Please sign in again.',
    });
    expect((await me(done.json().token, host)).statusCode).toBe(200);
    expect((await login('rae@reset.org', PASSWORD, host)).statusCode).toBe(401);
    expect((await login('rae@reset.org', 'a brand new secret', host)).statusCode).toBe(200);
    const [entry] = await t.ctx.db.select().from(audit).where(eq(audit.kind, 'staff.password'));
    expect(entry).toMatchObject({ actor: 'Olive Owner', summary: expect.stringContaining('chose a new password') });
  });
});

describe('POST /console/invitations/:id', () => {
  it('sets name and password once; the used link is refused; an expired one too', async () => {
    await operatorOrganization(t, { auctioncode: 'invites', owneremail: 'ida@invites.org', name: 'Ida' });
    const host = 'invites.localhost';
    const owner = await login('ida@invites.org', PASSWORD, host);
    const invite = await consoleInject(t, {
      method: 'POST',
      url: '/api/console/staff',
      payload: { email: 'val@invites.org', name: '', role: 'volunteer' },
      token: owner.json().token,
      host,
    });
    expect(invite.statusCode, invite.body).toBe(200);
    const [link] = await mailedLinks(t, 'val@invites.org', '/console/invitation/');
    const url = `/api/console/invitations/${secretOf(link ?? '')}`;
    const look = () => consoleInject(t, { method: 'GET', url, host });
    expect((await look()).json()).toEqual({
      status: 'success',
      organization: { auctioncode: 'invites', name: 'Organization invites' },
      email: 'val@invites.org',
      name: '',
      role: 'volunteer',
      expires: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    });
    expect((await consoleInject(t, { method: 'GET', url, host: 'localhost' })).statusCode).toBe(401);
    const before = await staffState(t.ctx.db);
    const blank = await consoleInject(t, { method: 'POST', url, payload: { name: ' ', password: PASSWORD }, host });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('name: is required');
    expect(await staffState(t.ctx.db)).toEqual(before);
    const accepted = await consoleInject(t, {
      method: 'POST',
      url,
      payload: { name: 'Val', password: PASSWORD },
      host,
    });
    expect(accepted.json()).toMatchObject({ staff: { email: 'val@invites.org', name: 'Val', role: 'volunteer' } });
    const again = await consoleInject(t, {
      method: 'POST',
      url,
      payload: { name: 'Mallory', password: 'other password' },
      host,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toMatch(/already been accepted/);
    expect((await look()).json().message).toMatch(/already been accepted/);
    const [row] = await t.ctx.db.select().from(staff).where(eq(staff.email, 'val@invites.org'));
    expect(row?.name).toBe('Val');
    const [joined] = await t.ctx.db
      .select()
      .from(audit)
      .where(and(eq(audit.kind, 'staff.join'), eq(audit.staffId, row?.id ?? 0)));
    expect(joined).toMatchObject({ actor: 'Val', before: { name: '' }, after: { name: 'Val' } });

    await consoleInject(t, {
      method: 'POST',
      url: '/api/console/staff',
      payload: { email: 'late@invites.org', role: 'staff' },
      token: owner.json().token,
      host,
    });
    const [late] = await mailedLinks(t, 'late@invites.org', '/console/invitation/');
    t.setNow(new Date(now.getTime() + 7 * 86_400_000 + 60_000));
    try {
      const res = await consoleInject(t, {
        method: 'POST',
        url: `/api/console/invitations/${secretOf(late ?? '')}`,
        payload: { name: 'Late', password: PASSWORD },
        host,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/This invitation has expired/);
    } finally {
      t.setNow(now);
    }
  });
});
