import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TEMPLATES } from '@gavel/domain';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { messagesNight, postMessage, written } from './messages-fixtures';

/**
 * A message is sent once under its Idempotency-Key: a console that lost the answer (venue Wi-Fi)
 * and sends again, or a double press, must not text a room twice. Runs on PGlite, and on
 * PostgreSQL in the suite's second pass, where the sends really meet (the event's advisory lock).
 */
let t: TestApp;
const now = new Date('2026-12-01T18:00:00Z');
let staffer: TestStaff;

const reminder = {
  ...MESSAGE_TEMPLATES.payment,
  audience: 'unpaid' as const,
  channel: 'both' as const,
  template: 'payment' as const,
};

const rows = () => written(t);

const keyed = (key: string) => ({ ...staffer.headers, 'idempotency-key': key });

beforeAll(async () => {
  t = await createTestApp({}, now);
  await messagesNight(t, now);
  staffer = await signedInStaff(t, { role: 'staff', name: 'Sam Staff' });
});
afterAll(async () => {
  await t.close();
});

describe('a message under an Idempotency-Key', () => {
  it('is sent once when it comes again, and once when five copies come at the same moment', async () => {
    const before = await rows();
    const first = await postMessage(t, keyed('message-retry-0001'), reminder);
    if (!first.ok || first.answer.preview) throw new Error('not sent');
    expect(first.answer).toMatchObject({ recipients: 1, queued: 2 });
    const again = await postMessage(t, keyed('message-retry-0001'), reminder);
    expect(again).toMatchObject({ ok: true, answer: first.answer });
    expect(await rows()).toMatchObject({
      messages: before.messages + 1,
      outbox: before.outbox + 2,
      audit: before.audit + 1,
    });

    const racing = await Promise.all(
      Array.from({ length: 5 }, () => postMessage(t, keyed('message-race-0002'), reminder)),
    );
    const ids = racing.map((r) => (r.ok && !r.answer.preview ? r.answer.messageid : null));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).not.toBeNull();
    expect(await rows()).toMatchObject({
      messages: before.messages + 2,
      outbox: before.outbox + 4,
      audit: before.audit + 2,
    });
  });

  it('refuses the key for another message (422) and a malformed key (400), writing nothing', async () => {
    const first = await postMessage(t, keyed('message-other-0003'), reminder);
    expect(first.ok).toBe(true);
    const before = await rows();
    const other = await postMessage(t, keyed('message-other-0003'), {
      ...reminder,
      body: `${reminder.body} Thank you!`,
    });
    expect(other).toMatchObject({
      ok: false,
      statusCode: 422,
      failure: {
        message: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
      },
    });
    const malformed = await postMessage(t, keyed('no'), reminder);
    expect(malformed).toMatchObject({ ok: false, statusCode: 400 });
    expect(await rows()).toEqual(before);
  });

  it('without a key, each send is a new message', async () => {
    const before = await rows();
    await postMessage(t, staffer.headers, reminder);
    await postMessage(t, staffer.headers, reminder);
    expect((await rows()).messages).toBe(before.messages + 2);
  });
});
