import { z } from 'zod';
import { oneLine, plainText, rowId } from '../bounds';
import { money, moneyIn } from '../money';
import { MAX_ORDER_TOTAL } from '../payments/fees';
import { MAX_LINE_QUANTITY, MAX_STORE_DONATION } from '../store/rules';
import { codeSchema, tenantBody } from './common';
import { paymentProcessorInfo, processorCode } from './payments';
import { eventVenue } from './event';

/**
 * The event store's calls (spec store-and-display.md, section 7). A visitor needs no account: the
 * store hands out a cart token (a bearer token of its own, never the login token) whose `exp` is
 * the end of the cart's hold.
 */

export const STORE_TABS = ['Tickets', 'Merchandise', 'Registration', 'Cart'] as const;
export const storeTabName = z.enum(STORE_TABS);
export type StoreTabName = z.infer<typeof storeTabName>;

export const storeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  logourl: z.string(),
  price: money,
  quantity: z.number().int(),
  quantityremaining: z.number().int(),
  isquantityunlimited: z.boolean(),
  /** 0 means no limit. */
  maxquantitypertransaction: z.number().int(),
  /** 4 means free. */
  itemtypecode: z.number().int(),
  /** How many of it this cart holds (0 without a cart). */
  cartquantity: z.number().int(),
});
export type StoreItem = z.infer<typeof storeItem>;

export const storeSection = z.object({ sectionheading: z.string(), data: z.array(storeItem) });
export type StoreSection = z.infer<typeof storeSection>;

export const storeTab = z.object({
  tabname: storeTabName,
  image: z.string(),
  enabled: z.boolean(),
  heading: z.string(),
  sections: z.array(storeSection),
});
export type StoreTab = z.infer<typeof storeTab>;

export const storeSetupRequest = tenantBody;

/** storesetup1: the landing page and the store's tabs; status expired once sales have closed. */
export const storeSetupResponse = z.object({
  status: z.enum(['success', 'expired']),
  message: z.string(),
  storewelcomeeventname: z.string(),
  storewelcomeheader: z.string(),
  storewelcomeeventlogourl: z.string(),
  storewelcomebuttonevent: z.string(),
  storewelcomebuttonauction: z.string(),
  storewelcomebuttondonate: z.string(),
  storewelcomebuttoneventshow: z.boolean(),
  storewelcomebuttonauctionshow: z.boolean(),
  storewelcomebuttondonateshow: z.boolean(),
  storewelcomefooter: z.string(),
  storewelcomeauctionlink: z.string(),
  storelandinghtml: z.string(),
  tabs: z.array(storeTab),
  logourl: z.string(),
  /** The item type code of free items (4). */
  itemtypecode: z.number().int(),
  hascheckedout: z.boolean(),
  /**
   * The cart token (storesetup2 only): its exp is the hold's end. '' for a cart already checked out
   * (or being charged): its token is never issued again; the page keeps the one it has, and the
   * receipt's link is the way back to the purchase.
   */
  token: z.string(),
  /** When the cart's hold ends, ISO-8601 ('' without a cart). */
  expires: z.string(),
  /** The latest the hold can be renewed to (see `maxexpires` of the cart). */
  maxexpires: z.string(),
  /** Where and when the event happens, for the landing page; null when the organizer gave none. */
  venue: eventVenue.nullable(),
});
export type StoreSetupResponse = z.infer<typeof storeSetupResponse>;

export const storeCartLine = z.object({
  itemid: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  price: money,
  lineamount: money,
  itemtypecode: z.number().int(),
});
export type StoreCartLine = z.infer<typeof storeCartLine>;

export const storePaymentMethod = z.enum(['CREDIT', 'BILLME', 'FREE']);

export const storeCartResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  cartitems: z.array(storeCartLine),
  allowpaymentoffees: z.boolean(),
  hascheckedout: z.boolean(),
  requiredemail: z.boolean(),
  requiredzip: z.boolean(),
  billme: z.boolean(),
  /** The processing fee percent. */
  ccfee: z.number(),
  paymentprocessorcode: processorCode,
  paymentprocessorisvalid: z.boolean(),
  paymentprocessorinfo: paymentProcessorInfo,
  discountamount: money,
  discountcode: z.string(),
  hasdiscount: z.boolean(),
  first: z.string(),
  last: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  email: z.string(),
  paymentmethod: storePaymentMethod,
  /** The total when the buyer covers the processing fee. */
  optionaltotal: money,
  subtotal: money,
  /** The total without the fee: subtotal + donation − discount. */
  totalamount: money,
  additionaldonation: money,
  /** The fee the buyer covered (after checkout), or 0. */
  ccfeesamount: money,
  /** When the cart's hold ends, ISO-8601 ('' once checked out): a change of the cart renews it. */
  expires: z.string(),
  /**
   * The latest `expires` can ever be, ISO-8601: renewals never pass the cart's lifetime, counted
   * from its first item ('' before its first item, or once checked out). A page may offer to keep
   * the cart until then, never after.
   */
  maxexpires: z.string(),
  /** The order, once checked out. */
  orderid: z.number().int().nullable(),
  /** The card a checked-out order was paid with ('Visa ending in 4242'), or ''. */
  card: z.string(),
});
export type StoreCartResponse = z.infer<typeof storeCartResponse>;

export const storeAddItemRequest = z.object({
  itemid: rowId,
  quantity: z
    .number()
    .int('The quantity must be a whole number.')
    .min(0, 'The quantity cannot be below 0.')
    .max(MAX_LINE_QUANTITY, 'The quantity must be at most 10,000.'),
});

