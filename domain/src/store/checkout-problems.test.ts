import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type BillingForm, checkoutProblem, checkoutProblems, type StorePaymentMethod } from './billing';
import { storeConfirmation, storeMessages, storeOrderNumber } from './rules';

// The store checkout's problems all at once (the page marks each field), and the order's number.

describe('checkoutProblems', () => {
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

  it('lists every problem at once, one a field, in the spec order with its words', () => {
    const blank: BillingForm = { first: '', last: ' ', address: '', city: '', state: '', zip: '', email: 'ann@' };
    expect(checkoutProblems(blank, { ...paid, hasCardToken: false })).toEqual([
      { field: 'card', message: storeMessages.invalidCard },
      { field: 'first', message: storeMessages.firstRequired },
      { field: 'last', message: storeMessages.lastRequired },
      { field: 'address', message: storeMessages.addressRequired },
      { field: 'city', message: storeMessages.cityRequired },
      { field: 'state', message: storeMessages.stateRequired },
      { field: 'zip', message: storeMessages.zipRequired },
      { field: 'email', message: storeMessages.invalidEmail },
    ]);
    expect(checkoutProblems({ ...full, last: '', zip: 'x' }, paid)).toEqual([
      { field: 'last', message: storeMessages.lastRequired },
      { field: 'zip', message: storeMessages.zipInvalid },
    ]);
    expect(checkoutProblems(full, paid)).toEqual([]);
  });

  it('always starts with the one problem the server refuses with, and never names a field twice', () => {
    const fieldArb = (good: string, bad: string) => fc.constantFrom('', '  ', '\u200b', bad, good);
    fc.assert(
      fc.property(
        fc.record({
          first: fieldArb('Ann', 'A'),
          last: fieldArb('Lee', 'L'),
          address: fieldArb('1 Main', 'x'),
          city: fieldArb('Chicago', 'c'),
          state: fieldArb('IL', 'I'),
          zip: fieldArb('60601', '1'),
          email: fieldArb('a@b.co', 'a@'),
        }),
        fc.record({
          hasCardToken: fc.boolean(),
          requiredemail: fc.boolean(),
          requiredzip: fc.boolean(),
          method: fc.constantFrom<StorePaymentMethod>('CREDIT', 'BILLME'),
        }),
        (form, input) => {
          const all = checkoutProblems(form, { ...paid, ...input });
          expect(all[0]?.message).toBe(checkoutProblem(form, { ...paid, ...input }));
          expect(new Set(all.map((p) => p.field)).size).toBe(all.length);
        },
      ),
    );
  });
});

describe('the store order number', () => {
  it('is named as the receipts and reports name it, and only a final order reads as confirmed', () => {
    expect(storeOrderNumber(2)).toBe('S-2');
    expect(storeConfirmation(2, 'success')).toBe('Thank you — order S-2 is confirmed');
    expect(storeConfirmation(3, 'pending')).not.toContain('is confirmed');
  });
});
