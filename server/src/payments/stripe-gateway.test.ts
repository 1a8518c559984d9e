import { describe, it, expect } from 'vitest';
import { cardFailureMessages, cardFieldMessages, PROCESSOR_STRIPE } from '@gavel/domain';
import { createStripeGateway, stripeBrandName, stripeGatewayMessages } from './stripe-gateway';
import {
  chargeOf,
  fakeStripeGateway,
  deadConnection,
  handleNextAction,
  intentsWithKey,
  newKey,
  owner,
  savedCard,
} from '../test/fake-stripe-kit';

const stripe = fakeStripeGateway();

describe('saveCard', () => {
  it('keeps a card on a new customer and answers its details', async () => {
    const key = newKey('save');
    const outcome = await stripe.gateway.saveCard({ token: 'ctoken_visa', owner: owner(41), key });
    expect(outcome).toEqual({
      kind: 'saved',
      card: { ref: expect.stringMatching(/^pm_/), brand: 'Visa', last4: '4242', expmonth: 12, expyear: 2030 },
      customer: expect.stringMatching(/^cus_/),
    });
    if (outcome.kind !== 'saved') return;
    expect(stripe.fake.state.customers.get(outcome.customer!)).toMatchObject({
      email: 'bidder41@example.org',
      name: 'Bidder 41',
      metadata: { bidderid: '41' },
    });
    expect(stripe.fake.state.paymentMethods.get(outcome.card.ref)?.customer).toBe(outcome.customer);
    const setup = [...stripe.fake.state.setupIntents.values()].find((si) => si.payment_method === outcome.card.ref);
    expect(setup).toMatchObject({ usage: 'off_session', customer: outcome.customer, status: 'succeeded' });
    expect(
      stripe.fake.calls
        .filter((c) => c.method === 'POST' && c.idempotencyKey?.startsWith(key))
        .map((c) => [c.path, c.idempotencyKey]),
    ).toEqual([
      ['/v1/customers', `${key}:customer`],
      ['/v1/setup_intents', key],
    ]);
  });

  it("reuses the bidder's customer when there is one", async () => {
    const first = await savedCard(stripe.gateway, 'ctoken_visa', 42);
    const customersBefore = stripe.fake.state.customers.size;
    const outcome = await stripe.gateway.saveCard({
      token: 'ctoken_visa',
      owner: owner(42, first.customer),
      key: newKey('save'),
    });
    expect(outcome).toMatchObject({ kind: 'saved', customer: first.customer });
    expect(stripe.fake.state.customers.size).toBe(customersBefore);
  });

  it.each([
    ['ctoken_declined', cardFailureMessages.declined],
    ['ctoken_expired', cardFailureMessages.expired_card],
    ['ctoken_made_up', stripeGatewayMessages.badToken],
  ])('refuses %s with a message for the bidder', async (token, message) => {
    expect(await stripe.gateway.saveCard({ token, owner: owner(43), key: newKey('save') })).toEqual({
      kind: 'failed',
      message,
    });
  });

  it('asks for 3-D Secure, then saves the card once the browser has confirmed it', async () => {
    const key = newKey('save');
    const first = await stripe.gateway.saveCard({ token: 'ctoken_3ds', owner: owner(44), key });
    expect(first).toEqual({
      kind: 'requires_action',
      clientsecret: expect.stringMatching(/^seti_.+_secret_/),
      setupintentid: expect.stringMatching(/^seti_/),
      customer: expect.stringMatching(/^cus_/),
    });
    if (first.kind !== 'requires_action') return;
    const setupsBefore = stripe.fake.state.setupIntents.size;
    const again = { token: 'ctoken_3ds', owner: owner(44, first.customer), key, setupintentid: first.setupintentid };
    expect(await stripe.gateway.saveCard(again)).toMatchObject({
      kind: 'requires_action',
      setupintentid: first.setupintentid,
    });
    await handleNextAction(stripe.fake, first.clientsecret);
    const done = await stripe.gateway.saveCard(again);
    expect(done).toEqual({
      kind: 'saved',
      card: { ref: expect.stringMatching(/^pm_/), brand: 'Visa', last4: '3155', expmonth: 12, expyear: 2030 },
      customer: first.customer,
    });
    // Finishing reads the SetupIntent the browser confirmed; it never makes another.
    expect(stripe.fake.state.setupIntents.size).toBe(setupsBefore);
  });

  it('fails when the bidder does not confirm the card', async () => {
    const first = await stripe.gateway.saveCard({ token: 'ctoken_3ds', owner: owner(45), key: newKey('save') });
    if (first.kind !== 'requires_action') throw new Error(first.kind);
    await handleNextAction(stripe.fake, first.clientsecret, 'fail');
    const done = await stripe.gateway.saveCard({
      token: 'ctoken_3ds',
      owner: owner(45, first.customer),
      key: newKey('save'),
      setupintentid: first.setupintentid,
    });
    expect(done).toEqual({ kind: 'failed', message: cardFieldMessages.authenticationFailed });
  });

  it("refuses another customer's SetupIntent", async () => {
    const first = await stripe.gateway.saveCard({ token: 'ctoken_3ds', owner: owner(46), key: newKey('save') });
    if (first.kind !== 'requires_action') throw new Error(first.kind);
    stripe.fake.authenticate(first.setupintentid);
    const other = await savedCard(stripe.gateway, 'ctoken_visa', 47);
    const outcome = await stripe.gateway.saveCard({
      token: 'x',
      owner: owner(47, other.customer),
      key: newKey('save'),
      setupintentid: first.setupintentid,
    });
    expect(outcome).toEqual({ kind: 'failed', message: stripeGatewayMessages.otherCustomer });
  });
});

