import { describe, expect, it } from 'vitest';
import { cardFailureMessages, type CardOutcome } from '@gavel/domain';
import type { ChargeRequest } from './gateway';
import { createTestGateway, issueTestCryptogram, testGatewayMessages } from './test-gateway';

const secret = 'test-jwt-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const now = new Date('2026-12-01T18:00:00Z');

/** A gateway whose spent nonces are kept in a set (the database's table in the app), counting the spends asked for. */
function gateway(spent = new Set<string>()) {
  const asked: string[] = [];
  const g = createTestGateway({
    secret,
    eventId: 7,
    clock: () => now,
    spend: async (nonce) => {
      asked.push(nonce);
      if (spent.has(nonce)) return false;
      spent.add(nonce);
      return true;
    },
  });
  return { g, asked, spent };
}

const cryptogram = (outcome: CardOutcome = 'success') =>
  issueTestCryptogram(
    secret,
    7,
    { brand: 'Visa', last4: '4242', expmonth: 12, expyear: 2030, outcome, authenticated: false },
    now,
  );
const charge = (key: string, source: ChargeRequest['source']): ChargeRequest => ({
  amount: 4000,
  currency: 'usd',
  source,
  key,
  description: 'order',
  metadata: {},
});
const owner = { bidderId: 1, email: 'ann@example.org', name: 'Ann', customer: undefined };

describe('a one-time cryptogram', () => {
  it('pays once: a retry under the same key answers the first outcome, another key is told it was used', async () => {
    const { g, asked } = gateway();
    const token = cryptogram();
    const first = await g.charge(charge('k1', { token }));
    expect(first).toMatchObject({ kind: 'succeeded', card: { last4: '4242' } });
    expect(await g.charge(charge('k1', { token }))).toEqual(first);
    expect(await g.chargeOutcome({ ...charge('k1', { token }), ref: '' })).toEqual(first);
    // The same key asked about for another amount (another database's payment): not this charge.
    expect(await g.chargeOutcome({ ...charge('k1', { token }), amount: 4100, ref: '' })).toEqual({
      kind: 'failed',
      review: true,
      message: testGatewayMessages.notThisCharge,
    });
    expect(await g.charge(charge('k2', { token }))).toEqual({
      kind: 'failed',
      message: testGatewayMessages.alreadyUsed,
    });
    expect(asked).toHaveLength(2);
  });

  it('is spent once by twins sent at once under one key', async () => {
    const { g, asked } = gateway();
    const token = cryptogram();
    const [a, b] = await Promise.all([g.charge(charge('twin', { token })), g.charge(charge('twin', { token }))]);
    expect(a).toMatchObject({ kind: 'succeeded' });
    expect(b).toEqual(a);
    expect(asked).toHaveLength(1);
  });

  it('is refused by another process once spent in one (they share the spent nonces)', async () => {
    const spent = new Set<string>();
    const token = cryptogram();
    expect(await gateway(spent).g.charge(charge('here', { token }))).toMatchObject({ kind: 'succeeded' });
    expect(await gateway(spent).g.charge(charge('there', { token }))).toEqual({
      kind: 'failed',
      message: testGatewayMessages.alreadyUsed,
    });
  });

  it('is spent by saving a card, which is then charged again and again; the cryptogram itself pays no more', async () => {
    const { g } = gateway();
    const token = cryptogram();
    const saved = await g.saveCard({ token, owner, key: 'save-1' });
    if (saved.kind !== 'saved') throw new Error(`not saved: ${saved.kind}`);
    // A retry of the save is answered as the first; another bidder's save of it is refused.
    expect(await g.saveCard({ token, owner, key: 'save-1' })).toEqual(saved);
    expect(await g.saveCard({ token, owner: { ...owner, bidderId: 2 }, key: 'save-2' })).toEqual({
      kind: 'failed',
      message: testGatewayMessages.alreadyUsed,
    });
    const onFile = { card: saved.card, customer: undefined };
    expect(await g.charge(charge('c1', onFile))).toMatchObject({ kind: 'succeeded' });
    expect(await g.charge(charge('c2', onFile))).toMatchObject({ kind: 'succeeded' });
    expect(await g.charge(charge('c3', { token }))).toEqual({
      kind: 'failed',
      message: testGatewayMessages.alreadyUsed,
    });
  });

  it('is not spent by a card that fails: a declined card is declined again, never told it was used', async () => {
    const { g, asked } = gateway();
    const token = cryptogram('declined');
    expect(await g.charge(charge('d1', { token }))).toEqual({ kind: 'failed', message: cardFailureMessages.declined });
    expect(await g.charge(charge('d2', { token }))).toEqual({ kind: 'failed', message: cardFailureMessages.declined });
    expect(asked).toHaveLength(0);
  });

  it('is tried again under the same key when its spend could not be recorded', async () => {
    let down = true;
    const g = createTestGateway({
      secret,
      eventId: 7,
      clock: () => now,
      spend: async () => (down ? Promise.reject(new Error('database unavailable')) : true),
    });
    const token = cryptogram();
    await expect(g.charge(charge('k', { token }))).rejects.toThrow('database unavailable');
    down = false;
    expect(await g.charge(charge('k', { token }))).toMatchObject({ kind: 'succeeded' });
  });
});
