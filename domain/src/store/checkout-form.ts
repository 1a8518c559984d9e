import { z } from 'zod';
import type { RequestOf } from '../api/contracts';
import { type StoreCartResponse, storeCheckoutRequest } from '../api/store';
import type { Cents } from '../money';
import { type BillingForm, type CheckoutField, checkoutProblems, DEFAULT_STATE, methodFor } from './billing';
import { type PricedLine, readStoreDonation, type StoreAmounts, storeAmounts } from './rules';

/**
 * The store's checkout form: what the buyer typed and chose, turned into PUT /storecheckout's
 * body with the store's rules (domain/src/store/rules.ts): the amounts from storeAmounts, the
 * method from methodFor, and every problem in the spec's order from checkoutProblems, each on its field.
 */
export const storeCheckoutFields = storeCheckoutRequest
  .pick({ first: true, last: true, address: true, city: true, state: true, zip: true, email: true })
  .extend({
    /** The additional donation as typed (whole dollars). */
    donation: z.string().max(20),
    coverFee: z.boolean(),
    /** What the buyer chose; FREE is decided by the total, not chosen. */
    method: z.enum(['CREDIT', 'BILLME']),
    /** The card entry's processor token; '' until it gives one. */
    cardtoken: z.string(),
  });
export type StoreCheckoutFields = z.input<typeof storeCheckoutFields>;
type FieldName = keyof StoreCheckoutFields;

export interface StoreCheckoutContext {
  lines: PricedLine[];
  discount: Cents;
  percent: number;
  /** The buyer may cover the card fee. */
  allowFee: boolean;
  /** The donation box is shown only when the payment processor is valid. */
  allowDonation: boolean;
  requiredemail: boolean;
  requiredzip: boolean;
}

export function storeFormContext(cart: StoreCartResponse | undefined): StoreCheckoutContext {
  return {
    lines: (cart?.cartitems ?? []).map((l) => ({ itemId: l.itemid, quantity: l.quantity, price: l.price })),
    discount: cart?.discountamount ?? 0,
    percent: cart?.ccfee ?? 0,
    allowFee: cart?.allowpaymentoffees ?? false,
    allowDonation: cart?.paymentprocessorisvalid ?? false,
    requiredemail: cart?.requiredemail ?? false,
    requiredzip: cart?.requiredzip ?? false,
  };
}

/** The live amounts: what the page shows and what checkout sends. */
/** The card fee is a card payment's: Bill Me never carries it. */
export function storeFormAmounts(
  ctx: StoreCheckoutContext,
  values: { donation: string; coverFee: boolean; method: 'CREDIT' | 'BILLME' },
): StoreAmounts {
  const donation = ctx.allowDonation ? readStoreDonation(values.donation) : 0;
  return storeAmounts({
    lines: ctx.lines,
    discount: ctx.discount,
    donation,
    coverFee: ctx.allowFee && values.coverFee && values.method === 'CREDIT',
    percent: ctx.percent,
  });
}

/** The billing details and choices the cart already has (a returning buyer, a checked-out cart). */
export function storeFormDefaults(cart: StoreCartResponse | undefined): StoreCheckoutFields {
  return {
    first: cart?.first ?? '',
    last: cart?.last ?? '',
    address: cart?.address ?? '',
    city: cart?.city ?? '',
    state: cart?.state || DEFAULT_STATE,
    zip: cart?.zip ?? '',
    email: cart?.email ?? '',
    donation: cart && cart.additionaldonation > 0 ? String(cart.additionaldonation / 100) : '',
    coverFee: (cart?.ccfeesamount ?? 0) > 0,
    method: cart?.paymentmethod === 'BILLME' && cart.billme ? 'BILLME' : 'CREDIT',
    cardtoken: '',
  };
}

/** The form's field for each checkout problem, so the form marks the right one. */
export function storeFormField(field: CheckoutField): FieldName {
  return field === 'card' ? 'cardtoken' : field;
}

/** The form's fields in the order the spec checks them (section 5), the card first. */
export const STORE_CHECKOUT_ORDER: readonly FieldName[] = [
  'cardtoken',
  'first',
  'last',
  'address',
  'city',
  'state',
  'zip',
  'email',
  'donation',
];

export function storeCheckoutSchema(ctx: StoreCheckoutContext) {
  return storeCheckoutFields.transform((v, issue): RequestOf<'PUT /storecheckout'> => {
    const amounts = storeFormAmounts(ctx, v);
    const paymentmethod = methodFor(amounts.total, v.method);
    const billing: BillingForm = {
      first: v.first,
      last: v.last,
      address: v.address,
      city: v.city,
      state: v.state,
      zip: v.zip,
      email: v.email,
    };
    // Every problem at once, each on its own field, in the spec's order.
    const problems = checkoutProblems(billing, {
      total: amounts.total,
      method: paymentmethod,
      hasCardToken: v.cardtoken !== '',
      requiredemail: ctx.requiredemail,
      requiredzip: ctx.requiredzip,
    });
    for (const p of problems)
      issue.issues.push({ code: 'custom', message: p.message, input: v, path: [storeFormField(p.field)] });
    if (problems.length > 0) return z.NEVER;
    return {
      ...billing,
      first: billing.first.trim(),
      last: billing.last.trim(),
      email: billing.email.trim(),
      subtotal: amounts.subtotal,
      discountamount: amounts.discount,
      additionaldonation: amounts.donation,
      ccfeesamount: amounts.fee,
      totalamount: amounts.total,
      paymentmethod,
      processortoken: paymentmethod === 'CREDIT' ? v.cardtoken : undefined,
    };
  });
}
