import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cardFailureMessages } from '@gavel/domain';
import { readStripeEvent } from './stripe-webhook';

describe('readStripeEvent', () => {
  const secret = 'whsec_test_gavel';
  const event = (type: string, object: object) =>
    JSON.stringify({ id: 'evt_1', object: 'event', type, account: 'acct_9', created: 1_700_000_000, data: { object } });
  const intent = (fields: object) => ({
    id: 'pi_hook',
    object: 'payment_intent',
    metadata: { chargekey: 'ck-1' },
    last_payment_error: null,
    ...fields,
  });
  const sign = (payload: string, key = secret, timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: key, ...(timestamp ? { timestamp } : {}) });

  it('reads a succeeded payment', () => {
    const payload = event('payment_intent.succeeded', intent({ status: 'succeeded' }));
    expect(readStripeEvent(payload, sign(payload), secret)).toEqual({
      kind: 'succeeded',
      ref: 'pi_hook',
      card: undefined,
      chargekey: 'ck-1',
      account: 'acct_9',
    });
  });

  it('reads a failed payment with the message for the bidder, from a Buffer body', () => {
    const payload = event(
      'payment_intent.payment_failed',
      intent({
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Insufficient funds.',
        },
      }),
    );
    expect(readStripeEvent(Buffer.from(payload), sign(payload), secret)).toEqual({
      kind: 'failed',
      ref: 'pi_hook',
      message: cardFailureMessages.insufficient_funds,
      chargekey: 'ck-1',
      account: 'acct_9',
    });
  });

  it('answers nothing for other events', () => {
    const payload = event('customer.created', { id: 'cus_1', object: 'customer' });
    expect(readStripeEvent(payload, sign(payload), secret)).toBeUndefined();
  });

  it('refuses a bad, stale, altered or missing signature', () => {
    const payload = event('payment_intent.succeeded', intent({ status: 'succeeded' }));
    expect(() => readStripeEvent(payload, sign(payload, 'whsec_other'), secret)).toThrow(/signature is not valid/);
    expect(() =>
      readStripeEvent(payload, sign(payload, secret, Math.floor(Date.now() / 1000) - 3_600), secret),
    ).toThrow(/signature is not valid/);
    expect(() => readStripeEvent(payload.replace('ck-1', 'ck-2'), sign(payload), secret)).toThrow(
      /signature is not valid/,
    );
    expect(() => readStripeEvent(payload, undefined, secret)).toThrow(/no Stripe-Signature/);
  });
});
