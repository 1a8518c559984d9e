import Stripe from 'stripe';
import { cardFailureMessages, cardFieldMessages, PROCESSOR_STRIPE } from '@gavel/domain';
import {
  GENERIC_CARD_FAILURE,
  isSameCharge,
  type CardDetails,
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentGateway,
  type SaveCardOutcome,
} from './gateway';

/**
 * The Stripe gateway (processor code 2). Stripe.js in the browser turns the card into a
 * ConfirmationToken; the server confirms a SetupIntent with it to keep the card (a PaymentMethod on
 * the bidder's Stripe customer) or a PaymentIntent to charge it once, and charges a kept card
 * off-session. When the bank wants 3-D Secure, the browser finishes it with the client secret
 * answered here and the server is asked again with the intent's id (`setupintentid`, `confirmed`).
 */

/** Where the client connects; tests point it at the fake Stripe API. */
export interface StripeConnection {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface StripeGatewayOptions {
  secretKey: string;
  /** A connected account: every call is made on its behalf (the Stripe-Account header). */
  accountId?: string;
  connection?: StripeConnection;
  /** How long a call may take before its outcome counts as unknown. */
  timeoutMs?: number;
}

export const stripeGatewayMessages = {
  neverReached: 'The charge never reached Stripe.',
  notThisCharge: (id: string) =>
    `Stripe holds a charge under this payment's key (${id}) that is not this payment: its amount, event or payer differ. Nothing was taken for this payment; look that charge up in Stripe.`,
  badToken: 'This card entry is not valid. Please enter your card again.',
  otherCustomer: 'This card confirmation belongs to someone else. Please enter your card again.',
  notSaved: 'The card could not be saved just now. Please try again.',
  busy: 'Card payments are busy just now. Please try again in a moment.',
  notConfigured: 'Card payments are not set up correctly for this event. Please tell the organizer.',
  mismatch: 'This confirmation is for another payment. Please try again.',
  canceled: 'This payment was canceled. Please try again.',
  refundUnknown:
    'Stripe did not answer in time; the refund may not have been made. Try again: it will not refund twice.',
} as const;

/** Stripe's short brand codes (PaymentMethod.card.brand) as a bidder reads them. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'EFTPOS Australia',
  unknown: 'Card',
};

export function stripeBrandName(brand: string): string {
  const known = BRAND_NAMES[brand.toLowerCase()];
  if (known) return known;
  const words = brand.split(/[\s_-]+/).filter((w) => w !== '');
  return words.length === 0 ? 'Card' : words.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

/** What a Stripe failure (an error, last_payment_error or last_setup_error) tells the bidder. */
export function stripeFailureMessage(
  failure: { code?: string | null; decline_code?: string | null; message?: string | null } | null | undefined,
): string {
  const code = failure?.code ?? '';
  const decline = failure?.decline_code ?? '';
  // A decline's specific reason (decline_code) comes with the general code card_declined, so it goes first.
  if (decline === 'insufficient_funds' || code === 'insufficient_funds') return cardFailureMessages.insufficient_funds;
  if (decline === 'expired_card' || code === 'expired_card') return cardFailureMessages.expired_card;
  if (decline === 'authentication_required' || code === 'authentication_required')
    return cardFailureMessages.authentication_required;
  if (code === 'payment_intent_authentication_failure' || code === 'setup_intent_authentication_failure')
    return cardFieldMessages.authenticationFailed;
  if (decline === 'generic_decline' || code === 'card_declined') return cardFailureMessages.declined;
  return failure?.message || GENERIC_CARD_FAILURE;
}

/**
 * Whether Stripe may have done the work though we have no answer: no response at all, a server error
 * (Stripe calls a 500's result indeterminate), the key still in use by a first request (409), or the
 * key already used with other parameters (the first request went through, with what we cannot tell).
 */
function outcomeUnknown(err: unknown): boolean {
  if (!(err instanceof Stripe.errors.StripeError)) return true;
  return (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeIdempotencyError ||
    err.statusCode === 409
  );
}

/** A refusal Stripe did answer, in the bidder's words. */
function refusalMessage(err: unknown): string {
  if (err instanceof Stripe.errors.StripeCardError) return stripeFailureMessage(err);
  if (err instanceof Stripe.errors.StripeRateLimitError) return stripeGatewayMessages.busy;
  if (err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError)
    return stripeGatewayMessages.notConfigured;
  if (
    err instanceof Stripe.errors.StripeInvalidRequestError &&
    (err.param === 'confirmation_token' || err.param === 'payment_method')
  )
    return stripeGatewayMessages.badToken;
  return GENERIC_CARD_FAILURE;
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.id;

function detailsOf(pm: Stripe.PaymentMethod): CardDetails | undefined {
  if (!pm.card) return undefined;
  return {
    brand: stripeBrandName(pm.card.brand),
    last4: pm.card.last4,
    expmonth: pm.card.exp_month,
    expyear: pm.card.exp_year,
  };
}

/** The search for a charge by the key the gateway puts in its metadata; quotes escaped as Stripe's query language wants. */
function chargeKeyQuery(key: string): string {
  return `metadata['chargekey']:'${key.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const { connection } = options;
  const stripe = new Stripe(options.secretKey, {
    // Retrying is the caller's, under the same key, once it knows the outcome. (stripe-node still
    // resends once on a dropped keep-alive socket; it sends our idempotency key, so that is safe.)
    maxNetworkRetries: 0,
    ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
    ...(connection ? { host: connection.host, port: connection.port, protocol: connection.protocol } : {}),
    ...(options.accountId ? { stripeAccount: options.accountId } : {}),
  });

  async function cardOf(method: string | Stripe.PaymentMethod): Promise<CardDetails | undefined> {
    return detailsOf(typeof method === 'string' ? await stripe.paymentMethods.retrieve(method) : method);
  }

  /** A charge that went through is reported even when its card cannot be described just now. */
  async function cardOfIntent(intent: Stripe.PaymentIntent): Promise<CardDetails | undefined> {
    if (!intent.payment_method) return undefined;
    try {
      return await cardOf(intent.payment_method);
    } catch {
      return undefined;
    }
  }

  async function intentOutcome(intent: Stripe.PaymentIntent, known: CardDetails | undefined): Promise<ChargeOutcome> {
    const ref = intent.id;
    // An off-session charge the bank wants confirmed waits in requires_payment_method; the bidder can still confirm it.
    const waitsForBidder =
      intent.status === 'requires_action' ||
      (intent.status === 'requires_payment_method' && intent.last_payment_error?.code === 'authentication_required');
    if (waitsForBidder)
      return intent.client_secret
        ? { kind: 'requires_action', ref, clientsecret: intent.client_secret }
        : { kind: 'unknown', ref };
    switch (intent.status) {
      case 'succeeded':
        return { kind: 'succeeded', ref, card: known ?? (await cardOfIntent(intent)) };
      case 'requires_payment_method':
        return { kind: 'failed', ref, message: stripeFailureMessage(intent.last_payment_error) };
      case 'canceled':
        return { kind: 'failed', ref, message: stripeGatewayMessages.canceled };
      default:
        // processing (and anything newer): Stripe has not decided yet.
        return { kind: 'unknown', ref };
    }
  }

  function chargeFailure(err: unknown): ChargeOutcome {
    if (outcomeUnknown(err)) return { kind: 'unknown' };
    if (err instanceof Stripe.errors.StripeCardError && err.payment_intent) {
      const intent = err.payment_intent;
      if (
        err.code === 'authentication_required' &&
        intent.client_secret &&
        (intent.status === 'requires_action' || intent.status === 'requires_payment_method')
      ) {
        return { kind: 'requires_action', ref: intent.id, clientsecret: intent.client_secret };
      }
      return { kind: 'failed', ref: intent.id, message: refusalMessage(err) };
    }
    return { kind: 'failed', message: refusalMessage(err) };
  }

  async function setupOutcome(intent: Stripe.SetupIntent, customer: string): Promise<SaveCardOutcome> {
    // The id comes back from the browser: a SetupIntent of another customer must not save that card here.
    if (idOf(intent.customer) !== customer) return { kind: 'failed', message: stripeGatewayMessages.otherCustomer };
    switch (intent.status) {
      case 'succeeded': {
        const method = intent.payment_method;
        const card = method ? await cardOf(method) : undefined;
        const ref = idOf(method);
        if (!card || !ref) return { kind: 'failed', message: GENERIC_CARD_FAILURE };
        return { kind: 'saved', card: { ...card, ref }, customer };
      }
      case 'requires_action':
        if (!intent.client_secret) return { kind: 'failed', message: stripeGatewayMessages.notSaved };
        return { kind: 'requires_action', clientsecret: intent.client_secret, setupintentid: intent.id, customer };
      case 'requires_payment_method':
        return { kind: 'failed', message: stripeFailureMessage(intent.last_setup_error) };
      default:
        return { kind: 'failed', message: stripeGatewayMessages.notSaved };
    }
  }

  return {
    code: PROCESSOR_STRIPE,

    async saveCard({ token, owner, key, setupintentid }): Promise<SaveCardOutcome> {
      try {
        const customer =
          owner.customer ??
          (
            await stripe.customers.create(
              { email: owner.email, name: owner.name, metadata: { bidderid: String(owner.bidderId) } },
              { idempotencyKey: `${key}:customer` },
            )
          ).id;
        const intent = setupintentid
          ? await stripe.setupIntents.retrieve(setupintentid)
          : await stripe.setupIntents.create(
              {
                customer,
                confirm: true,
                confirmation_token: token,
                usage: 'off_session',
                allowed_payment_method_types: ['card'],
              },
              { idempotencyKey: key },
            );
        return await setupOutcome(intent, customer);
      } catch (err) {
        // Saving again under the same key is safe, so no answer is just "try again".
        return { kind: 'failed', message: outcomeUnknown(err) ? stripeGatewayMessages.notSaved : refusalMessage(err) };
      }
    },

    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      const stored = 'card' in request.source ? request.source : undefined;
      const known = stored
        ? {
            brand: stored.card.brand,
            last4: stored.card.last4,
            expmonth: stored.card.expmonth,
            expyear: stored.card.expyear,
          }
        : undefined;
      const currency = request.currency.toLowerCase();
      try {
        if (request.confirmed) {
          const intent = await stripe.paymentIntents.retrieve(request.confirmed);
          // The id comes back from the browser: it must be this payment, not a smaller one it confirmed.
          if (
            intent.amount !== request.amount ||
            intent.currency !== currency ||
            intent.metadata.chargekey !== request.key
          ) {
            return { kind: 'failed', message: stripeGatewayMessages.mismatch };
          }
          return await intentOutcome(intent, known);
        }
        const base = {
          amount: request.amount,
          currency,
          confirm: true,
          description: request.description,
          // chargeOutcome finds a charge whose answer was lost by this key, so it is always there.
          metadata: { ...request.metadata, chargekey: request.key },
          allowed_payment_method_types: ['card'],
        };
        const params: Stripe.PaymentIntentCreateParams =
          'token' in request.source
            ? { ...base, confirmation_token: request.source.token }
            : {
                ...base,
                customer: request.source.customer,
                payment_method: request.source.card.ref,
                off_session: true,
              };
        return await intentOutcome(await stripe.paymentIntents.create(params, { idempotencyKey: request.key }), known);
      } catch (err) {
        return chargeFailure(err);
      }
    },

    async chargeOutcome({ ref, ...sent }): Promise<ChargeOutcome> {
      try {
        const found = ref
          ? [await stripe.paymentIntents.retrieve(ref)]
          : (await stripe.paymentIntents.search({ query: chargeKeyQuery(sent.key), limit: 10 })).data;
        const same = found.filter((i) => isSameCharge(sent, i));
        const intent = same.find((i) => i.status === 'succeeded') ?? same[0];
        if (intent) return await intentOutcome(intent, undefined);
        const other = found[0];
        return other
          ? { kind: 'failed', review: true, message: stripeGatewayMessages.notThisCharge(other.id) }
          : { kind: 'failed', message: stripeGatewayMessages.neverReached };
      } catch (err) {
        return chargeFailure(err);
      }
    },

    async refund({ ref, amount, key }) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: ref, amount }, { idempotencyKey: key });
        if (refund.status === 'failed' || refund.status === 'canceled')
          return {
            ok: false,
            message: `The refund ${refund.status}${refund.failure_reason ? `: ${refund.failure_reason}` : ''}.`,
          };
        return { ok: true };
      } catch (err) {
        if (outcomeUnknown(err)) return { ok: false, unknown: true, message: stripeGatewayMessages.refundUnknown };
        return {
          ok: false,
          message: err instanceof Stripe.errors.StripeError && err.message ? err.message : GENERIC_CARD_FAILURE,
        };
      }
    },

    async describeCard(ref: string): Promise<CardDetails | undefined> {
      try {
        return await cardOf(ref);
      } catch {
        return undefined;
      }
    },
  };
}
