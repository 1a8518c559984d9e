import { describe, expect, it } from 'vitest';
import type { FieldErrors } from 'react-hook-form';
import type { StoreSettingsValues } from '@gavel/domain';
import { describeField, formProblems, problemsOf, sectionOf } from './problems';

describe('the store form problems', () => {
  it('lists every problem the form holds at its field, in order', () => {
    const errors: FieldErrors<StoreSettingsValues> = {
      store: {
        header: { type: 'custom', message: 'is too long' },
        items: [undefined, { price: { type: 'custom', message: 'must be above 0' } }],
        registration: { fields: [{ lookups: { type: 'custom', message: 'lists a choice twice' } }] },
      },
    };
    expect(formProblems(errors)).toEqual([
      { name: 'store.header', message: 'is too long' },
      { name: 'store.items.1.price', message: 'must be above 0' },
      { name: 'store.registration.fields.0.lookups', message: 'lists a choice twice' },
    ]);
  });

  it('says where a problem is, and which tab shows it', () => {
    expect(describeField('store.items.1.price')).toBe('Item 2, price');
    expect(describeField('store.promocodes.0.value')).toBe('Promo code 1, discount');
    expect(describeField('store.registration.fields.2.lookups')).toBe('Guest field 3, choices');
    expect(describeField('store.items')).toBe('Store items');
    expect(describeField('store.holdminutes')).toBe('Cart hold');
    expect(sectionOf('store.registration.editdeadline')).toBe('fields');
    expect(sectionOf('store.tabs.1.heading')).toBe('page');
  });

  it("takes a refusal's problems when it carries them, and none otherwise", () => {
    const refusal = Object.assign(new Error('The store has 1 problem; nothing was saved.'), {
      errors: [{ path: 'store.items[0].quantity', message: 'cannot be below the 3 already sold' }],
    });
    expect(problemsOf(refusal)).toEqual([
      { path: 'store.items[0].quantity', message: 'cannot be below the 3 already sold' },
    ]);
    expect(problemsOf(new Error('Network'))).toEqual([]);
  });
});
