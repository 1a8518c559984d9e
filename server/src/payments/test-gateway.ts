import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type CardOutcome, cardFailureMessages, PROCESSOR_TEST } from '@gavel/domain';
import {
  type CardDetails,
  type ChargeOutcome,
  type ChargeRequest,
  isSameCharge,
  type PaymentGateway,
  type SaveCardOutcome,
  type StoredCard,
} from './gateway';

/**
 * The built-in test gateway (processor code 1): no money moves. Its hosted card form
 * (web/card-form.html, served at /testpay/card-form) checks the card in the browser and asks
 * POST /api/testpay/tokens for a cryptogram holding only the brand, last four, expiry and which
 * test card it was; the number never leaves the form. Cryptograms and stored cards are signed, so
 * a made-up or altered token, or one entered for another event, is refused. Like a real processor's
 * token, a cryptogram pays (or saves a card) once: its nonce is spent in the database, so a copy of
 * it replayed under another charge, in this process or another, pays nothing.
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
  alreadyUsed: 'This card entry has already been used. Please enter your card again.',
  neverReached: 'The charge never reached the test gateway.',
  notThisCharge:
    "The test gateway holds a charge under this payment's key that is not this payment: its amount, event or payer differ. Nothing was taken for this payment.",
} as const;

function signer(secret: string) {
  const key = createHmac('sha256', secret).update('gavel test gateway').digest();
  return (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
}

/** Signs cryptograms for the hosted form's token call; shared by the call and the gateway. */
export function issueTestCryptogram(
  secret: string,
  eventId: number,
  card: CardDetails & { outcome: CardOutcome; authenticated: boolean },
  now: Date,
): string {
  return encode(signer(secret), 'tok', {
    ...card,
    ev: eventId,
    use: 'tok',
    iat: now.getTime(),
    nonce: randomBytes(16).toString('base64url'),
  });
}

/**
 * A card kept on file by the test gateway, made without the form: for the demo's bidders, so the
 * desk's card on file and charge all can be tried from `npm start`. It charges as its test card does.
 */
export function issueTestStoredCard(
  secret: string,
  eventId: number,
  card: CardDetails & { outcome: CardOutcome },
  now: Date,
): StoredCard {
  const claims: Claims = {
    ...card,
    ev: eventId,
    use: 'card',
    authenticated: false,
    iat: now.getTime(),
    nonce: randomBytes(16).toString('base64url'),
  };
  return {
    brand: card.brand,
    last4: card.last4,
    expmonth: card.expmonth,
    expyear: card.expyear,
    ref: encode(signer(secret), 'card', claims),
  };
}

function encode(sign: (p: string) => string, prefix: 'tok' | 'card', claims: Claims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${prefix}_test_${payload}.${sign(payload)}`;
}

export interface TestGatewayOptions {
  secret: string;
  eventId: number;
  clock: () => Date;
  /** Marks a cryptogram's nonce spent, atomically across processes; false when it was spent before. */
  spend: (nonce: string) => Promise<boolean>;
}

/**
 * The answer under a key: the first call's, even while it is still running, so a retry or a twin
 * sent at once under the same key never spends or charges again. A call that threw answered
 * nothing, so it is forgotten and the key may be tried again.
 */
function once<T>(answers: Map<string, Promise<T>>, key: string, run: () => Promise<T>): Promise<T> {
  const prior = answers.get(key);
  if (prior) return prior;
  const answer = run();
  answers.set(key, answer);
  answer.catch(() => answers.delete(key));
  return answer;
}

export function createTestGateway(options: TestGatewayOptions): PaymentGateway {
  const sign = signer(options.secret);
  /** Charges and card saves by key, so a retry or a reconciliation finds the first outcome (kept per process: test money only). */
  const charges = new Map<string, Promise<ChargeOutcome>>();
  /** What was sent under each key: a charge asked about is this gateway's only if it is the same. */
  const sent = new Map<string, ChargeRequest>();
  const saves = new Map<string, Promise<SaveCardOutcome>>();

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
    if (use === 'tok' && options.clock().getTime() - claims.iat > TOKEN_LIFETIME_MS)
      return testGatewayMessages.tokenExpired;
    return claims;
  }

  const details = (c: Claims): CardDetails => ({
    brand: c.brand,
    last4: c.last4,
    expmonth: c.expmonth,
    expyear: c.expyear,
  });

  /** What the card does when charged: the test card's outcome; a card needing confirmation passes once confirmed. */
  function outcomeOf(c: Claims): CardOutcome {
    if (c.outcome === 'authentication_required' && c.authenticated) return 'success';
    return c.outcome;
  }

  return {
    code: PROCESSOR_TEST,

    saveCard({ token, key }): Promise<SaveCardOutcome> {
      // Keyed by the token too: the same key with another card is another request, not a retry.
      return once(saves, `${key}\n${token}`, async () => {
        const claims = read(token, 'tok');
        if (typeof claims === 'string') return { kind: 'failed', message: claims };
        // Like a processor's card check on setup: declined and expired cards are refused now;
        // insufficient funds shows only when the card is charged.
        const outcome = outcomeOf(claims);
        if (outcome === 'declined' || outcome === 'expired_card' || outcome === 'authentication_required')
          return { kind: 'failed', message: cardFailureMessages[outcome] };
        if (!(await options.spend(claims.nonce))) return { kind: 'failed', message: testGatewayMessages.alreadyUsed };
        const card: StoredCard = { ...details(claims), ref: encode(sign, 'card', { ...claims, use: 'card' }) };
        return { kind: 'saved', card, customer: undefined };
      });
    },

    charge(request: ChargeRequest): Promise<ChargeOutcome> {
      return once(charges, request.key, async () => {
        sent.set(request.key, request);
        const oneTime = 'token' in request.source;
        const claims =
          'token' in request.source ? read(request.source.token, 'tok') : read(request.source.card.ref, 'card');
        if (typeof claims === 'string') return { kind: 'failed', message: claims };
        const outcome = outcomeOf(claims);
        if (outcome !== 'success') return { kind: 'failed', message: cardFailureMessages[outcome] };
        // A card on file is charged again and again; a cryptogram from the form pays once.
        if (oneTime && !(await options.spend(claims.nonce)))
          return { kind: 'failed', message: testGatewayMessages.alreadyUsed };
        return { kind: 'succeeded', ref: `ch_test_${randomBytes(9).toString('base64url')}`, card: details(claims) };
      });
    },

    async chargeOutcome(asked): Promise<ChargeOutcome> {
      const first = sent.get(asked.key);
      const outcome = first && (await charges.get(asked.key));
      if (!first || !outcome) return { kind: 'failed', message: testGatewayMessages.neverReached };
      if (!isSameCharge(asked, first))
        return { kind: 'failed', review: true, message: testGatewayMessages.notThisCharge };
      return outcome;
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
