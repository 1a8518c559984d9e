import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { formatMoney, type MessageAudience, MESSAGE_TEMPLATES, mergeProblem, roleNeeded } from '@gavel/domain';
import { audit, outbox, pickupCodes } from '../../../db/schema';
import { importEvent } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument } from '../../../test/documents';
import { createTestApp, type TestApp } from '../../../test/harness';
import { findTenant } from '../../../tenancy';
import { balanceOf } from '../../../money/ledger';
import { audienceOf } from './audience';
import { type MessagesNight, messagesNight, PICKUP, postMessage, written as writtenRows } from './messages-fixtures';

/** Messages to an audience: who is in each, the preview, the send, refusals, and the history's counts. */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let owner: TestStaff;
let staffer: TestStaff;
let volunteer: TestStaff;
let otherOwner: TestStaff;
let night: MessagesNight;

const written = () => writtenRows(t);

const payment = MESSAGE_TEMPLATES.payment;

beforeAll(async () => {
  t = await createTestApp({}, now);
  night = await messagesNight(t, now);
  await importEvent(t, eventDocument(now, { auctioncode: 'other', eventcode: 'spring' }));
  owner = await signedInStaff(t, { role: 'owner', name: 'Olive Owner' });
  staffer = await signedInStaff(t, { role: 'staff', name: 'Sam Staff' });
  volunteer = await signedInStaff(t, { role: 'volunteer' });
  otherOwner = await signedInStaff(t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' });
});
afterAll(async () => {
  await t.close();
});

describe('audiences', () => {
  it('finds each audience’s people on a small night', async () => {
    const tenant = await findTenant(t.ctx.db, 'demo', 'gala');
    const names = async (audience: MessageAudience) =>
      (await audienceOf(t.ctx.db, tenant, audience)).map((m) => m.name);
    expect(await names('all')).toEqual(['Ann Tester', 'Bob Tester', 'Cy Tester', 'Dee Tester']);
    expect(await names('checkedin')).toEqual(['Ann Tester', 'Cy Tester']);
    expect(await names('notcheckedin')).toEqual(['Bob Tester', 'Dee Tester']);
    expect(await names('winners')).toEqual(['Ann Tester', 'Bob Tester']);
    // Bob paid on his phone; Ann owes the gift and her Bill Me mug.
    expect(await names('unpaid')).toEqual(['Ann Tester']);
    // Erin is no bidder; Ann bought a mug under her bidder's email.
    expect(await names('buyers')).toEqual(['Erin Lee', 'Ann Lee']);
    expect(await names('guests')).toEqual(['Erin Lee', 'Gus Guest']);
  });
});

describe('preview', () => {
  it('counts who gets a text and who is left out and why, and writes nothing', async () => {
    const before = await written();
    const res = await postMessage(t, staffer.headers, {
      audience: 'all',
      channel: 'text',
      body: 'Hi {firstname}, bidding closes at 9.',
      preview: true,
    });
    if (!res.ok || !res.answer.preview) throw new Error(`preview: ${res.ok ? 'sent' : res.failure.message}`);
    expect(res.answer).toMatchObject({ recipients: 1, queued: 1, emails: 0, texts: 1 });
    expect(res.answer.leftout).toEqual([
      { why: 'nophone', count: 1, words: '1 person without a cell phone number: no text.' },
      { why: 'notexts', count: 1, words: '1 person did not agree to text messages: no text.' },
      { why: 'optedout', count: 1, words: '1 person replied STOP to our texts: no text.' },
    ]);
    expect(res.answer.example).toMatchObject({
      name: 'Ann Tester',
      phone: '(312) 555-0101',
      email: '',
      text: 'Test Gala: Hi Ann, bidding closes at 9. Reply STOP to unsubscribe.',
    });
    expect(await written()).toEqual(before);
  });

  it('shows the payment reminder as Ann would get it, the pay link not made yet', async () => {
    const before = await written();
    const res = await postMessage(t, owner.headers, {
      ...payment,
      channel: 'both',
      template: 'payment',
      preview: true,
    });
    if (!res.ok || !res.answer.preview) throw new Error('no preview');
    const due = (await balanceOf(t.ctx.db, (await findTenant(t.ctx.db, 'demo', 'gala')).event, night.ann.bidderId)).due;
    expect(due).toBe(5250);
    expect(res.answer).toMatchObject({ recipients: 1, queued: 2, emails: 1, texts: 1, leftout: [] });
    expect(res.answer.example?.subject).toBe('Your balance for Test Gala');
    expect(res.answer.example?.emailtext).toContain(`Your balance is ${formatMoney(due)}.`);
    expect(res.answer.example?.text).toMatch(
      /Your balance is \$52\.50\. You can pay on your phone here: \S+\/gala\/pay\/…/,
    );
    expect(await written()).toEqual(before);
  });

  it('leaves out a guest without an email, and store people without a texting account', async () => {
    const res = await postMessage(t, owner.headers, {
      audience: 'guests',
      channel: 'both',
      subject: 'See you at {event}',
      body: 'Hi {firstname}. {pickup}',
      preview: true,
    });
    if (!res.ok || !res.answer.preview) throw new Error('no preview');
    expect(res.answer).toMatchObject({ recipients: 1, queued: 1, emails: 1, texts: 0 });
    expect(res.answer.leftout.map((l) => [l.why, l.count])).toEqual([
      ['noemail', 1],
      ['nophone', 2],
    ]);
    expect(res.answer.example?.emailtext).toContain(`Hi Erin. ${PICKUP}`);
  });
});

describe('send', () => {
  it('queues the payment reminder once per recipient and channel, merged, with a pay link that works, and audits it', async () => {
    const before = await written();
    const res = await postMessage(t, staffer.headers, {
      ...payment,
      audience: 'unpaid',
      channel: 'both',
      template: 'payment',
    });
    if (!res.ok || res.answer.preview) throw new Error(`send: ${res.ok ? 'previewed' : res.failure.message}`);
    expect(res.answer).toMatchObject({ recipients: 1, queued: 2, message: 'Sent to 1 person: 2 messages on the way.' });
    const rows = await t.ctx.db.select().from(outbox).where(eq(outbox.messageId, res.answer.messageid));
    expect(rows.map((r) => [r.channel, r.to, r.status])).toEqual([
      ['email', 'ann@example.org', 'queued'],
      ['text', '(312) 555-0101', 'queued'],
    ]);
    const [mail, text] = rows;
    expect(mail?.subject).toBe('Your balance for Test Gala');
    expect(mail?.text).toContain('Hi Ann, thank you for bidding at Test Gala! Your balance is $52.50.');
    expect(text?.text).toMatch(
      /^Test Gala: Hi Ann, thank you for bidding at Test Gala! Your balance is \$52\.50\. You can pay on your phone here: \S+\/gala\/pay\/[\w-]+ Reply STOP to unsubscribe\.$/,
    );
    // The email's button and the text carry the same link, which opens Ann's checkout.
    const link = /\/gala\/pay\/([\w-]+)/.exec(text?.text ?? '')?.[1] ?? '';
    expect(mail?.links.some((l) => l.endsWith(`/gala/pay/${link}`))).toBe(true);
    const follow = await call(t.app, 'POST /paylink', { token: link });
    expect(follow.ok && follow.answer.status).toBe('success');
    const after = await written();
    expect(after).toEqual({
      ...before,
      messages: before.messages + 1,
      outbox: before.outbox + 2,
      links: before.links + 1,
      audit: before.audit + 1,
    });
    const [entry] = await t.ctx.db.select().from(audit).where(eq(audit.kind, 'message.send'));
    expect(entry).toMatchObject({
      actor: 'Sam Staff',
      summary: 'Sent a message to Unpaid winners by email and text: 1 person, 2 messages',
      after: {
        messageid: res.answer.messageid,
        audience: 'unpaid',
        channel: 'both',
        template: 'payment',
        subject: payment.subject,
        body: payment.body,
        recipients: 1,
        queued: 2,
      },
    });
  });

  it('gives winners the pickup instructions and their pickup codes, made once', async () => {
    const res = await postMessage(t, owner.headers, {
      ...MESSAGE_TEMPLATES.pickup,
      audience: 'winners',
      channel: 'email',
      template: 'pickup',
    });
    if (!res.ok || res.answer.preview) throw new Error('not sent');
    const codes = await t.ctx.db
      .select()
      .from(pickupCodes)
      .where(inArray(pickupCodes.bidderId, [night.ann.bidderId, night.bob.bidderId]));
    expect(codes).toHaveLength(2);
    const mails = await t.ctx.db.select().from(outbox).where(eq(outbox.messageId, res.answer.messageid));
    for (const code of codes) {
      const to = code.bidderId === night.ann.bidderId ? 'ann@example.org' : 'bob@example.org';
      expect(mails.find((m) => m.to === to)?.text).toContain(`${PICKUP} Your pickup code is ${code.code}.`);
    }
  });
});

describe('refusals', () => {
  it('refuses an unknown field, a bidder’s field for buyers and an email without a subject, writing nothing', async () => {
    const before = await written();
    const send = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/console/events/gala/messages', headers: owner.headers, payload });
    const unknown = await send({ audience: 'all', channel: 'text', body: 'Hi {fristname}' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(mergeProblem('Hi {fristname}', 'all'));
    expect(unknown.json().message).toContain('{fristname} is not a merge field');
    const buyers = await send({ audience: 'buyers', channel: 'email', subject: 'Hi', body: 'Pay {paylink}' });
    expect(buyers.statusCode).toBe(400);
    expect(buyers.json().message).toBe('{paylink} is only known for bidders; store buyers are not all bidders.');
    const noSubject = await send({ audience: 'all', channel: 'both', body: 'Hi' });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().message).toBe('subject: is required for an email');
    expect(await written()).toEqual(before);
  });

  it('refuses volunteers with the role needed, a bidder’s token and another organization’s owner', async () => {
    const before = await written();
    const body = { audience: 'all' as const, channel: 'text' as const, body: 'Hi' };
    for (const res of [
      await postMessage(t, volunteer.headers, body),
      await call(t.app, 'GET /console/events/:eventcode/messages', undefined, {
        params: { eventcode: 'gala' },
        headers: volunteer.headers,
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(!res.ok && res.failure.message).toBe(roleNeeded('staff'));
    }
    expect((await postMessage(t, night.ann.auth, body)).statusCode).toBe(401);
    expect((await postMessage(t, otherOwner.headers, body)).statusCode).toBe(401);
    expect(await written()).toEqual(before);
  });
});

describe('history', () => {
  it('lists the messages latest first, with delivery counts that follow the outbox', async () => {
    const list = async () => {
      const res = await call(t.app, 'GET /console/events/:eventcode/messages', undefined, {
        params: { eventcode: 'gala' },
        headers: staffer.headers,
      });
      if (!res.ok) throw new Error(res.failure.message);
      return res.answer.messages;
    };
    const [pickup, reminder] = await list();
    expect(pickup).toMatchObject({ audience: 'winners', channel: 'email', template: 'pickup', sentby: 'Olive Owner' });
    expect(reminder).toMatchObject({ audience: 'unpaid', channel: 'both', sentby: 'Sam Staff', recipients: 1 });
    expect(reminder?.createdat).toMatch(/^2026-12-01T12:00:00(\.000)?-06:00$/);
    // Without SMTP the emails stay in the dev mailbox; the text waits for the provider.
    expect(reminder?.delivery).toEqual({ pending: 1, sent: 0, delivered: 0, failed: 0, optedout: 0, dev: 1 });
    const rows = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.messageId, reminder?.messageid ?? 0));
    const textRow = rows.find((r) => r.channel === 'text');
    await t.ctx.db
      .update(outbox)
      .set({ status: 'delivered' })
      .where(eq(outbox.id, textRow?.id ?? 0));
    await t.ctx.db
      .update(outbox)
      .set({ sentAt: now })
      .where(and(eq(outbox.messageId, reminder?.messageid ?? 0), eq(outbox.channel, 'email')));
    const pickupRows = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.messageId, pickup?.messageid ?? 0));
    await t.ctx.db
      .update(outbox)
      .set({ status: 'failed' })
      .where(eq(outbox.id, pickupRows[0]?.id ?? 0));
    await t.ctx.db
      .update(outbox)
      .set({ status: 'optedout' })
      .where(eq(outbox.id, pickupRows[1]?.id ?? 0));
    const [pickupAfter, reminderAfter] = await list();
    expect(reminderAfter?.delivery).toEqual({ pending: 0, sent: 1, delivered: 1, failed: 0, optedout: 0, dev: 0 });
    expect(pickupAfter?.delivery).toEqual({ pending: 0, sent: 0, delivered: 0, failed: 1, optedout: 1, dev: 0 });
  });
});
