import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithEvents, linkSecret, mailbox, postAs } from '../test/account-fixtures';
import type { TestApp } from '../test/harness';
import { bearer } from '../../../testkit/transport';

/**
 * Security finding 1, replayed: someone creates an account with another person's email and a
 * password of their choosing. When the real owner proves the mailbox (by the verify link, a
 * "Sign In Now" link or a new-password link), the account is theirs alone: the other person's
 * sessions end and their password stops working.
 */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
const ATTACKER_PASSWORD = 'attacker chose this';
const WRONG_LOGIN = { status: 'failure', code: 'unauthorized', message: 'The email or password is incorrect.' };

beforeAll(async () => {
  t = await appWithEvents(now);
});
afterAll(async () => t.close());

const post = (url: string, payload: object, token?: string) => postAs(t, url, payload, token);
const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/userprofile', headers: bearer(token) });
const login = (email: string, password: string) => post('/api/login', { email, password, eventcode: 'gala' });

/** The attacker's move: an account on the victim's email, a profile, and a session kept. */
async function preRegister(email: string): Promise<string> {
  const created = await post('/api/create', { email, password: ATTACKER_PASSWORD, eventcode: 'gala' });
  expect(created.statusCode, created.body).toBe(200);
  expect(created.json()).toMatchObject({ accountstatus: 'notverified', haspassword: true });
  const token: string = created.json().token;
  expect((await profile(token)).statusCode).toBe(200);
  return token;
}

/** The attacker, after the owner proved the mailbox: nothing of theirs works any more. */
async function expectLockedOut(email: string, attackerToken: string): Promise<void> {
  const old = await profile(attackerToken);
  expect(old.statusCode).toBe(401);
  expect(old.json()).toEqual({ status: 'expired', code: 'expired', message: 'Token has expired' });
  const again = await login(email, ATTACKER_PASSWORD);
  expect(again.statusCode).toBe(401);
  expect(again.json()).toEqual(WRONG_LOGIN);
  // Creating the account again with that password is a wrong password too.
  const recreate = await post('/api/create', { email, password: ATTACKER_PASSWORD, eventcode: 'gala' });
  expect(recreate.statusCode).toBe(401);
}

