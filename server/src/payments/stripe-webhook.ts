import Stripe from 'stripe';
import type { ChargeOutcome } from './gateway';
import { stripeFailureMessage } from './stripe-gateway';

/**
 * Stripe's word on a charge after the fact, from its webhook: how a charge whose answer was lost
 * (or that the bidder finished in the browser) comes to be known. Each event is a charge outcome,
 * found again by the `chargekey` the gateway puts in every PaymentIntent's metadata.
 */
export type StripeOutcomeEvent = (
  Extract<ChargeOutcome, { kind: 'succeeded' }> | (Extract<ChargeOutcome, { kind: 'failed' }> & { ref: string })
) & {
  /** The gateway's charge key (metadata.chargekey); undefined for a payment not made by Gavel. */
  chargekey: string | undefined;
  /** The connected account the event came from, if any. */
  account: string | undefined;
};

/**
 * Checks the Stripe-Signature header against the endpoint's secret and reads the event. `rawBody`
 * must be the request body exactly as received (not re-serialized JSON), or the signature fails.
 * Throws on a missing or bad signature; answers undefined for events that tell nothing of a charge.
 */
export function readStripeEvent(
  rawBody: string | Buffer,
  signature: string | undefined,
  webhookSecret: string,
): StripeOutcomeEvent | undefined {
  if (!signature) throw new Error('The Stripe webhook has no Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (err) {
    throw new Error(`The Stripe webhook signature is not valid: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  const account = event.account;
  if (event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    return { kind: 'succeeded', ref: intent.id, card: undefined, chargekey: intent.metadata.chargekey, account };
  }
  if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    return {
      kind: 'failed',
      ref: intent.id,
      message: stripeFailureMessage(intent.last_payment_error),
      chargekey: intent.metadata.chargekey,
      account,
    };
  }
  return undefined;
}
