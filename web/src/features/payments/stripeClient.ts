import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { PaymentProcessorInfo } from '@gavel/domain';
import { CARD_ERROR_FALLBACK, cardErrorNotice } from './cardErrors';

/**
 * Stripe's browser client (processor code 2). Only this module and StripeCard import Stripe, and
 * both are loaded on demand, so events on the test gateway never download Stripe's code.
 */
const loaded = new Map<string, Promise<Stripe | null>>();

const STRIPE_LOAD_FAILED = 'The card form could not be loaded. Please check your connection and try again.';

/**
 * One client per publishable key and connected account, as Stripe asks. Never rejects: a failed
 * script load (offline, blocked) is told to the bidder once and gives null until the page is
 * reloaded, so a re-rendered card entry does not ask again and again.
 */
export function stripeFor(info: Pick<PaymentProcessorInfo, 'providerkey' | 'accountid'>): Promise<Stripe | null> {
  const id = `${info.providerkey}:${info.accountid}`;
  let stripe = loaded.get(id);
  if (!stripe) {
    stripe = loadStripe(info.providerkey, info.accountid ? { stripeAccount: info.accountid } : undefined).catch(() => {
      cardErrorNotice(STRIPE_LOAD_FAILED);
      return null;
    });
    loaded.set(id, stripe);
  }
  return stripe;
}

/**
 * Finishes a payment or a card that the bank wants confirmed (3-D Secure), in Stripe's own
 * window. Answers whether it was confirmed; a refusal is shown as the card error.
 */
export async function confirmNextAction(info: PaymentProcessorInfo, clientSecret: string): Promise<boolean> {
  const stripe = await stripeFor(info);
  if (!stripe) return false;
  try {
    const result = await stripe.handleNextAction({ clientSecret });
    if (!result.error) return true;
    cardErrorNotice(result.error.message || CARD_ERROR_FALLBACK);
  } catch (err) {
    cardErrorNotice(err instanceof Error ? err.message : CARD_ERROR_FALLBACK);
  }
  return false;
}