export const storeAddItemResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    message: z.string(),
    itemid: z.number().int(),
    quantity: z.number().int(),
    token: z.string(),
    expires: z.string(),
    maxexpires: z.string(),
  }),
  /** Not enough left: what this cart may still have of the item. */
  z.object({
    status: z.literal('failure'),
    message: z.string(),
    itemid: z.number().int(),
    itemname: z.string(),
    quantityremaining: z.number().int(),
  }),
]);
export type StoreAddItemResponse = z.infer<typeof storeAddItemResponse>;

export const storeDiscountRequest = z.object({
  discountcode: z.string().trim().max(40, 'The promo code must be at most 40 characters.').superRefine(oneLine),
});
export const storeDiscountResponse = z.object({
  status: z.enum(['success', 'failure']),
  message: z.string(),
  discountamount: money,
  discountcode: z.string(),
  /** The cart token, renewed with the hold when the code changed the cart (see storecartadditem). */
  token: z.string(),
  expires: z.string(),
  maxexpires: z.string(),
});
export type StoreDiscountResponse = z.infer<typeof storeDiscountResponse>;

/** PUT storecart/renew ("Keep my cart"): nothing to send but the cart token. */
export const storeRenewRequest = z.object({});

/** The renewed hold: its new end, the latest it can ever be, and the token whose exp is that end. */
export const storeRenewResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  token: z.string(),
  expires: z.string(),
  maxexpires: z.string(),
});
export type StoreRenewResponse = z.infer<typeof storeRenewResponse>;

const field = (max: number) => plainText(max).default('');
/** An amount of the checkout, bounded as every order is. */
const amount = (what: string) => moneyIn(what, MAX_ORDER_TOTAL);

export const storeCheckoutRequest = z.object({
  first: field(100),
  last: field(100),
  address: field(200),
  city: field(100),
  state: field(40),
  zip: field(20),
  email: field(254),
  subtotal: amount('subtotal'),
  discountamount: amount('discount'),
  additionaldonation: moneyIn('donation', MAX_STORE_DONATION).refine(
    (c) => c % 100 === 0,
    'The donation must be in whole dollars.',
  ),
  ccfeesamount: amount('processing fee'),
  totalamount: amount('total'),
  paymentmethod: storePaymentMethod,
  processortoken: plainText(5_000).optional(),
  /** A card payment the buyer has just confirmed with their bank (after a requires_action answer), to be finished. */
  paymentintentid: plainText(200).optional(),
});
export type StoreCheckoutRequest = z.infer<typeof storeCheckoutRequest>;

export const storeOrderSummary = z.object({
  orderid: z.number().int(),
  subtotal: money,
  discountamount: money,
  additionaldonation: money,
  ccfeesamount: money,
  totalamount: money,
  paymentmethod: storePaymentMethod,
  /** 'Visa ending in 4242' for a card order. */
  card: z.string(),
});
export type StoreOrderSummary = z.infer<typeof storeOrderSummary>;

export const storeCheckoutResponse = z.object({
  /** requires_action: the bank asks the buyer to confirm (Stripe); confirm with clientsecret, then send again with paymentintentid. */
  status: z.enum(['success', 'pending', 'requires_action']),
  message: z.string(),
  title: z.string(),
  /**
   * A cart token when guest registration follows a final order: it lasts a fixed time from the
   * order's settlement, however often it is asked for; '' otherwise (the summary dialog).
   */
  token: z.string(),
  summary: storeOrderSummary,
  clientsecret: z.string().optional(),
  paymentintentid: z.string().optional(),
});
export type StoreCheckoutResponse = z.infer<typeof storeCheckoutResponse>;

export const adminStoreOrdersQuery = z.object({
  eventcode: codeSchema,
  auctioncode: codeSchema.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

export const adminStoreOrder = z.object({
  orderid: z.number().int(),
  createdat: z.string(),
  state: z.enum(['pending', 'paid', 'unpaid', 'failed', 'refunded']),
  paymentmethod: storePaymentMethod,
  name: z.string(),
  email: z.string(),
  address: z.string(),
  lines: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: money, lineamount: money })),
  subtotal: money,
  discountcode: z.string(),
  discountamount: money,
  additionaldonation: money,
  ccfeesamount: money,
  totalamount: money,
  card: z.string(),
  failure: z.string(),
  /** Paid by card through the test gateway (processor code 1): no money moved (isTestPayment). */
  testpayment: z.boolean(),
});
export const adminStoreOrdersResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  orders: z.array(adminStoreOrder),
});

/**
 * POST /storebillme: the link mailed after a Bill Me store order to the address given, when a
 * bidder of the event has that address. `confirm: false` reads what the link offers; `true` puts
 * the order on that bidder's balance (again: the same answer). Only this link does: an email typed
 * at checkout puts nothing on anyone's balance.
 */
export const storeBillMeRequest = tenantBody.extend({
  token: plainText(200).min(1, 'is required'),
  confirm: z.boolean({ error: 'must be true or false' }),
});
export type StoreBillMeRequest = z.infer<typeof storeBillMeRequest>;

export const storeBillMeResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  orderid: z.number().int(),
  totalamount: money,
  /** The bidder's first name (whose balance it goes on). */
  first: z.string(),
  /** It is on their balance now. */
  onbalance: z.boolean(),
  /** It still waits for payment: false once paid (at the desk, or with their balance). */
  open: z.boolean(),
});
export type StoreBillMeResponse = z.infer<typeof storeBillMeResponse>;
