import { describe, expect, it } from 'vitest';
import { importStore } from '../import/store';
import {
  newStoreSettingsRows,
  storeSettingsField,
  storeSettingsSchema,
  type StoreSettingsValues,
  storeSettingsValues,
} from './store-form';

const zone = 'America/Chicago';
const store = importStore.parse({
  header: 'Gala',
  ccfeespercent: 3,
  items: [
    { code: 'table', tab: 'Tickets', name: 'Table of Eight', price: 1100, quantity: 12, seats: 8, logourl: '/media/x' },
    { code: 'vol', tab: 'Tickets', name: 'Volunteer', itemtypecode: 4, price: 0, quantity: 5 },
    { code: 'mug', tab: 'Merchandise', name: 'Mug', price: 12.5, unlimited: true },
  ],
  promocodes: [
    { code: 'GALA10', percent: 10, validuntil: '2026-12-04T17:00:00-06:00' },
    { code: 'FIVE', amount: 5, maxuses: 3, items: ['mug'] },
  ],
  registration: {
    editdeadline: '2026-07-04T17:30:00-05:00',
    fields: [
      { code: 'meal', label: 'Meal', control: 2, required: true, lookups: ['Fish', 'Chicken'] },
      { code: 'notes', label: 'Notes', control: 5, textlength: 20 },
    ],
  },
});

describe('the store settings form', () => {
  it('shows a store and reads it back unchanged', () => {
    const values = storeSettingsValues(store, zone);
    expect(values.store.promocodes[0]).toMatchObject({ kind: 'percent', value: '10', validuntil: '2026-12-04T17:00' });
    expect(values.store.registration.fields[0]?.lookups).toBe('Fish\nChicken');
    expect(storeSettingsSchema(zone).parse(values)).toEqual({ store });
  });

  it('turns typed rows into the store: a free item costs 0, merchandise has no seats, lines are choices', () => {
    const values = storeSettingsValues(store, zone);
    values.store.items.push({
      ...newStoreSettingsRows.item(),
      code: 'pin',
      tab: 'Merchandise',
      name: 'Pin',
      price: '3',
      quantity: '9',
      deductible: 'none',
    });
    values.store.items.push({
      ...newStoreSettingsRows.item(),
      code: 'free',
      name: 'Free Pass',
      free: true,
      price: '20',
      fairmarketvalue: '40',
      deductible: 'value',
    });
    values.store.promocodes.push({
      ...newStoreSettingsRows.promo(),
      code: 'OFF',
      kind: 'amount',
      value: '2.5',
      validfrom: '2026-12-01T09:00',
    });
    values.store.registration.fields.push({
      ...newStoreSettingsRows.field(),
      code: 'shirt',
      label: 'Shirt',
      control: '2',
      lookups: ' S \n\nM\n',
    });
    const out = storeSettingsSchema(zone).parse(values).store;
    expect(out.items.slice(3)).toMatchObject([
      { code: 'pin', seats: 0, price: 3, quantity: 9, itemtypecode: 1, deductible: 'none', fairmarketvalue: 0 },
      { code: 'free', price: 0, itemtypecode: 4, seats: 1, deductible: 'value', fairmarketvalue: 40 },
    ]);
    expect(out.promocodes[2]).toEqual({ code: 'OFF', amount: 2.5, validfrom: '2026-12-01T09:00:00-06:00', items: [] });
    expect(out.registration.fields[2]?.lookups).toEqual(['S', 'M']);
  });

  it('refuses with the import schema at the paths the form shows', () => {
    const values = storeSettingsValues(store, zone);
    values.store.items[0] = { ...values.store.items[0]!, price: '0' };
    values.store.items[2] = { ...values.store.items[2]!, quantity: 'lots' };
    const typed = storeSettingsSchema(zone).safeParse(values);
    expect(typed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['store.items.2.quantity', 'must be a number'],
    ]);
    values.store.items[2] = { ...values.store.items[2]!, quantity: '0' };
    values.store.promocodes[1] = { ...values.store.promocodes[1]!, value: '' };
    const judged = storeSettingsSchema(zone).safeParse(values);
    expect(judged.error?.issues.map((i) => [storeSettingsField(i.path.join('.')), i.message])).toEqual([
      ['store.items.0.price', 'must be above 0 (tick Free for a free item)'],
      ['store.promocodes.1.value', 'is required'],
    ]);
  });

  it('makes a new item choose how it is deductible, never taking the import’s default', () => {
    const values = storeSettingsValues(store, zone);
    values.store.items.push({ ...newStoreSettingsRows.item(), code: 'cup', name: 'Cup', price: '12', quantity: '5' });
    const res = storeSettingsSchema(zone).safeParse(values);
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        `store.items.${values.store.items.length - 1}.deductible`,
        'must be chosen: how much of a payment for it is deductible',
      ],
    ]);
    const saved = storeSettingsValues(storeSettingsSchema(zone).parse(withDeductible(values, 'full')).store, zone);
    expect(saved.store.items.at(-1)).toMatchObject({ deductible: 'full', fairmarketvalue: '0' });
  });

  it('refuses a quantity below what is sold', () => {
    const values = storeSettingsValues(store, zone);
    values.store.items[0] = { ...values.store.items[0]!, quantity: '2' };
    const res = storeSettingsSchema(zone, new Map([['table', 3]])).safeParse(values);
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['store.items.0.quantity', 'cannot be below the 3 already sold'],
    ]);
  });

  it('names the form field of a server problem', () => {
    expect(storeSettingsField('store.items[2].price')).toBe('store.items.2.price');
    expect(storeSettingsField('store.promocodes[1].amount')).toBe('store.promocodes.1.value');
    expect(storeSettingsField('store.registration.fields[0].lookups[3]')).toBe('store.registration.fields.0.lookups');
    expect(storeSettingsField('store.items[0].itemtypecode')).toBe('store.items.0.free');
    expect(storeSettingsField('store.items')).toBe('store.items');
  });
});

/** The form's values with the last item's deductibility chosen. */
function withDeductible(values: StoreSettingsValues, deductible: 'value' | 'full' | 'none'): StoreSettingsValues {
  const items = values.store.items.map((item, i) =>
    i === values.store.items.length - 1 ? { ...item, deductible } : item,
  );
  return { store: { ...values.store, items } };
}
