import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness';
import { appWithEvents, linkSecret, mailbox, postAs } from '../../test/account-fixtures';

let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
const post = (url: string, payload: object, token?: string) => postAs(t, url, payload, token);
/** The session Create answered: the phone that made the account follows its link with it (proveMailbox). */
let annToken = '';

beforeAll(async () => {
  t = await appWithEvents(now);
});
afterAll(async () => t.close());

describe('join, create, verify', () => {
  it('answers doesnotexist, then creates an unverified account and mails a verification link', async () => {
    const join = await post('/api/joinemail', { email: 'ann@example.org', eventcode: 'gala' });
    expect(join.json()).toEqual({ status: 'success', accountstatus: 'doesnotexist' });

    const created = await post('/api/create', {
      email: 'ann@example.org',
      password: 'correct horse',
      eventcode: 'gala',
    });
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({
      status: 'success',
      accountstatus: 'notverified',
      setupcomplete: false,
      authorizebidder: true,
      eventcode: 'gala',
      auctioncode: 'demo',
    });
    expect(body.bidderdisplaynumber).toBe(101);
    expect(typeof body.token).toBe('string');
    annToken = body.token;

    const mails = await mailbox(t);
    expect(mails[0]?.to).toBe('ann@example.org');
    expect(mails[0]?.subject).toContain('Test Gala');
    expect(mails[0]?.links[0]).toMatch(/^http:\/\/localhost(:\d+)?\/gala\/verify\/[\w-]+$/);

    const again = await post('/api/joinemail', { email: 'ANN@example.org', eventcode: 'gala' });
    expect(again.json().accountstatus).toBe('exists');
  });

  it('refuses a second account for the same email, weak passwords and bad emails', async () => {
    // An existing email is answered as a sign-in would be (existence.test.ts).
    const dup = await post('/api/create', { email: 'Ann@Example.org', password: 'another pass', eventcode: 'gala' });
    expect(dup.statusCode).toBe(401);
    expect(dup.json().message).toBe('The email or password is incorrect.');
    const weak = await post('/api/create', { email: 'bo@example.org', password: 'short', eventcode: 'gala' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must be at least 8 characters.');
    const bad = await post('/api/create', { email: 'not-an-email', password: 'long enough', eventcode: 'gala' });
    expect(bad.statusCode).toBe(400);
    expect((await post('/api/joinemail', { email: 'bo@example.org', eventcode: 'gala' })).json().accountstatus).toBe(
      'doesnotexist',
    );
  });

  it('verifies by the emailed link once, signing in; a reused link is expired', async () => {
    const secret = await linkSecret(t, 'ann@example.org', '/verify/');
    const ok = await post('/api/verifyemail', { token: secret }, annToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'success',
      accountstatus: 'verified',
      email: 'ann@example.org',
      haspassword: true,
    });
    const reused = await post('/api/verifyemail', { token: secret });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({
      status: 'expired',
      message: 'This verification link has already been used. Please log in.',
    });
    const unknown = await post('/api/verifyemail', { token: 'nope' });
    expect(unknown.json().status).toBe('expired');
  });
});

describe('login and profile', () => {
  let token = '';
  it('signs in with the password; a wrong one is refused with the same message as an unknown email', async () => {
    const wrong = await post('/api/login', { email: 'ann@example.org', password: 'wrong password', eventcode: 'gala' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ status: 'failure', message: 'The email or password is incorrect.' });
    const nobody = await post('/api/login', {
      email: 'zed@example.org',
      password: 'wrong password',
      eventcode: 'gala',
    });
    expect(nobody.json().message).toBe('The email or password is incorrect.');
    const ok = await post('/api/login', { email: 'ann@example.org', password: 'correct horse', eventcode: 'gala' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ accountstatus: 'verified', setupcomplete: false, bidderdisplaynumber: 101 });
    token = ok.json().token;
  });

  it('saves the profile with the spec rules and completes setup', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/userprofile',
      headers: auth,
      payload: { firstname: '', lastname: 'Lee', zip: '60601' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Firstname is invalid.');
    const badPhone = await t.app.inject({
      method: 'PUT',
      url: '/api/userprofile',
      headers: auth,
      payload: { firstname: 'Ann', lastname: 'Lee', cellphone: '555-0100', zip: '60601' },
    });
    expect(badPhone.json().message).toBe('Phone number is invalid.');
    const before = await t.app.inject({ method: 'GET', url: '/api/userprofile', headers: auth });
    expect(before.json()).toMatchObject({ firstname: '', setupcomplete: false });

    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/userprofile',
      headers: auth,
      payload: {
        firstname: 'Ann',
        lastname: 'Lee',
        cellphone: '(312) 555-0100',
        zip: '60601',
        state: 'IL',
        allowtexting: true,
        bidanonymously: true,
        notifications: [{ notificationrowid: 1, flags: { email: false, text: true } }],
        setupcomplete: true,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      firstname: 'Ann',
      cellphone: '3125550100',
      allowtexting: true,
      bidanonymously: true,
      setupcomplete: true,
      state: 'IL',
    });
    expect(ok.json().notifications[0]).toEqual({
      notificationrowid: 1,
      rownumber: 0,
      flags: { email: false, text: true, push: false },
    });
  });

  it('refuses calls without a token, with a forged one, and with an expired one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/userprofile' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/userprofile',
      headers: { authorization: `Bearer ${token.slice(0, -3)}abc` },
    });
    expect(forged.statusCode).toBe(401);
    t.setNow(new Date(now.getTime() + 15 * 86_400_000));
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/userprofile',
      headers: { authorization: `Bearer ${token}` },
    });
    t.setNow(now);
    expect(expired.json()).toMatchObject({ status: 'expired', message: 'Token has expired' });
  });
});