describe('charge', () => {
  it('charges a stored card off-session for the amount and currency', async () => {
    const { card, customer } = await savedCard(stripe.gateway, 'ctoken_visa', 51);
    const request = chargeOf({ card, customer }, 12_345);
    const outcome = await stripe.gateway.charge(request);
    expect(outcome).toEqual({
      kind: 'succeeded',
      ref: expect.stringMatching(/^pi_/),
      card: { brand: 'Visa', last4: '4242', expmonth: 12, expyear: 2030 },
    });
    if (outcome.kind !== 'succeeded') return;
    expect(stripe.fake.state.paymentIntents.get(outcome.ref)).toMatchObject({
      amount: 12_345,
      currency: 'usd',
      customer,
      payment_method: card.ref,
      off_session: true,
      status: 'succeeded',
      description: 'Gavel checkout',
      metadata: { eventid: '7', bidderid: '3', chargekey: request.key },
    });
    expect(
      stripe.fake.calls.find((c) => c.path === '/v1/payment_intents' && c.idempotencyKey === request.key),
    ).toBeDefined();
  });

  it('fails a card without the funds, with the message', async () => {
    const { card, customer } = await savedCard(stripe.gateway, 'ctoken_insufficient', 52);
    const outcome = await stripe.gateway.charge(chargeOf({ card, customer }));
    expect(outcome).toEqual({
      kind: 'failed',
      message: cardFailureMessages.insufficient_funds,
      ref: expect.stringMatching(/^pi_/),
    });
  });

  it('charges a one-time token and describes its card', async () => {
    const outcome = await stripe.gateway.charge(chargeOf({ token: 'ctoken_visa' }, 2_500));
    expect(outcome).toEqual({
      kind: 'succeeded',
      ref: expect.stringMatching(/^pi_/),
      card: { brand: 'Visa', last4: '4242', expmonth: 12, expyear: 2030 },
    });
    if (outcome.kind === 'succeeded')
      expect(stripe.fake.state.paymentIntents.get(outcome.ref)).toMatchObject({
        amount: 2_500,
        customer: null,
        off_session: false,
      });
  });

  it('fails a declined one-time token', async () => {
    expect(await stripe.gateway.charge(chargeOf({ token: 'ctoken_declined' }))).toMatchObject({
      kind: 'failed',
      message: cardFailureMessages.declined,
    });
  });

  it('asks for 3-D Secure on a one-time token and finishes the payment once confirmed', async () => {
    const request = chargeOf({ token: 'ctoken_3ds' }, 7_000);
    const first = await stripe.gateway.charge(request);
    expect(first).toEqual({
      kind: 'requires_action',
      ref: expect.stringMatching(/^pi_/),
      clientsecret: expect.stringMatching(/^pi_.+_secret_/),
    });
    if (first.kind !== 'requires_action') return;
    expect(await stripe.gateway.charge({ ...request, confirmed: first.ref })).toMatchObject({
      kind: 'requires_action',
      ref: first.ref,
    });
    await handleNextAction(stripe.fake, first.clientsecret);
    const done = await stripe.gateway.charge({ ...request, confirmed: first.ref });
    expect(done).toEqual({
      kind: 'succeeded',
      ref: first.ref,
      card: { brand: 'Visa', last4: '3155', expmonth: 12, expyear: 2030 },
    });
    expect(intentsWithKey(stripe.fake, request.key)).toHaveLength(1);
  });

  it('refuses to finish with a confirmed payment of another amount', async () => {
    const request = chargeOf({ token: 'ctoken_3ds' }, 100);
    const first = await stripe.gateway.charge(request);
    if (first.kind !== 'requires_action') throw new Error(first.kind);
    await handleNextAction(stripe.fake, first.clientsecret);
    expect(await stripe.gateway.charge({ ...request, amount: 90_000, confirmed: first.ref })).toEqual({
      kind: 'failed',
      message: stripeGatewayMessages.mismatch,
    });
  });

  it('charges a card authenticated at setup off-session without asking again', async () => {
    const first = await stripe.gateway.saveCard({ token: 'ctoken_3ds', owner: owner(53), key: newKey('save') });
    if (first.kind !== 'requires_action') throw new Error(first.kind);
    stripe.fake.authenticate(first.setupintentid);
    const saved = await stripe.gateway.saveCard({
      token: 'ctoken_3ds',
      owner: owner(53, first.customer),
      key: newKey('save'),
      setupintentid: first.setupintentid,
    });
    if (saved.kind !== 'saved') throw new Error(saved.kind);
    expect(await stripe.gateway.charge(chargeOf({ card: saved.card, customer: saved.customer }))).toMatchObject({
      kind: 'succeeded',
      card: { last4: '3155' },
    });
  });

  it('hands an off-session charge the bank wants confirmed back to the browser', async () => {
    const first = await stripe.gateway.saveCard({ token: 'ctoken_3ds_always', owner: owner(54), key: newKey('save') });
    if (first.kind !== 'requires_action') throw new Error(first.kind);
    stripe.fake.authenticate(first.setupintentid);
    const saved = await stripe.gateway.saveCard({
      token: '',
      owner: owner(54, first.customer),
      key: newKey('save'),
      setupintentid: first.setupintentid,
    });
    if (saved.kind !== 'saved') throw new Error(saved.kind);
    const request = chargeOf({ card: saved.card, customer: saved.customer });
    const outcome = await stripe.gateway.charge(request);
    expect(outcome).toEqual({
      kind: 'requires_action',
      ref: expect.stringMatching(/^pi_/),
      clientsecret: expect.stringMatching(/_secret_/),
    });
    if (outcome.kind !== 'requires_action') return;
    await handleNextAction(stripe.fake, outcome.clientsecret);
    expect(await stripe.gateway.charge({ ...request, confirmed: outcome.ref })).toMatchObject({
      kind: 'succeeded',
      ref: outcome.ref,
      card: { last4: '3184' },
    });
  });

  it('charges once for the same key sent twice', async () => {
    const { card, customer } = await savedCard(stripe.gateway, 'ctoken_visa', 55);
    const request = chargeOf({ card, customer }, 4_200);
    const first = await stripe.gateway.charge(request);
    const second = await stripe.gateway.charge(request);
    expect(first).toMatchObject({ kind: 'succeeded' });
    expect(second).toEqual(first);
    expect(intentsWithKey(stripe.fake, request.key)).toHaveLength(1);
    expect(stripe.fake.calls.filter((c) => c.idempotencyKey === request.key)).toHaveLength(2);
  });

  it('answers unknown when Stripe does not answer in time, and chargeOutcome then finds the charge', async () => {
    const hasty = createStripeGateway({
      secretKey: 'sk_test_gavel',
      connection: stripe.fake.connection,
      timeoutMs: 300,
    });
    const { card, customer } = await savedCard(stripe.gateway, 'ctoken_visa', 56);
    const request = chargeOf({ card, customer }, 3_300);
    expect((await fetch(`${stripe.fake.url}/test/hang-next`, { method: 'POST' })).status).toBe(200);
    expect(await hasty.charge(request)).toEqual({ kind: 'unknown' });
    const [recorded] = intentsWithKey(stripe.fake, request.key);
    expect(recorded).toMatchObject({ amount: 3_300, status: 'succeeded' });
    expect(await stripe.gateway.chargeOutcome({ ...request, ref: '' })).toEqual({
      kind: 'succeeded',
      ref: recorded!.id,
      card: { brand: 'Visa', last4: '4242', expmonth: 12, expyear: 2030 },
    });
    expect(stripe.fake.calls.some((c) => c.path === '/v1/payment_intents/search')).toBe(true);
    expect(await stripe.gateway.charge(request)).toMatchObject({ kind: 'succeeded', ref: recorded!.id });
    expect(intentsWithKey(stripe.fake, request.key)).toHaveLength(1);
  });

  it('answers unknown when Stripe cannot be reached', async () => {
    const cut = createStripeGateway({
      secretKey: 'sk_test_gavel',
      connection: await deadConnection(),
      timeoutMs: 1_000,
    });
    expect(await cut.charge(chargeOf({ token: 'ctoken_visa' }))).toEqual({ kind: 'unknown' });
    expect(await cut.saveCard({ token: 'ctoken_visa', owner: owner(57), key: newKey('save') })).toEqual({
      kind: 'failed',
      message: stripeGatewayMessages.notSaved,
    });
  });
});

