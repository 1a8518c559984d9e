import { z } from 'zod';
import { oneLine, plainText, rowId } from '../bounds';
import { MAX_DONATION, MAX_ORDER_TOTAL } from '../payments/fees';
import { money, moneyIn } from '../money';
import { codeSchema, tenantBody } from './common';

/**
 * Payment processor codes: 0 none set up, 1 the built-in test gateway with its hosted card form,
 * 2 Stripe (Elements). Spec: "paymentprocessorcode (1 = hosted card form, 2 = card payment provider elements)".
 */
export const PROCESSOR_NONE = 0;
export const PROCESSOR_TEST = 1;
export const PROCESSOR_STRIPE = 2;
export const processorCode = z.union([
  z.literal(PROCESSOR_NONE),
  z.literal(PROCESSOR_TEST),
  z.literal(PROCESSOR_STRIPE),
]);
export type ProcessorCode = z.infer<typeof processorCode>;

/** What the web needs to show the event's card entry. Never a secret key. */
export const paymentProcessorInfo = z.lazy(() =>
  z.object({
    /** Stripe's publishable key (code 2). */
    providerkey: z.string(),
    /** A Stripe Connect account id, when the event's payments go to one. */
    accountid: z.string(),
    currency: z.string(),
    /** The processor's script (code 2). */
    scripturl: z.string(),
    /** The hosted card form shown in an iframe (code 1), and the origin its messages come from ('' the page's own). */
    iframeurl: z.string(),
    iframeorigin: z.string(),
    transcenterid: z.string(),
    processorid: z.string(),
    transactiontype: z.string(),
  }),
);
export type PaymentProcessorInfo = z.infer<typeof paymentProcessorInfo>;

/** A card on file, as its owner sees it. The number itself is never stored. */
export const savedCard = z.lazy(() =>
  z.object({
    brand: z.string(),
    last4: z.string(),
    expmonth: z.number().int(),
    expyear: z.number().int(),
  }),
);
export type SavedCard = z.infer<typeof savedCard>;

/** The payment method entity of the spec, with the card and the processor's details. */
export const paymentMethodResponse = z.lazy(() =>
  z.object({
    status: z.literal('success'),
    message: z.string(),
    cardmessage: z.string(),
    userpaymentmethodtitle: z.string(),
    showremovedbutton: z.boolean(),
    showreplacedbutton: z.boolean(),
    showstripeiframe: z.boolean(),
    /** The card's brand, or '' with no card on file. */
    type: z.string(),
    card: savedCard.nullable(),
    paymentprocessorcode: processorCode,
    paymentprocessorisvalid: z.boolean(),
    paymentprocessorinfo: paymentProcessorInfo,
    /** The event asks for a card on file to bid. */
    needscardtobid: z.boolean(),
  }),
);
export type PaymentMethodResponse = z.infer<typeof paymentMethodResponse>;

/** A processor token: the hosted form's cryptogram, or a Stripe confirmation token / SetupIntent id. */
const processorToken = z.string().trim().min(1, 'Please enter a valid credit card.').max(4_000).superRefine(oneLine);

export const updateCardRequest = tenantBody.extend({
  processortoken: processorToken,
  /** Finishing a card that needed the bidder's confirmation: the SetupIntent the browser confirmed. */
  setupintentid: plainText(200).optional(),
});
export const updateCardResponse = z.lazy(() =>
  z.object({
    status: z.enum(['success', 'requires_action']),
    message: z.string(),
    card: savedCard.nullable(),
    /** For requires_action: what the browser's processor script needs to ask the bidder. */
    clientsecret: z.string().optional(),
    setupintentid: z.string().optional(),
  }),
);
export type UpdateCardResponse = z.infer<typeof updateCardResponse>;

const ids = z.array(rowId).max(200, 'At most 200 items can be checked out at once.');

/** Spec: historyid list, itemid list, usecard, ccfeesexactamount, additionaldonation, totalamount, processortoken. */
export const checkoutRequest = z.lazy(() =>
  tenantBody.extend({
    historyid: ids,
    itemid: ids.default([]),
    /** Pay with the card on file. */
    usecard: z.boolean().default(false),
    /** Pay later: the organizer bills the bidder (only where the event allows it). */
    billme: z.boolean().default(false),
    /** The fee the buyer chose to cover (0 when the box is unchecked). */
    ccfeesexactamount: moneyIn('card fee', MAX_ORDER_TOTAL).default(0),
    additionaldonation: moneyIn('additional donation', MAX_DONATION).default(0),
    /** The total the page showed; the server computes its own and refuses a mismatch. */
    totalamount: moneyIn('total amount', MAX_ORDER_TOTAL),
    /** A new card for this payment only (when usecard is false). */
    processortoken: processorToken.optional(),
    /** Finishing a payment that needed the bidder's confirmation in the browser. */
    paymentintentid: plainText(200).optional(),
  }),
);
export type CheckoutRequest = z.output<typeof checkoutRequest>;

export const checkoutResponse = z.lazy(() =>
  z.object({
    status: z.enum(['success', 'pending', 'requires_action']),
    title: z.string(),
    message: z.string(),
    checkoutid: z.number().int(),
    clientsecret: z.string().optional(),
    paymentintentid: z.string().optional(),
  }),
);
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** The hosted card form (test gateway) asks for a cryptogram. The card number is not in it. */
export const testCardTokenRequest = z.lazy(() =>
  z.object({
    eventcode: codeSchema,
    brand: plainText(30).min(1),
    last4: z.string().regex(/^\d{4}$/),
    expmonth: z.number().int().min(1).max(12),
    expyear: z.number().int().min(2000).max(2100),
    outcome: z.enum(['success', 'declined', 'insufficient_funds', 'expired_card', 'authentication_required']),
    /** The bidder confirmed a card that needs it (the 3184 card). */
    authenticated: z.boolean().default(false),
  }),
);
export const testCardTokenResponse = z.lazy(() => z.object({ status: z.literal('success'), cryptogram: z.string() }));

/** The organizer's payments report. */
export const adminPaymentsQuery = z.lazy(() =>
  z.object({
    eventcode: codeSchema,
    auctioncode: codeSchema.optional(),
    format: z.enum(['json', 'csv']).default('json'),
  }),
);
/** desk: a balance paid in full at the console (cash, check, a card at the desk, charge all). */
export const orderMethod = z.enum(['card', 'billme', 'desk']);
export const orderState = z.enum(['pending', 'paid', 'unpaid', 'failed', 'refunded']);
export const adminOrder = z.lazy(() =>
  z.object({
    orderid: z.number().int(),
    createdat: z.string(),
    bidderdisplaynumber: z.number().int(),
    biddername: z.string(),
    email: z.string(),
    items: z.array(
      z.object({
        historyid: z.number().int(),
        itemnum: z.string(),
        name: z.string(),
        quantity: z.number().int(),
        amount: money,
      }),
    ),
    subtotal: money,
    donation: money,
    fee: money,
    total: money,
    currency: z.string(),
    method: orderMethod,
    state: orderState,
    card: z.string(),
    processorref: z.string(),
    /** Paid by card through the test gateway (processor code 1): no money moved (isTestPayment). */
    testpayment: z.boolean(),
  }),
);
export type AdminOrder = z.infer<typeof adminOrder>;
export const adminPaymentsResponse = z.lazy(() =>
  z.object({
    status: z.literal('success'),
    orders: z.array(adminOrder),
    totals: z.object({ paid: money, unpaid: money, pending: money, refunded: money }),
  }),
);
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponse>;

export const adminRefundRequest = z.lazy(() => tenantBody.extend({ orderid: rowId }));