describe('an account created on someone else’s email', () => {
  it('is claimed by its owner through the verify link the attacker triggered', async () => {
    const email = 'victim-verify@example.org';
    const attacker = await preRegister(email);
    const secret = await linkSecret(t, email, '/verify/');
    // The owner opens the link on their own phone: no session of the account comes with it.
    const owner = await post('/api/verifyemail', { token: secret });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json()).toMatchObject({ status: 'success', accountstatus: 'verified', email, haspassword: false });
    await expectLockedOut(email, attacker);
    expect((await profile(owner.json().token)).statusCode).toBe(200);
  });

  it('is claimed by its owner through a "Sign In Now" link from Forgot Password', async () => {
    const email = 'victim-login@example.org';
    const attacker = await preRegister(email);
    expect((await post('/api/forgotpassword', { email, eventcode: 'gala' })).statusCode).toBe(200);
    await t.ctx.background.idle();
    const secret = await linkSecret(t, email, 'passwordlessLogin');
    const owner = await t.app.inject({ method: 'GET', url: `/api/passwordlesslogin/${secret}` });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json()).toMatchObject({ status: 'success', accountstatus: 'verified', haspassword: false });
    await expectLockedOut(email, attacker);
    // The owner chooses a password while signed in by the link; it works, the attacker's does not.
    const chosen = await post('/api/userpasswordreset', { password: 'owner chose this' }, owner.json().token);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await login(email, 'owner chose this')).statusCode).toBe(200);
    expect((await login(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
  });

  it('is claimed by its owner through a new-password link', async () => {
    const email = 'victim-reset@example.org';
    const attacker = await preRegister(email);
    expect((await post('/api/passwordresetlink', { email, eventcode: 'gala' })).statusCode).toBe(200);
    await t.ctx.background.idle();
    const secret = await linkSecret(t, email, 'resetPassword');
    const reset = await post('/api/passwordreset', { id: secret, password: 'owner chose this' });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectLockedOut(email, attacker);
    const owner = await login(email, 'owner chose this');
    expect(owner.json()).toMatchObject({ status: 'success', accountstatus: 'verified', haspassword: true });
  });

  it('stays with whoever created it when the link is followed with the creator’s own session', async () => {
    const email = 'same-phone@example.org';
    const created = await post('/api/create', { email, password: 'my own password', eventcode: 'gala' });
    const token: string = created.json().token;
    const verified = await post('/api/verifyemail', { token: await linkSecret(t, email, '/verify/') }, token);
    expect(verified.json()).toMatchObject({ status: 'success', accountstatus: 'verified', haspassword: true });
    expect((await profile(token)).statusCode).toBe(200);
    expect((await login(email, 'my own password')).statusCode).toBe(200);
  });

  it('is claimed when the link comes with a session of another account (proof is this account’s session only)', async () => {
    const email = 'victim-other@example.org';
    const attacker = await preRegister(email);
    const bystander = (
      await post('/api/create', { email: 'bystander@example.org', password: 'bystander pass', eventcode: 'gala' })
    ).json().token as string;
    const owner = await post('/api/verifyemail', { token: await linkSecret(t, email, '/verify/') }, bystander);
    expect(owner.json()).toMatchObject({ email, haspassword: false });
    await expectLockedOut(email, attacker);
    // The bystander's own session is untouched.
    expect((await profile(bystander)).statusCode).toBe(200);
  });

  it('takes nothing from a verified account when its owner signs in by link', async () => {
    const email = 'regular@example.org';
    const created = await post('/api/create', { email, password: 'regular password', eventcode: 'gala' });
    const token: string = created.json().token;
    await post('/api/verifyemail', { token: await linkSecret(t, email, '/verify/') }, token);
    await post('/api/forgotpassword', { email, eventcode: 'gala' });
    await t.ctx.background.idle();
    const byLink = await t.app.inject({
      method: 'GET',
      url: `/api/passwordlesslogin/${await linkSecret(t, email, 'passwordlessLogin')}`,
    });
    expect(byLink.json()).toMatchObject({ status: 'success', haspassword: true });
    expect((await profile(token)).statusCode).toBe(200);
    expect((await login(email, 'regular password')).statusCode).toBe(200);
  });
});

describe('telling the owner', () => {
  it('mails the owner when someone tries to create an account on their email with another password, at most once an hour', async () => {
    const email = 'owner-told@example.org';
    const created = await post('/api/create', { email, password: 'the owner password', eventcode: 'gala' });
    expect(created.statusCode).toBe(200);
    const notices = async () => {
      await t.ctx.background.idle();
      return (await mailbox(t)).filter(
        (m) => m.to === email && m.subject.startsWith('Someone tried to create an account'),
      );
    };
    // A double-tapped Create with the owner's own password is the owner: nothing to tell.
    expect((await post('/api/create', { email, password: 'the owner password', eventcode: 'gala' })).statusCode).toBe(
      200,
    );
    expect(await notices()).toHaveLength(0);
    const tried = await post('/api/create', { email, password: 'someone else pass', eventcode: 'gala' });
    expect(tried.json()).toEqual(WRONG_LOGIN);
    const told = await notices();
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Nothing was changed.');
    expect(told[0]?.links[0]).toMatch(/^http:\/\/localhost:\d+\/gala\/auth\/passwordlessLogin\/[\w-]+$/);
    await post('/api/create', { email, password: 'someone else again', eventcode: 'gala' });
    expect(await notices()).toHaveLength(1);
    // The link in it signs the owner in.
    const secret = told[0]?.links[0]?.split('/').pop() ?? '';
    expect((await t.app.inject({ method: 'GET', url: `/api/passwordlesslogin/${secret}` })).json()).toMatchObject({
      status: 'success',
      email,
    });
  });
});