describe('refund', () => {
  it('refunds in part and in full, once per key, and refuses more than was charged', async () => {
    const charged = await stripe.gateway.charge(chargeOf({ token: 'ctoken_visa' }, 10_000));
    if (charged.kind !== 'succeeded') throw new Error(charged.kind);
    const key = newKey('refund');
    expect(await stripe.gateway.refund({ ref: charged.ref, amount: 4_000, key })).toEqual({ ok: true });
    expect(await stripe.gateway.refund({ ref: charged.ref, amount: 4_000, key })).toEqual({ ok: true });
    expect(
      [...stripe.fake.state.refunds.values()].filter((r) => r.payment_intent === charged.ref).map((r) => r.amount),
    ).toEqual([4_000]);
    expect(await stripe.gateway.refund({ ref: charged.ref, amount: 7_000, key: newKey('refund') })).toEqual({
      ok: false,
      message: expect.stringContaining('greater than unrefunded amount'),
    });
    expect(await stripe.gateway.refund({ ref: charged.ref, amount: 6_000, key: newKey('refund') })).toEqual({
      ok: true,
    });
    expect(stripe.fake.state.paymentIntents.get(charged.ref)?.amount_refunded).toBe(10_000);
  });

  it('refuses a charge Stripe does not know', async () => {
    expect(await stripe.gateway.refund({ ref: 'pi_unknown', amount: 100, key: newKey('refund') })).toEqual({
      ok: false,
      message: "No such payment_intent: 'pi_unknown'",
    });
  });
});

