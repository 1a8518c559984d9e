import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardFieldMessages,
  cardFieldProblems,
  expiryPassed,
  luhnValid,
  readExpiry,
  TEST_CARDS,
  testCardOutcome,
} from './cards';
import { amountsOf, checkoutSchema, orderOutcomeLine, readDonation } from './checkout-form';
import { cardExpiry, cardLabel, checkoutAmounts, checkoutMessages, MAX_DONATION, processingFee } from './fees';

describe('the card fee', () => {
  it('is the percent of subtotal plus donation, rounded half up to the cent', () => {
    expect(processingFee(5001, 3)).toBe(150); // 150.03
    expect(processingFee(50, 3)).toBe(2); // 1.5 rounds up
    expect(processingFee(1000, 2.9)).toBe(29); // never 28.999…
    expect(processingFee(16_667, 3)).toBe(500); // 500.01
    expect(processingFee(0, 3)).toBe(0);
    expect(processingFee(1000, 0)).toBe(0);
  });

  it('is within half a cent of the exact fee, for any amount and percent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 2000 }), (base, bp) => {
        const fee = processingFee(base, bp / 100);
        const exact = (base * bp) / 10_000;
        expect(Number.isInteger(fee)).toBe(true);
        expect(Math.abs(fee - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('makes the total subtotal + donation + fee, with the fee only when covered', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: MAX_DONATION }),
        fc.boolean(),
        (subtotal, donation, coverFee) => {
          const a = checkoutAmounts({ subtotal, donation, coverFee, percent: 3 });
          expect(a.total).toBe(subtotal + donation + a.fee);
          expect(a.fee).toBe(coverFee ? processingFee(subtotal + donation, 3) : 0);
        },
      ),
    );
  });

  it('names a card as its owner reads it', () => {
    expect(cardLabel({ brand: 'Visa', last4: '4242' })).toBe('Visa ending in 4242');
    expect(cardExpiry({ expmonth: 4, expyear: 2029 })).toBe('04/29');
  });
});

describe("the hosted form's card checks", () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('knows the documented test cards, each Luhn-valid', () => {
    for (const card of TEST_CARDS) expect(luhnValid(card.number)).toBe(true);
    expect(testCardOutcome('4242 4242 4242 4242')).toBe('success');
    expect(testCardOutcome('4000 0027 6000 3184')).toBe('authentication_required');
    expect(testCardOutcome('4111111111111111')).toBeUndefined();
  });

  it('refuses a number with any one digit changed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (at, add) => {
        const digits = '4242424242424242'.split('').map(Number);
        digits[at] = (digits[at]! + add) % 10;
        expect(luhnValid(digits.join(''))).toBe(false);
      }),
    );
  });

  it('reads expiry as MM/YY and knows when it has passed', () => {
    expect(readExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(readExpiry('1/2031')).toEqual({ month: 1, year: 2031 });
    expect(readExpiry('13/30')).toBeNull();
    expect(readExpiry('1230')).toBeNull();
    expect(expiryPassed({ month: 11, year: 2026 }, now)).toBe(false);
    expect(expiryPassed({ month: 10, year: 2026 }, now)).toBe(true);
  });

  it('gives each field its own message', () => {
    expect(cardFieldProblems({ number: '4242424242424241', expiry: '10/26', cvc: '12', zip: '' }, now)).toEqual({
      number: cardFieldMessages.number,
      expiry: cardFieldMessages.expired,
      cvc: cardFieldMessages.cvc,
      zip: cardFieldMessages.zip,
    });
    expect(
      cardFieldProblems({ number: '4111 1111 1111 1111', expiry: '12/30', cvc: '123', zip: '60601' }, now),
    ).toEqual({ number: cardFieldMessages.notTestCard });
    expect(
      cardFieldProblems({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '60601' }, now),
    ).toEqual({});
    expect(cardBrand('378282246310005')).toBe('American Express');
  });
});

describe('the checkout form', () => {
  const lines = [
    {
      historyid: 1,
      itemid: 10,
      name: 'Wine',
      itemnum: '1',
      amount: 4000,
      quantity: 1,
      imageurl: '',
      checked: true,
      kind: 'buynow' as const,
    },
    {
      historyid: 2,
      itemid: 11,
      name: 'Tote',
      itemnum: '2',
      amount: 2550,
      quantity: 2,
      imageurl: '',
      checked: true,
      kind: 'buynow' as const,
    },
  ];
  const ctx = { eventcode: 'gala', lines, showFees: true, percent: 3 };

  it('ignores a negative donation and caps an absurd one', () => {
    expect(readDonation('-5')).toEqual({ cents: 0, capped: false });
    expect(readDonation('12.345').cents).toBe(1235);
    expect(readDonation('99999999999')).toMatchObject({ cents: MAX_DONATION, capped: true });
  });

  it('sends the totals the server will compute, and no fee with Bill Me', () => {
    const body = checkoutSchema(ctx).parse({ donation: '10', coverFee: true, payWith: 'new', token: 'tok' });
    expect(body).toMatchObject({
      historyid: [1, 2],
      usecard: false,
      billme: false,
      additionaldonation: 1000,
      ccfeesexactamount: 303,
      totalamount: 9100 + 1000 + 303,
      processortoken: 'tok',
    });
    expect(amountsOf(ctx, { donation: '', coverFee: true, payWith: 'billme' })).toMatchObject({ fee: 0, total: 9100 });
  });

  it("refuses no items and a new card without a token, in the spec's words", () => {
    const none = checkoutSchema({ ...ctx, lines: [] }).safeParse({
      donation: '',
      coverFee: false,
      payWith: 'saved',
      token: '',
    });
    expect(none.error?.issues[0]?.message).toBe(checkoutMessages.noItems);
    const noToken = checkoutSchema(ctx).safeParse({ donation: '', coverFee: false, payWith: 'new', token: '' });
    expect(noToken.error?.issues[0]?.message).toBe('Please enter a valid credit card.');
  });

  it("names the order in the thank-you: 'Payment received' only for a card payment that went through", () => {
    expect(orderOutcomeLine({ status: 'success', checkoutid: 12 }, false)).toBe('Payment received — order 12');
    expect(orderOutcomeLine({ status: 'success', checkoutid: 13 }, true)).toBe(
      'Order 13 is saved — the organizer will bill you.',
    );
    expect(orderOutcomeLine({ status: 'pending', checkoutid: 14 }, false)).toBe(
      'Order 14 is placed — your payment is being confirmed.',
    );
    for (const status of ['pending', 'requires_action'] as const)
      for (const billme of [true, false])
        expect(orderOutcomeLine({ status, checkoutid: 1 }, billme)).not.toContain('Payment received');
  });
});