describe('guests, forgotten passwords and login links', () => {
  it('gives guests a guest token that cannot read a profile', async () => {
    const guest = await post('/api/guestlogin', { eventcode: 'gala' });
    expect(guest.json()).toMatchObject({ status: 'success', accountstatus: 'guest' });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/userprofile',
      headers: { authorization: `Bearer ${guest.json().token}` },
    });
    expect(profile.statusCode).toBe(403);
  });

  it('mails a sign-in link and a reset link; the answer is the same for unknown emails', async () => {
    const before = (await mailbox(t)).length;
    const unknown = await post('/api/forgotpassword', { email: 'zed@example.org', eventcode: 'gala' });
    expect(unknown.json().status).toBe('success');
    await t.ctx.background.idle();
    expect((await mailbox(t)).length).toBe(before);
    const known = await post('/api/forgotpassword', { email: 'ann@example.org', eventcode: 'gala' });
    expect(known.json()).toEqual(unknown.json());
    // The link is looked up and mailed after the answer.
    await t.ctx.background.idle();
    expect((await mailbox(t)).length).toBe(before + 1);

    const loginSecret = await linkSecret(t, 'ann@example.org', '/auth/passwordlessLogin/');
    const signedIn = await t.app.inject({ method: 'GET', url: `/api/passwordlesslogin/${loginSecret}` });
    expect(signedIn.json()).toMatchObject({ status: 'success', email: 'ann@example.org', setupcomplete: true });
    const again = await t.app.inject({ method: 'GET', url: `/api/passwordlesslogin/${loginSecret}` });
    expect(again.json()).toEqual({
      status: 'expired',
      message: 'This login link has already been used. Please ask for a new one.',
    });

    const resetSecret = await linkSecret(t, 'ann@example.org', '/auth/resetPassword/');
    const weak = await post('/api/passwordreset', { id: resetSecret, password: 'x' });
    expect(weak.statusCode).toBe(400);
    const reset = await post('/api/passwordreset', { id: resetSecret, password: 'battery staple' });
    expect(reset.json()).toEqual({ status: 'success', message: 'Password was reset successfully.' });
    expect(
      (await post('/api/login', { email: 'ann@example.org', password: 'battery staple', eventcode: 'gala' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/login', { email: 'ann@example.org', password: 'correct horse', eventcode: 'gala' })).statusCode,
    ).toBe(401);
  });

  it('expires login links after 30 minutes', async () => {
    await post('/api/forgotpassword', { email: 'ann@example.org', eventcode: 'gala' });
    await t.ctx.background.idle();
    const secret = await linkSecret(t, 'ann@example.org', '/auth/passwordlessLogin/');
    t.setNow(new Date(now.getTime() + 31 * 60_000));
    const late = await t.app.inject({ method: 'GET', url: `/api/passwordlesslogin/${secret}` });
    t.setNow(now);
    expect(late.json()).toEqual({
      status: 'expired',
      message: 'This login link has expired. Please ask for a new one.',
    });
  });
});
