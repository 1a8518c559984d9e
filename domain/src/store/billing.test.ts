import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type BillingForm, checkoutProblem, methodFor, type StorePaymentMethod } from './billing';
import { storeMessages } from './rules';

describe('checkoutProblem', () => {
  const full: BillingForm = {
    first: 'Ann',
    last: 'Lee',
    address: '1 Main St',
    city: 'Chicago',
    state: 'IL',
    zip: '60601',
    email: 'ann@example.org',
  };
  const paid = {
    total: 1_000,
    method: 'CREDIT' as StorePaymentMethod,
    hasCardToken: true,
    requiredemail: true,
    requiredzip: true,
  };
  const order: Array<[keyof BillingForm, string]> = [
    ['first', storeMessages.firstRequired],
    ['last', storeMessages.lastRequired],
    ['address', storeMessages.addressRequired],
    ['city', storeMessages.cityRequired],
    ['state', storeMessages.stateRequired],
    ['zip', storeMessages.zipRequired],
    ['email', storeMessages.invalidEmail],
  ];

  it('passes a complete form', () => {
    expect(checkoutProblem(full, paid)).toBeUndefined();
  });

  it('answers each missing field in the spec order, the card first', () => {
    const blank: BillingForm = { first: '', last: '', address: '', city: '', state: '', zip: '', email: '' };
    expect(checkoutProblem(blank, { ...paid, hasCardToken: false })).toBe(storeMessages.invalidCard);
    const form = { ...blank };
    for (const [field, message] of order) {
      expect(checkoutProblem(form, paid), field).toBe(message);
      form[field] = full[field];
    }
    expect(checkoutProblem(form, paid)).toBeUndefined();
  });

  it('asks for a card only for a CREDIT order with something to pay', () => {
    expect(checkoutProblem(full, { ...paid, hasCardToken: false })).toBe(storeMessages.invalidCard);
    expect(checkoutProblem(full, { ...paid, hasCardToken: false, total: 0 })).toBeUndefined();
    expect(checkoutProblem(full, { ...paid, hasCardToken: false, method: 'BILLME' })).toBeUndefined();
    expect(checkoutProblem(full, { ...paid, hasCardToken: false, method: 'FREE', total: 0 })).toBeUndefined();
  });

  it('asks for the zip only when requiredzip, and the email only when requiredemail', () => {
    expect(checkoutProblem({ ...full, zip: ' ' }, { ...paid, requiredzip: false })).toBeUndefined();
    expect(checkoutProblem({ ...full, zip: ' ' }, paid)).toBe(storeMessages.zipRequired);
    for (const email of ['', 'ann', 'ann@', 'ann@example', 'a b@example.org']) {
      expect(checkoutProblem({ ...full, email }, paid), email).toBe(storeMessages.invalidEmail);
      expect(checkoutProblem({ ...full, email }, { ...paid, requiredemail: false }), email).toBeUndefined();
    }
  });

  it('treats a field of spaces as missing', () => {
    expect(checkoutProblem({ ...full, city: '   ' }, paid)).toBe(storeMessages.cityRequired);
  });

  it('always names the first problem of any form', () => {
    const fieldArb = (good: string) => fc.constantFrom('', '  ', good);
    fc.assert(
      fc.property(
        fc.record({
          first: fieldArb('Ann'),
          last: fieldArb('Lee'),
          address: fieldArb('1 Main'),
          city: fieldArb('Chicago'),
          state: fieldArb('IL'),
          zip: fieldArb('60601'),
          email: fieldArb('a@b.co'),
        }),
        fc.boolean(),
        (form, hasCardToken) => {
          const expected = !hasCardToken
            ? storeMessages.invalidCard
            : order.find(([field]) => form[field].trim() === '')?.[1];
          expect(checkoutProblem(form, { ...paid, hasCardToken })).toBe(expected);
        },
      ),
    );
  });
});

describe('methodFor', () => {
  it('is FREE at 0 whatever was chosen, and never FREE above 0', () => {
    expect(methodFor(0, 'CREDIT')).toBe('FREE');
    expect(methodFor(0, 'BILLME')).toBe('FREE');
    expect(methodFor(0, 'FREE')).toBe('FREE');
    expect(methodFor(100, 'FREE')).toBe('CREDIT');
    expect(methodFor(100, 'CREDIT')).toBe('CREDIT');
    expect(methodFor(100, 'BILLME')).toBe('BILLME');
  });
});
