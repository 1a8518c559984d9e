import { randomBytes } from 'node:crypto';
import {
  type Answer,
  AUTHENTICATION_REQUIRED,
  authenticationFailed,
  cardError,
  customerJson,
  DECLINES,
  type FakeCustomer,
  type FakePaymentIntent,
  type FakePaymentMethod,
  type FakeRefund,
  type FakeRequest,
  type FakeSetupIntent,
  type FakeStripeState,
  find,
  type FormObject,
  type Owned,
  invalid,
  missing,
  newId,
  ok,
  paymentIntentJson,
  paymentMethodJson,
  setupIntentJson,
  strings,
  text,
  TOKENS,
} from './fake-stripe-objects';

/**
 * The calls of the fake Stripe API (see fake-stripe.ts), on the objects of fake-stripe-objects.ts:
 * only what the Stripe gateway uses, answering as Stripe would.
 */

/** A confirmation token becomes a new PaymentMethod carrying the card's behaviour. */
function paymentMethodFromToken(
  state: FakeStripeState,
  token: string | undefined,
  account: string,
): FakePaymentMethod | Answer {
  const card = token === undefined ? undefined : TOKENS[token];
  if (!token || !card) return missing('confirmationtoken', token ?? '', 'confirmation_token');
  const pm: FakePaymentMethod = {
    id: newId('pm'),
    account,
    behaviour: card.behaviour,
    card: { brand: 'visa', last4: card.last4, exp_month: 12, exp_year: 2030 },
    customer: null,
  };
  state.paymentMethods.set(pm.id, pm);
  return pm;
}

function createCustomer(state: FakeStripeState, form: FormObject, account: string): Answer {
  const customer: FakeCustomer = {
    id: newId('cus'),
    account,
    email: text(form, 'email') ?? '',
    name: text(form, 'name') ?? '',
    metadata: strings(form, 'metadata'),
  };
  state.customers.set(customer.id, customer);
  return ok(customerJson(customer));
}

function createSetupIntent(state: FakeStripeState, form: FormObject, account: string): Answer {
  const customer = text(form, 'customer');
  if (customer && !find(state.customers, customer, account)) return missing('customer', customer, 'customer');
  if (text(form, 'confirm') !== 'true')
    return invalid(
      'The fake confirms SetupIntents on creation only: pass confirm=true.',
      'parameter_missing',
      'confirm',
    );
  const pm = paymentMethodFromToken(state, text(form, 'confirmation_token'), account);
  if ('status' in pm) return pm;
  const si: FakeSetupIntent = {
    id: newId('seti'),
    account,
    customer: customer ?? null,
    payment_method: pm.id,
    status: 'succeeded',
    usage: text(form, 'usage') ?? 'off_session',
    client_secret: '',
    last_setup_error: null,
  };
  si.client_secret = `${si.id}_secret_${randomBytes(8).toString('hex')}`;
  state.setupIntents.set(si.id, si);
  if (pm.behaviour === 'declined' || pm.behaviour === 'expired') {
    si.status = 'requires_payment_method';
    si.last_setup_error = DECLINES[pm.behaviour];
    return cardError(DECLINES[pm.behaviour], { setup_intent: setupIntentJson(si) });
  }
  if (pm.behaviour === '3ds' || pm.behaviour === '3ds_always') si.status = 'requires_action';
  else pm.customer = si.customer;
  return ok(setupIntentJson(si));
}

function createPaymentIntent(state: FakeStripeState, form: FormObject, account: string): Answer {
  const amount = Number(text(form, 'amount'));
  if (!Number.isInteger(amount) || amount < 1)
    return invalid('Amount must be a positive integer (cents).', 'parameter_invalid_integer', 'amount');
  const currency = text(form, 'currency');
  if (!currency || currency !== currency.toLowerCase())
    return invalid('A lower-case currency is required.', 'parameter_missing', 'currency');
  if (text(form, 'confirm') !== 'true')
    return invalid(
      'The fake confirms PaymentIntents on creation only: pass confirm=true.',
      'parameter_missing',
      'confirm',
    );
  const customer = text(form, 'customer') ?? null;
  if (customer && !find(state.customers, customer, account)) return missing('customer', customer, 'customer');
  const pmId = text(form, 'payment_method');
  const pm = pmId
    ? find(state.paymentMethods, pmId, account)
    : paymentMethodFromToken(state, text(form, 'confirmation_token'), account);
  if (!pm) return missing('payment_method', pmId ?? '', 'payment_method');
  if ('status' in pm) return pm;
  if (pm.customer && pm.customer !== customer)
    return invalid(
      'The provided PaymentMethod belongs to another customer (or needs the customer parameter).',
      'payment_method_invalid_parameter',
      'payment_method',
    );
  const pi: FakePaymentIntent = {
    id: newId('pi'),
    account,
    amount,
    currency,
    customer,
    payment_method: pm.id,
    off_session: text(form, 'off_session') === 'true',
    description: text(form, 'description') ?? null,
    metadata: strings(form, 'metadata'),
    status: 'succeeded',
    client_secret: '',
    last_payment_error: null,
    amount_refunded: 0,
  };
  pi.client_secret = `${pi.id}_secret_${randomBytes(8).toString('hex')}`;
  state.paymentIntents.set(pi.id, pi);
  const decline =
    pm.behaviour === 'declined' || pm.behaviour === 'insufficient' || pm.behaviour === 'expired'
      ? DECLINES[pm.behaviour]
      : undefined;
  // An off-session charge cannot show the bidder a challenge: a card that always asks (or one never
  // authenticated at setup) is refused with authentication_required, as Stripe does.
  const needsChallenge =
    pm.behaviour === '3ds_always' || (pm.behaviour === '3ds' && (!pi.off_session || pm.customer === null));
  const failure = decline ?? (needsChallenge && pi.off_session ? AUTHENTICATION_REQUIRED : undefined);
  if (failure) {
    pi.status = 'requires_payment_method';
    pi.last_payment_error = failure;
    return cardError(failure, { payment_intent: paymentIntentJson(pi), payment_method: paymentMethodJson(pm) });
  }
  if (needsChallenge) pi.status = 'requires_action';
  return ok(paymentIntentJson(pi));
}

