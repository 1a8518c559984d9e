import { hasVisibleText, isPostalCode } from '../bounds';
import type { Cents } from '../money';
import { storeMessages } from './rules';

/**
 * The store checkout's billing details and payment method (spec store-and-display.md, sections 5
 * and 9): what the buyer must give, in the spec's order, and what the dropdowns offer.
 */

export type StorePaymentMethod = 'CREDIT' | 'BILLME' | 'FREE';

/** The payment method as the buyer reads it (the dropdown's choices, the summary). */
export const paymentMethodLabels: Record<StorePaymentMethod, string> = {
  CREDIT: 'Credit / Debit Card',
  BILLME: 'Bill Me',
  FREE: storeMessages.free,
};

export interface BillingForm {
  first: string;
  last: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  email: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A checkout field a problem is about: a billing field, or the card entry. */
export type CheckoutField = keyof BillingForm | 'card';

export interface CheckoutProblem {
  field: CheckoutField;
  message: string;
}

/**
 * Every checkout problem, at most one a field, in the spec's order (section 5): the card first,
 * then first name, last name, address, city, state, zip and email. The page shows them all at
 * once, each beside its field; the server refuses with the first.
 */
export function checkoutProblems(
  form: BillingForm,
  input: {
    total: Cents;
    method: StorePaymentMethod;
    hasCardToken: boolean;
    requiredemail: boolean;
    requiredzip: boolean;
  },
): CheckoutProblem[] {
  const problems: CheckoutProblem[] = [];
  const add = (field: CheckoutField, message: string) => problems.push({ field, message });
  if (input.total > 0 && input.method === 'CREDIT' && !input.hasCardToken) add('card', storeMessages.invalidCard);
  // A field of only invisible characters (zero-width spaces) is an empty one.
  if (!hasVisibleText(form.first)) add('first', storeMessages.firstRequired);
  if (!hasVisibleText(form.last)) add('last', storeMessages.lastRequired);
  if (!hasVisibleText(form.address)) add('address', storeMessages.addressRequired);
  if (!hasVisibleText(form.city)) add('city', storeMessages.cityRequired);
  if (!hasVisibleText(form.state)) add('state', storeMessages.stateRequired);
  if (input.requiredzip && !hasVisibleText(form.zip)) add('zip', storeMessages.zipRequired);
  else if (form.zip.trim() !== '' && !isPostalCode(form.zip)) add('zip', storeMessages.zipInvalid);
  if (input.requiredemail && !EMAIL.test(form.email.trim())) add('email', storeMessages.invalidEmail);
  return problems;
}

/** The first checkout problem, in the spec's order (section 5), or undefined when checkout may go. */
export function checkoutProblem(
  form: BillingForm,
  input: {
    total: Cents;
    method: StorePaymentMethod;
    hasCardToken: boolean;
    requiredemail: boolean;
    requiredzip: boolean;
  },
): string | undefined {
  return checkoutProblems(form, input)[0]?.message;
}

/** The method an order of this total must use: FREE at 0, otherwise what the buyer chose. */
export function methodFor(total: Cents, chosen: StorePaymentMethod): StorePaymentMethod {
  if (total === 0) return 'FREE';
  return chosen === 'FREE' ? 'CREDIT' : chosen;
}

/** US states and territories for the billing form; AL is the default (spec section 9). */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'PR',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export const DEFAULT_STATE = 'AL';
