import { randomBytes } from 'node:crypto';

/**
 * The objects of the fake Stripe API (see fake-stripe.ts; its calls are in fake-stripe-routes.ts):
 * only what the Stripe gateway uses, in Stripe's shapes so the official client parses them as it
 * would Stripe's own. Confirmation tokens are made-up strings naming the test card's behaviour.
 */

/** How a card behaves, chosen by the confirmation token the test makes up. */
export type FakeCardBehaviour = 'visa' | 'declined' | 'insufficient' | 'expired' | '3ds' | '3ds_always';

/** ctoken_3ds needs 3-D Secure on setup and on-session payments only; ctoken_3ds_always on every payment, off-session too. */
export const TOKENS: Record<string, { behaviour: FakeCardBehaviour; last4: string }> = {
  ctoken_visa: { behaviour: 'visa', last4: '4242' },
  ctoken_declined: { behaviour: 'declined', last4: '0002' },
  ctoken_insufficient: { behaviour: 'insufficient', last4: '9995' },
  ctoken_expired: { behaviour: 'expired', last4: '0069' },
  ctoken_3ds: { behaviour: '3ds', last4: '3155' },
  ctoken_3ds_always: { behaviour: '3ds_always', last4: '3184' },
};

export interface StripeFailure {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
}

export const DECLINES: Record<'declined' | 'insufficient' | 'expired', StripeFailure> = {
  declined: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  insufficient: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired: { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' },
};
export const AUTHENTICATION_REQUIRED: StripeFailure = {
  type: 'card_error',
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};
export const authenticationFailed = (kind: 'payment_intent' | 'setup_intent'): StripeFailure => ({
  type: 'card_error',
  code: `${kind}_authentication_failure`,
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
});

/** Every object remembers the account it was made in (the Stripe-Account header; '' for the platform). */
export interface Owned {
  id: string;
  account: string;
}
export interface FakeCustomer extends Owned {
  email: string;
  name: string;
  metadata: Record<string, string>;
}
export interface FakePaymentMethod extends Owned {
  behaviour: FakeCardBehaviour;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  customer: string | null;
}
export interface FakeSetupIntent extends Owned {
  customer: string | null;
  payment_method: string;
  status: 'requires_action' | 'requires_payment_method' | 'succeeded';
  usage: string;
  client_secret: string;
  last_setup_error: StripeFailure | null;
}
export interface FakePaymentIntent extends Owned {
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string;
  off_session: boolean;
  description: string | null;
  metadata: Record<string, string>;
  status: 'requires_action' | 'requires_payment_method' | 'succeeded';
  client_secret: string;
  last_payment_error: StripeFailure | null;
  amount_refunded: number;
}
export interface FakeRefund extends Owned {
  payment_intent: string;
  amount: number;
}

export interface FakeStripeState {
  customers: Map<string, FakeCustomer>;
  paymentMethods: Map<string, FakePaymentMethod>;
  setupIntents: Map<string, FakeSetupIntent>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
}

export function emptyState(): FakeStripeState {
  return {
    customers: new Map(),
    paymentMethods: new Map(),
    setupIntents: new Map(),
    paymentIntents: new Map(),
    refunds: new Map(),
  };
}

/** A form-encoded body as Stripe's client sends it: bracket keys (`metadata[k]`, `list[0]`) become nested objects. */
export interface FormObject {
  [key: string]: string | FormObject | undefined;
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split('[').map((part, i) => (i === 0 ? part : part.replace(/\]$/, '')));
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const existing = node[part];
      if (typeof existing === 'object') {
        node = existing;
      } else {
        const child: FormObject = {};
        node[part] = child;
        node = child;
      }
    }
    node[parts[parts.length - 1]!] = value;
  }
  return root;
}

export function text(form: FormObject, key: string): string | undefined {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
}

export function strings(form: FormObject, key: string): Record<string, string> {
  const value = form[key];
  const out: Record<string, string> = {};
  if (typeof value !== 'object') return out;
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return out;
}

export interface Answer {
  status: number;
  body: object;
}

export interface FakeRequest {
  method: string;
  path: string;
  form: FormObject;
  query: URLSearchParams;
  account: string;
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
export const ok = (body: object): Answer => ({ status: 200, body });
export const invalid = (message: string, code?: string, param?: string): Answer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', message, code, param } },
});
/** Stripe answers 404 for a missing object in the URL, 400 for one named by a parameter. */
export const missing = (what: string, id: string, param?: string): Answer => ({
  status: param ? 400 : 404,
  body: {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param },
  },
});

export function find<T extends Owned>(map: Map<string, T>, id: string, account: string): T | undefined {
  const found = map.get(id);
  return found && found.account === account ? found : undefined;
}

export function customerJson(c: FakeCustomer): object {
  return { id: c.id, object: 'customer', email: c.email, name: c.name, metadata: c.metadata, livemode: false };
}

export function paymentMethodJson(pm: FakePaymentMethod): object {
  return {
    id: pm.id,
    object: 'payment_method',
    type: 'card',
    card: { ...pm.card, country: 'US', funding: 'credit' },
    customer: pm.customer,
    livemode: false,
  };
}

const nextAction = (status: string) =>
  status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null;

export function setupIntentJson(si: FakeSetupIntent): object {
  const { account: _account, ...fields } = si;
  return {
    ...fields,
    object: 'setup_intent',
    next_action: nextAction(si.status),
    payment_method_types: ['card'],
    livemode: false,
  };
}

export function paymentIntentJson(pi: FakePaymentIntent): object {
  const { account: _account, off_session: _off, amount_refunded: _refunded, ...fields } = pi;
  const received = pi.status === 'succeeded' ? pi.amount : 0;
  return {
    ...fields,
    object: 'payment_intent',
    amount_received: received,
    next_action: nextAction(pi.status),
    capture_method: 'automatic',
    payment_method_types: ['card'],
    livemode: false,
  };
}

export const cardError = (failure: StripeFailure, extra: object): Answer => ({
  status: 402,
  body: { error: { ...failure, ...extra } },
});
