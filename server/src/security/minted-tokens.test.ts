import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { importEvent } from '../test/account-fixtures';
import { eventDocument } from '../test/documents';
import { RATE_LIMITED } from '../lib/limits';

/**
 * Security finding 9, replayed: tokens anyone can mint without an account (a guest's, a store
 * cart's) each got a full budget, so 8 guest tokens made 240 calls in a minute where the address's
 * budget was 40. Those calls now also count, all together, against an address ceiling.
 */
const now = new Date('2026-12-01T18:00:00Z');
const ADDRESS = '198.51.100.20';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_PER_MINUTE: '30', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '40', RATE_LIMIT_GUEST_TOKENS_PER_MINUTE: '40' },
    now,
  );
  await importEvent(t, eventDocument(now));
});
afterAll(async () => t.close());

const call = (url: string, token: string | undefined, remoteAddress = ADDRESS) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { eventcode: 'gala' },
  });

describe('tokens minted without an account', () => {
  it('share one ceiling per address, however many are minted', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 8; i++) tokens.push((await call('/api/guestlogin', undefined)).json().token);
    const statuses: number[] = [];
    for (const token of tokens)
      for (let i = 0; i < 30; i++) statuses.push((await call('/api/auctionitems', token)).statusCode);
    const served = statuses.filter((s) => s === 200).length;
    expect(served).toBe(40);
    expect(statuses.filter((s) => s === 429).length).toBe(240 - 40);
    const refused = await call('/api/auctionitems', tokens[0]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 'failure', code: 'rate_limited', message: RATE_LIMITED });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address, and a signed-in caller's own budget, are untouched.
    const elsewhere = (await call('/api/guestlogin', undefined, '203.0.113.5')).json().token;
    expect((await call('/api/auctionitems', elsewhere, '203.0.113.5')).statusCode).toBe(200);
  });
});
