import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { appWithEvents, importEvent, linkSecret, mailbox, postAs } from '../../test/account-fixtures';
import { eventDocument } from '../../test/documents';
import { deliverBatch } from '../../mail/delivery';
import { organizations, outbox } from '../../db/schema';
import { eq } from 'drizzle-orm';

let t: TestApp;
let token = '';
const now = new Date('2026-12-01T18:00:00Z');
const post = (url: string, payload: object, auth?: string) => postAs(t, url, payload, auth);

beforeAll(async () => {
  t = await appWithEvents(now, eventDocument(now), eventDocument(now, { eventcode: 'second' }));
  token = (
    await post('/api/create', { email: 'cal@example.org', password: 'first password', eventcode: 'gala' })
  ).json().token;
});
afterAll(async () => t.close());

describe('the other account calls', () => {
  it('sends the verification email again, and says when already verified', async () => {
    const before = (await mailbox(t)).length;
    const again = await post('/api/resendverification', {}, token);
    expect(again.json()).toEqual({ status: 'success', message: 'We sent a new link to cal@example.org.' });
    expect((await mailbox(t)).length).toBe(before + 1);
    await post('/api/verifyemail', { token: await linkSecret(t, 'cal@example.org', '/verify/') }, token);
    expect((await post('/api/resendverification', {}, token)).json().message).toBe('Your email is already verified.');
    expect((await post('/api/resendverification', {})).statusCode).toBe(401);
  });

  it('joins another event of the organization with the same account, with its own bidder number', async () => {
    const joined = await post('/api/join', { eventcode: 'second', email: 'cal@example.org' }, token);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({
      status: 'success',
      eventcode: 'second',
      bidderdisplaynumber: 101,
      setupcomplete: false,
    });
    const other = await post('/api/join', { eventcode: 'second', email: 'someone@example.org' }, token);
    expect(other.statusCode).toBe(403);
    expect((await post('/api/join', { eventcode: 'second' })).statusCode).toBe(401);
    expect((await post('/api/join', { eventcode: 'nope' }, token)).statusCode).toBe(404);
  });

  it('changes the password while signed in, refusing a weak one', async () => {
    const weak = await post('/api/userpasswordreset', { password: 'short' }, token);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must be at least 8 characters.');
    expect((await post('/api/userpasswordreset', { password: 'second password' }, token)).json()).toEqual({
      status: 'success',
      message: 'Password was reset successfully.',
    });
    expect(
      (await post('/api/login', { email: 'cal@example.org', password: 'second password', eventcode: 'gala' }))
        .statusCode,
    ).toBe(200);
    expect((await post('/api/userpasswordreset', { password: 'third password' })).statusCode).toBe(401);
  });

  it('mails only a new-password link on request, and nothing for an unknown email', async () => {
    const before = (await mailbox(t)).length;
    expect(
      (await post('/api/passwordresetlink', { email: 'nobody@example.org', eventcode: 'gala' })).json().status,
    ).toBe('success');
    await t.ctx.background.idle();
    expect((await mailbox(t)).length).toBe(before);
    await post('/api/passwordresetlink', { email: 'cal@example.org', eventcode: 'gala' });
    await t.ctx.background.idle();
    const [mail] = await mailbox(t);
    expect(mail?.subject).toBe('Reset your password for Test Gala');
    expect(mail?.links).toHaveLength(1);
    expect(mail?.links[0]).toContain('/gala/auth/resetPassword/');
  });

  it('refuses guests when the event does not allow them', async () => {
    await importEvent(t, eventDocument(now, { eventcode: 'private', event: { eventallowguestentry: false } }));
    const res = await post('/api/guestlogin', { eventcode: 'private' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This event does not allow guests. Please join with your email.');
  });

  it('delivers queued mail through a sender once, retrying failures', async () => {
    const sent: number[] = [];
    let fail = true;
    const first = await deliverBatch(t.ctx.db, async (m) => {
      if (fail && m.to === 'cal@example.org') {
        fail = false;
        throw new Error('smtp down');
      }
      sent.push(m.id);
    });
    expect(first).toBeGreaterThan(0);
    await deliverBatch(t.ctx.db, async (m) => void sent.push(m.id));
    const third = await deliverBatch(t.ctx.db, async (m) => void sent.push(m.id));
    expect(third).toBe(0);
    expect(new Set(sent).size).toBe(sent.length);
    // Each email says it was sent (a console message's history counts them so).
    const rows = await t.ctx.db
      .select({ status: outbox.status, sentAt: outbox.sentAt })
      .from(outbox)
      .where(eq(outbox.channel, 'email'));
    expect(rows.every((r) => r.status === 'sent' && r.sentAt !== null)).toBe(true);
  });

  it('marks an email failed when its last try fails, and tries it no more', async () => {
    const [org] = await t.ctx.db.select({ id: organizations.id }).from(organizations).limit(1);
    await t.ctx.db.insert(outbox).values({
      organizationId: org?.id ?? 0,
      channel: 'email',
      to: 'cal@example.org',
      subject: 'Hello',
      text: 'Hello',
    });
    const tries: number[] = [];
    for (let i = 0; i < 6; i++)
      await deliverBatch(t.ctx.db, async (m) => {
        tries.push(m.id);
        throw new Error('smtp down');
      });
    expect(tries).toHaveLength(5);
    const [row] = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, tries[0] ?? 0));
    expect(row).toMatchObject({ status: 'failed', attempts: 5, lastError: 'smtp down', sentAt: null });
  });
});

describe('the dev mailbox', () => {
  it('is not served in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('renders messages newest first with their links', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Reset your password for Test Gala');
    expect(page.body).toContain('/gala/auth/resetPassword/');
  });
});
