import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type CardOutcome, cardFailureMessages, PROCESSOR_TEST } from '@gavel/domain';
import type { CardDetails, ChargeOutcome, ChargeRequest, PaymentGateway, SaveCardOutcome, StoredCard } from './gateway';

/**
 * The built-in test gateway (processor code 1): no money moves. Its hosted card form
 * (web/card-form.html, served at /testpay/card-form) checks the card in the browser and asks
 * POST /api/testpay/tokens for a cryptogram holding only the brand, last four, expiry and which
 * test card it was; the number never leaves the form. Cryptograms and stored cards are signed, so
 * a made-up or altered token, or one entered for another event, is refused.
 */

interface Claims extends CardDetails {
  /** The event the card was entered for. */
  ev: number;
  /** 'tok' a one-time token from the form; 'card' a card kept on file. */
  use: 'tok' | 'card';
  outcome: CardOutcome;
  authenticated: boolean;
  /** Issued at (ms); one-time tokens are good for an hour. */
  iat: number;
  nonce: string;
}

const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export const testGatewayMessages = {
  badToken: 'This card entry is not valid. Please enter your card again.',
  otherEvent: 'This card was entered for another event. Please enter your card again.',
  tokenExpired: 'This card entry has expired. Please enter your card again.',
} as const;

function signer(secret: string) {
  const key = createHmac('sha256', secret).update('gavel test gateway').digest();
  return (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
}

/** Signs cryptograms for the hosted form's token call; shared by the call and the gateway. */
export function issueTestCryptogram(secret: string, eventId: number, card: CardDetails & { outcome: CardOutcome; authenticated: boolean }, now: Date): string {
  return encode(signer(secret), 'tok', { ...card, ev: eventId, use: 'tok', iat: now.getTime(), nonce: randomBytes(6).toString('base64url') });
}

function encode(sign: (p: string) => string, prefix: 'tok' | 'card', claims: Claims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${prefix}_test_${payload}.${sign(payload)}`;
}

export function createTestGateway(options: { secret: string; eventId: number; clock: () => Date }): PaymentGateway {
  const sign = signer(options.secret);
  /** Charges by key, so a retry or a reconciliation finds the first outcome (kept per process: test money only). */
  const charges = new Map<string, ChargeOutcome>();

  function read(token: string, use: 'tok' | 'card'): Claims | string {
    const m = /^(tok|card)_test_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
    if (!m || m[1] !== use) return testGatewayMessages.badToken;
    const expected = Buffer.from(sign(m[2]!));
    const given = Buffer.from(m[3]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return testGatewayMessages.badToken;
    let claims: Claims;
    try {
      claims = JSON.parse(Buffer.from(m[2]!, 'base64url').toString('utf8')) as Claims;
    } catch {
      return testGatewayMessages.badToken;
    }
    if (claims.ev !== options.eventId) return testGatewayMessages.otherEvent;
    if (use === 'tok' && options.clock().getTime() - claims.iat > TOKEN_LIFETIME_MS) return testGatewayMessages.tokenExpired;
    return claims;
  }

  const details = (c: Claims): CardDetails => ({ brand: c.brand, last4: c.last4, expmonth: c.expmonth, expyear: c.expyear });

  /** What the card does when charged: the test card's outcome; a card needing confirmation passes once confirmed. */
  function outcomeOf(c: Claims): CardOutcome {
    if (c.outcome === 'authentication_required' && c.authenticated) return 'success';
    return c.outcome;
  }

  return {
    code: PROCESSOR_TEST,

    async saveCard({ token }): Promise<SaveCardOutcome> {
      const claims = read(token, 'tok');
      if (typeof claims === 'string') return { kind: 'failed', message: claims };
      // Like a processor's card check on setup: declined and expired cards are refused now;
      // insufficient funds shows only when the card is charged.
      const outcome = outcomeOf(claims);
      if (outcome === 'declined' || outcome === 'expired_card' || outcome === 'authentication_required') return { kind: 'failed', message: cardFailureMessages[outcome] };
      const card: StoredCard = { ...details(claims), ref: encode(sign, 'card', { ...claims, use: 'card' }) };
      return { kind: 'saved', card, customer: undefined };
    },

    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      const prior = charges.get(request.key);
      if (prior) return prior;
      const claims = 'token' in request.source ? read(request.source.token, 'tok') : read(request.source.card.ref, 'card');
      if (typeof claims === 'string') return { kind: 'failed', message: claims };
      const outcome = outcomeOf(claims);
      const result: ChargeOutcome =
        outcome === 'success' ? { kind: 'succeeded', ref: `ch_test_${randomBytes(9).toString('base64url')}`, card: details(claims) } : { kind: 'failed', message: cardFailureMessages[outcome] };
      charges.set(request.key, result);
      return result;
    },

    async chargeOutcome({ key }): Promise<ChargeOutcome> {
      return charges.get(key) ?? { kind: 'failed', message: 'The charge never reached the test gateway.' };
    },

    async refund({ ref }) {
      if (!ref.startsWith('ch_test_')) return { ok: false, message: 'This charge is not known to the test gateway.' };
      return { ok: true };
    },

    async describeCard(ref: string): Promise<CardDetails | undefined> {
      const claims = read(ref, 'card');
      return typeof claims === 'string' ? undefined : details(claims);
    },
  };
}
