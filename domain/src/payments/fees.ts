import type { Cents } from '../money';

/** The words of checkout, as the spec gives them, and the refusals of the payment calls. */
export const checkoutMessages = {
  noItems: 'Please select at least one item to checkout.',
  invalidCard: 'Please enter a valid credit card.',
  thanksTitle: 'Thank you for your purchase!',
  thanksText: 'You can view the pickup instructions in your order history!',
  failedTitle: 'An error has occurred!',
  totalChanged: 'Your total has changed since this page was loaded. Please review the new total and try again.',
  notYours: 'One of these items is not in your cart. Please reload your cart and try again.',
  alreadyPaid: 'One of these items has already been paid for. Please reload your cart.',
  paymentPending:
    'We are confirming your payment with the card processor. Your order history will show it shortly; you will not be charged twice.',
  noProcessor: 'Card payments are not set up for this event yet. Please contact the event organizer.',
  /** The event is on the test gateway, and this server takes no test payments (production without ALLOW_TEST_PAYMENTS). */
  testPaymentsOff:
    'This event is set up for test payments, which this server does not take: no card can be entered or charged. Please contact the event organizer.',
  billMeOff: 'This event does not allow Bill Me. Please pay by card.',
  noCardOnFile: 'You have no card on file. Please enter a card.',
  billMeThanks: 'Your order is saved. The organizer will bill you later.',
  /** After a declined card: the entry is cleared, and what the buyer can do next. */
  cardCleared: 'The card entry has been cleared: please check the card details or use another card.',
} as const;

/** The largest additional donation taken in one checkout, as for a bid: $1,000,000. */
export const MAX_DONATION: Cents = 100_000_000;

/**
 * No order (auction checkout or store) and no total reaches $100,000,000: a larger amount is a
 * mistake, refused before it reaches a rule. Several items at the bid cap can pass $1,000,000.
 */
export const MAX_ORDER_TOTAL: Cents = 10_000_000_000;

/**
 * The card processing fee a buyer may cover: the event's percent of subtotal plus donation,
 * rounded half up to the cent. The percent is held in basis points so that 2.9% of $10.00 is
 * exactly 29 cents, never 28.999999.
 */
export function processingFee(base: Cents, percent: number): Cents {
  if (base <= 0 || percent <= 0) return 0;
  const basisPoints = Math.round(percent * 100);
  return Math.floor((base * basisPoints + 5_000) / 10_000);
}

export interface CheckoutAmounts {
  subtotal: Cents;
  donation: Cents;
  fee: Cents;
  total: Cents;
}

/** Order total = subtotal + donation + the fee when the buyer covers it (spec section 9). */
export function checkoutAmounts(input: {
  subtotal: Cents;
  donation: Cents;
  coverFee: boolean;
  percent: number;
}): CheckoutAmounts {
  const fee = input.coverFee ? processingFee(input.subtotal + input.donation, input.percent) : 0;
  return { subtotal: input.subtotal, donation: input.donation, fee, total: input.subtotal + input.donation + fee };
}

/** A card on file as it is described to its owner: 'Visa ending in 4242'. */
export function cardLabel(card: { brand: string; last4: string }): string {
  return `${card.brand} ending in ${card.last4}`;
}

/** The card's expiry as printed on it: '04/29'. */
export function cardExpiry(card: { expmonth: number; expyear: number }): string {
  return `${String(card.expmonth).padStart(2, '0')}/${String(card.expyear % 100).padStart(2, '0')}`;
}

/** The refusal of a bid or Buy It Now where the event needs a card on file and there is none. */
export const CARD_NEEDED_TO_BID =
  'Please add a card on file to bid. Your card is charged only for items you win or buy.';