describe('describeCard', () => {
  it('describes a stored card, and nothing for an unknown one', async () => {
    const { card } = await savedCard(stripe.gateway, 'ctoken_visa', 61);
    expect(await stripe.gateway.describeCard(card.ref)).toEqual({
      brand: 'Visa',
      last4: '4242',
      expmonth: 12,
      expyear: 2030,
    });
    expect(await stripe.gateway.describeCard('pm_unknown')).toBeUndefined();
  });

  it('names brands as bidders read them', () => {
    expect(['visa', 'mastercard', 'amex', 'discover', 'unknown', 'new_brand'].map(stripeBrandName)).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'Discover',
      'Card',
      'New Brand',
    ]);
  });
});

describe('a connected account', () => {
  it("makes every call on the account's behalf", async () => {
    const connected = createStripeGateway({
      secretKey: 'sk_test_platform',
      accountId: 'acct_gavel1',
      connection: stripe.fake.connection,
    });
    expect(connected.code).toBe(PROCESSOR_STRIPE);
    const before = stripe.fake.calls.length;
    const saved = await connected.saveCard({ token: 'ctoken_visa', owner: owner(71), key: newKey('save') });
    if (saved.kind !== 'saved') throw new Error(saved.kind);
    expect(stripe.fake.calls.slice(before).map((c) => c.account)).toEqual([
      'acct_gavel1',
      'acct_gavel1',
      'acct_gavel1',
    ]);
    expect(await connected.describeCard(saved.card.ref)).toMatchObject({ last4: '4242' });
    expect(await stripe.gateway.describeCard(saved.card.ref)).toBeUndefined();
  });
});
