import { describe, it, expect } from 'vitest';
import { cardFailureMessages } from '@gavel/domain';
import { stripeGatewayMessages } from './stripe-gateway';
import { chargeOf, fakeStripeGateway } from '../test/fake-stripe-kit';

/** What became of a charge sent before, asked of Stripe (the catch-up's question): it reads, never charges. */
const stripe = fakeStripeGateway();

describe('chargeOutcome', () => {
  it('reads a charge by its reference, never charging', async () => {
    const request = chargeOf({ token: 'ctoken_declined' });
    const declined = await stripe.gateway.charge(request);
    if (declined.kind !== 'failed' || !declined.ref) throw new Error(declined.kind);
    const creates = stripe.fake.calls.filter((c) => c.method === 'POST').length;
    expect(await stripe.gateway.chargeOutcome({ ...request, ref: declined.ref })).toEqual({
      kind: 'failed',
      ref: declined.ref,
      message: cardFailureMessages.declined,
    });
    expect(stripe.fake.calls.filter((c) => c.method === 'POST')).toHaveLength(creates);
  });

  it('says a key Stripe never saw never reached it', async () => {
    expect(
      await stripe.gateway.chargeOutcome({
        ...chargeOf({ token: 'ctoken_visa' }),
        key: "never-sent-'quoted'",
        ref: '',
      }),
    ).toEqual({
      kind: 'failed',
      message: stripeGatewayMessages.neverReached,
    });
  });

  // Issue 47: another database on the same Stripe account (a second server, a restored backup)
  // charged under the key first; its charge is never taken for ours.
  it('takes a charge found by the key for this one only when amount, currency, event and payer are the same', async () => {
    const theirs = chargeOf({ token: 'ctoken_visa' }, 2_500);
    const charged = await stripe.gateway.charge(theirs);
    if (charged.kind !== 'succeeded') throw new Error(charged.kind);
    const differing: Array<Partial<typeof theirs>> = [
      { amount: 2_600 },
      { currency: 'cad' },
      { metadata: { ...theirs.metadata, eventid: '8' } },
      { metadata: { ...theirs.metadata, bidderid: '999' } },
    ];
    for (const change of differing)
      expect(await stripe.gateway.chargeOutcome({ ...theirs, ...change, ref: '' })).toEqual({
        kind: 'failed',
        review: true,
        message: stripeGatewayMessages.notThisCharge(charged.ref),
      });
    // Its own reference kept, a charge that differs is not this one either.
    expect(await stripe.gateway.chargeOutcome({ ...theirs, amount: 2_600, ref: charged.ref })).toMatchObject({
      review: true,
    });
    expect(await stripe.gateway.chargeOutcome({ ...theirs, ref: '' })).toMatchObject({
      kind: 'succeeded',
      ref: charged.ref,
    });
  });
});
