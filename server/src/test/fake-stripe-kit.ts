import { createServer } from 'node:http';
import type { CardOwner, ChargeRequest, PaymentGateway, StoredCard } from '../payments/gateway';
import { afterAll, beforeAll } from 'vitest';
import { createStripeGateway, type StripeConnection } from '../payments/stripe-gateway';
import { type FakeStripe, startFakeStripe } from './fake-stripe';

/** What the Stripe gateway's tests ask of it and of the fake Stripe API, beside the calls under test. */

/**
 * A test file's fake Stripe API and a gateway on it (5-second timeout), started before its tests
 * and stopped after: read `fake` and `gateway` inside the tests.
 */
export function fakeStripeGateway(): { fake: FakeStripe; gateway: PaymentGateway } {
  const room = {} as { fake: FakeStripe; gateway: PaymentGateway };
  beforeAll(async () => {
    room.fake = await startFakeStripe();
    room.gateway = createStripeGateway({
      secretKey: 'sk_test_gavel',
      connection: room.fake.connection,
      timeoutMs: 5_000,
    });
  });
  afterAll(async () => {
    await room.fake.close();
  });
  return room;
}

let seq = 0;
/** A fresh key for a gateway call. */
export const newKey = (label: string) => `${label}-${++seq}`;

export const owner = (bidderId: number, customer?: string): CardOwner => ({
  bidderId,
  email: `bidder${bidderId}@example.org`,
  name: `Bidder ${bidderId}`,
  customer,
});

/** The Stripe.js stand-in: handleNextAction finishes 3-D Secure for the intent of a client secret. */
export async function handleNextAction(
  fake: FakeStripe,
  clientsecret: string,
  outcome: 'ok' | 'fail' = 'ok',
): Promise<void> {
  const id = clientsecret.split('_secret_')[0]!;
  const res = await fetch(`${fake.url}/test/authenticate/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: outcome === 'fail' ? 'outcome=fail' : '',
  });
  if (res.status !== 200) throw new Error(`authenticate answered ${res.status}`);
}

export async function savedCard(
  gateway: PaymentGateway,
  token: string,
  bidderId: number,
): Promise<{ card: StoredCard; customer: string }> {
  const outcome = await gateway.saveCard({ token, owner: owner(bidderId), key: newKey('save') });
  if (outcome.kind !== 'saved' || !outcome.customer)
    throw new Error(`expected a saved card, got ${JSON.stringify(outcome)}`);
  return { card: outcome.card, customer: outcome.customer };
}

export function chargeOf(source: ChargeRequest['source'], amount = 12_345, key = newKey('charge')): ChargeRequest {
  return {
    amount,
    currency: 'USD',
    source,
    key,
    description: 'Gavel checkout',
    metadata: { eventid: '7', bidderid: '3' },
  };
}

export const intentsWithKey = (fake: FakeStripe, key: string) =>
  [...fake.state.paymentIntents.values()].filter((pi) => pi.metadata.chargekey === key);

/** A port where nothing listens: every call fails to connect. */
export async function deadConnection(): Promise<StripeConnection> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return { host: '127.0.0.1', port: address.port, protocol: 'http' };
}