function createRefund(state: FakeStripeState, form: FormObject, account: string): Answer {
  const piId = text(form, 'payment_intent') ?? '';
  const pi = find(state.paymentIntents, piId, account);
  if (!pi) return missing('payment_intent', piId, 'payment_intent');
  if (pi.status !== 'succeeded')
    return invalid(
      `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
      undefined,
      'payment_intent',
    );
  const left = pi.amount - pi.amount_refunded;
  if (left === 0) return invalid(`Charge for ${pi.id} has already been refunded.`, 'charge_already_refunded');
  const amount = text(form, 'amount') === undefined ? left : Number(text(form, 'amount'));
  if (!Number.isInteger(amount) || amount < 1)
    return invalid('Amount must be a positive integer (cents).', 'parameter_invalid_integer', 'amount');
  if (amount > left)
    return invalid(
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
      'amount_too_large',
      'amount',
    );
  pi.amount_refunded += amount;
  const refund: FakeRefund = { id: newId('re'), account, payment_intent: pi.id, amount };
  state.refunds.set(refund.id, refund);
  return ok({
    id: refund.id,
    object: 'refund',
    amount,
    currency: pi.currency,
    payment_intent: pi.id,
    status: 'succeeded',
  });
}

/** The one search the gateway makes: `metadata['chargekey']:'KEY'` (quotes in KEY escaped with a backslash). */
function searchPaymentIntents(state: FakeStripeState, query: string, account: string): Answer {
  const m = /^metadata\['([^']+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(query);
  if (!m)
    return invalid(
      `The fake supports only metadata['key']:'value' searches, not: ${query}`,
      'parameter_invalid_string',
      'query',
    );
  const [, field, escaped] = m;
  const wanted = escaped!.replace(/\\(.)/g, '$1');
  const data = [...state.paymentIntents.values()]
    .filter((pi) => pi.account === account && pi.metadata[field!] === wanted)
    .map(paymentIntentJson);
  return ok({ object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' });
}

/**
 * The browser's 3-D Secure, done: a SetupIntent succeeds (its card is kept for the customer), a
 * PaymentIntent that asked for it is charged. With `fail`, the bidder did not confirm.
 */
export function authenticateIntent(state: FakeStripeState, id: string, fail = false): Answer {
  const si = state.setupIntents.get(id);
  if (si) {
    if (si.status !== 'requires_action')
      return invalid(
        `SetupIntent ${id} does not need authentication (status ${si.status}).`,
        'setup_intent_unexpected_state',
      );
    if (fail) {
      si.status = 'requires_payment_method';
      si.last_setup_error = authenticationFailed('setup_intent');
    } else {
      si.status = 'succeeded';
      const pm = state.paymentMethods.get(si.payment_method);
      if (pm) pm.customer = si.customer;
    }
    return ok(setupIntentJson(si));
  }
  const pi = state.paymentIntents.get(id);
  if (!pi) return missing('intent', id);
  const waiting =
    pi.status === 'requires_action' ||
    (pi.status === 'requires_payment_method' && pi.last_payment_error?.code === 'authentication_required');
  if (!waiting)
    return invalid(
      `PaymentIntent ${id} does not need authentication (status ${pi.status}).`,
      'payment_intent_unexpected_state',
    );
  pi.status = fail ? 'requires_payment_method' : 'succeeded';
  pi.last_payment_error = fail ? authenticationFailed('payment_intent') : null;
  return ok(paymentIntentJson(pi));
}

/** Answers one /v1 call, or undefined when the fake does not know it. */
export function routeStripe(state: FakeStripeState, req: FakeRequest): Answer | undefined {
  const { method, path, form, account } = req;
  // The pinned API version (2026-10-28) dropped payment_method_types on intents for allowed_payment_method_types.
  if (form.payment_method_types !== undefined)
    return invalid('Received unknown parameter: payment_method_types', 'parameter_unknown', 'payment_method_types');
  const id = decodeURIComponent(path.split('/')[3] ?? '');
  const answer = <T extends Owned>(found: T | undefined, what: string, json: (o: T) => object) =>
    found ? ok(json(found)) : missing(what, id);
  if (method === 'POST' && path === '/v1/customers') return createCustomer(state, form, account);
  if (method === 'POST' && path === '/v1/setup_intents') return createSetupIntent(state, form, account);
  if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(state, form, account);
  if (method === 'POST' && path === '/v1/refunds') return createRefund(state, form, account);
  if (method === 'GET' && path === '/v1/payment_intents/search')
    return searchPaymentIntents(state, req.query.get('query') ?? '', account);
  if (method === 'GET' && /^\/v1\/payment_intents\/[^/]+$/.test(path))
    return answer(find(state.paymentIntents, id, account), 'payment_intent', paymentIntentJson);
  if (method === 'GET' && /^\/v1\/setup_intents\/[^/]+$/.test(path))
    return answer(find(state.setupIntents, id, account), 'setup_intent', setupIntentJson);
  if (method === 'GET' && /^\/v1\/payment_methods\/[^/]+$/.test(path))
    return answer(find(state.paymentMethods, id, account), 'payment_method', paymentMethodJson);
  return undefined;
}
