import { describe, expect, it } from 'vitest';
import {
  STORE_CHECKOUT_ORDER,
  storeCheckoutSchema,
  type StoreCheckoutContext,
  type StoreCheckoutFields,
} from './checkout-form';
import { storeMessages } from './rules';

// The store's checkout form: every problem at once, each on its own field, in the spec's order.
const ctx: StoreCheckoutContext = {
  lines: [{ itemId: 1, quantity: 2, price: 15_000 }],
  discount: 0,
  percent: 2.9,
  allowFee: true,
  allowDonation: true,
  requiredemail: true,
  requiredzip: true,
};
const filled: StoreCheckoutFields = {
  first: 'Ann',
  last: 'Lee',
  address: '1 Main St',
  city: 'Chicago',
  state: 'IL',
  zip: '60601',
  email: 'ann@example.org',
  donation: '',
  coverFee: false,
  method: 'CREDIT',
  cardtoken: 'tok',
};

describe('the store checkout form', () => {
  it('marks every field that is missing or wrong, each with the spec’s words, the card first', () => {
    const result = storeCheckoutSchema(ctx).safeParse({
      ...filled,
      first: '',
      city: ' ',
      zip: '12',
      email: 'ann@',
      cardtoken: '',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['cardtoken', storeMessages.invalidCard],
      ['first', storeMessages.firstRequired],
      ['city', storeMessages.cityRequired],
      ['zip', storeMessages.zipInvalid],
      ['email', storeMessages.invalidEmail],
    ]);
  });

  it('lists its fields in the order the problems come', () => {
    const result = storeCheckoutSchema(ctx).safeParse({
      ...filled,
      first: '',
      last: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      email: '',
      cardtoken: '',
    });
    const paths = result.error?.issues.map((i) => String(i.path[0])) ?? [];
    expect(paths).toEqual(STORE_CHECKOUT_ORDER.filter((f) => paths.includes(f)));
    expect(paths).toHaveLength(8);
  });

  it('sends the body once nothing is wrong, with the card token only for a card order', () => {
    expect(storeCheckoutSchema(ctx).parse(filled)).toMatchObject({
      first: 'Ann',
      totalamount: 30_000,
      paymentmethod: 'CREDIT',
      processortoken: 'tok',
    });
    expect(storeCheckoutSchema(ctx).parse({ ...filled, method: 'BILLME', cardtoken: '' })).toMatchObject({
      paymentmethod: 'BILLME',
      processortoken: undefined,
    });
  });
});
