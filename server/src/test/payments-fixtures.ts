import { cardBrand, digitsOnly, testCardOutcome } from '@gavel/domain';
import { createTestApp, type TestApp } from './harness';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import type { TestBidder } from './account-fixtures';

/**
 * What the hosted card form does for a test card: checks it, then asks for a cryptogram holding
 * only brand, last four, expiry and outcome. `authenticated` is the bidder's confirmation of the
 * card that needs one.
 */
export async function testCryptogram(
  t: TestApp,
  eventcode: string,
  number: string,
  opts: { authenticated?: boolean; auctioncode?: string } = {},
): Promise<string> {
  const digits = digitsOnly(number);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/testpay/tokens',
    ...(opts.auctioncode ? { headers: { host: `${opts.auctioncode}.localhost` } } : {}),
    payload: {
      eventcode,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expmonth: 12,
      expyear: 2030,
      outcome: testCardOutcome(digits),
      authenticated: opts.authenticated ?? false,
    },
  });
  if (res.statusCode !== 200) throw new Error(`cryptogram: ${res.statusCode} ${res.body}`);
  return (res.json() as { cryptogram: string }).cryptogram;
}

export async function saveTestCard(t: TestApp, who: TestBidder, eventcode: string, number: string) {
  const processortoken = await testCryptogram(t, eventcode, number);
  return t.app.inject({
    method: 'POST',
    url: '/api/updatecard',
    headers: who.auth,
    payload: { eventcode, processortoken },
  });
}

/** Buy It Now through the API; answers the won item's historyid. */
export async function buyNow(
  t: TestApp,
  who: TestBidder,
  eventcode: string,
  itemid: number,
  { quantity = 1 }: { quantity?: number } = {},
): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submitbid',
    headers: who.auth,
    payload: { eventcode, itemid, buyitnow: true, quantity },
  });
  if (res.statusCode !== 200) throw new Error(`buy now: ${res.statusCode} ${res.body}`);
  return (res.json() as { historyid: number }).historyid;
}

let keys = 0;
/** A fresh Idempotency-Key, as the web makes one per submission. */
export const newKey = () => `test-key-${Date.now()}-${++keys}`;

export function checkoutAs(t: TestApp, who: TestBidder, payload: object, key = newKey()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { ...who.auth, 'idempotency-key': key },
    payload: { eventcode: 'gala', ...payload },
  });
}

/** An event's processor fields for Stripe (code 2) with the fake API's keys, no card fee, and this webhook secret. */
export const stripeEventFields = (processorwebhooksecret: string) => ({
  paymentprocessorcode: 2 as const,
  processorpublickey: 'pk_test_gavel',
  processorsecretkey: 'sk_test_gavel',
  processorwebhooksecret,
  ccfeespercent: 0,
});

/** An app whose Stripe calls go to a fake Stripe API of its own (no network); close both after the file. */
export async function appOnFakeStripe(now: Date): Promise<{ t: TestApp; fake: FakeStripe }> {
  const fake = await startFakeStripe();
  const t = await createTestApp({ STRIPE_API_URL: fake.url, STRIPE_TIMEOUT_MS: '500' }, now);
  return { t, fake };
}
