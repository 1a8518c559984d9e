import { z } from 'zod';
import {
  createAccountRequest,
  forgotPasswordRequest,
  guestLoginRequest,
  guestLoginResponse,
  joinEmailRequest,
  joinEmailResponse,
  loginLinkResponse,
  loginRequest,
  loginResponse,
  passwordResetRequest,
  plainResponse,
  profileResponse,
  saveProfileRequest,
  userPasswordResetRequest,
  verifyEmailRequest,
} from './accounts';
import { maxBidRequest, submitBidRequest, submitBidResponse } from './bids';
import { cartResponse } from './cart';
import { oneLine, plainText } from '../bounds';
import { codeSchema, tenantBody } from './common';
import { eventRequest, eventResponse, healthResponse, privacyPolicyRequest, privacyPolicyResponse } from './event';
import {
  auctionItemsRequest,
  auctionItemsResponse,
  bidHistoryResponse,
  itemDetailsResponse,
  itemOverviewResponse,
  itemPhotosResponse,
  itemRequest,
  watchlistResponse,
} from './items';
import { noticesResponse } from './notices';
import { displayBoardQuery, displayBoardResponse } from './display';
import { ordersResponse } from './orders';
import {
  adminPaymentsQuery,
  adminPaymentsResponse,
  adminRefundRequest,
  checkoutRequest,
  checkoutResponse,
  paymentMethodResponse,
  testCardTokenRequest,
  testCardTokenResponse,
  updateCardRequest,
  updateCardResponse,
} from './payments';
import {
  adminStoreOrdersQuery,
  adminStoreOrdersResponse,
  storeAddItemRequest,
  storeAddItemResponse,
  storeCartResponse,
  storeCheckoutRequest,
  storeCheckoutResponse,
  storeDiscountRequest,
  storeDiscountResponse,
  storeRenewRequest,
  storeRenewResponse,
  storeSetupRequest,
  storeSetupResponse,
} from './store';
import {
  adminLockGuestRequest,
  adminRegistrationsQuery,
  adminRegistrationsResponse,
  groupNameRequest,
  groupNameResponse,
  guestRegistrationResponse,
  purchaserRegistrationResponse,
  registrationLinkParams,
  registrationLinkQuery,
  saveGuestRequest,
  saveGuestResponse,
  storeGuestGroupsResponse,
  storeGuestRequest,
  storeGuestResponse,
} from './registration';

/**
 * Who may make a call, and how the server finds the caller:
 * - `public`: anyone; no event (health, and the calls behind emailed links, which carry their own secret);
 * - `event`: anyone; the event named by the body's eventcode within the host's organization;
 * - `guest`: a signed-in bidder or a guest, in the event of the body (or of the token when the call has no body);
 * - `bidder`: a signed-in bidder (not a guest), likewise;
 * - `account`: a signed-in account (not a guest) of the host's organization, in the event of the body,
 *   which may be another event than the token's (joining a second event);
 * - `admin`: the organizer's admin token; the event of the body, when it names one;
 * - `store`: anyone, in the event of the body, with the store's cart token when one is sent;
 * - `cart`: a store cart token (never a login token), in the token's event;
 * - `registration`: a purchase's guests: the cart token of a checked-out cart, or a registration
 *   token from a purchaser's link (their purchase) or a guest's link (that guest's seat alone).
 */
export type Access = 'public' | 'event' | 'guest' | 'bidder' | 'account' | 'admin' | 'store' | 'cart' | 'registration';

export interface Contract {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: Access;
  tags: string[];
  summary: string;
  body?: z.ZodType;
  params?: z.ZodType;
  /** The query string's schema, for the few GET calls that take one. */
  query?: z.ZodType;
  response: z.ZodType;
}

const contract = <C extends Contract>(c: C): C => c;

export const importResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  auctioncode: z.string(),
  eventcode: z.string(),
  eventcreated: z.boolean(),
  itemscreated: z.number(),
  itemsupdated: z.number(),
  itemsuntouched: z.number(),
});

export const authorizeBidderRequest = z.object({
  eventcode: codeSchema,
  auctioncode: codeSchema.optional(),
  email: plainText(254).min(3),
  authorizebidder: z.boolean(),
});

/**
 * Every call of the API: its path, who may make it, and the schemas of its request and answer.
 * The server registers its routes from this map and the web client is typed by it, so a wrong
 * path or field does not compile on either side.
 */
const definitions = {
  'GET /health': contract({
    method: 'GET',
    path: '/health',
    access: 'public',
    tags: ['system'],
    summary: 'Version and database check',
    response: healthResponse,
  }),

  'POST /event': contract({
    method: 'POST',
    path: '/event',
    access: 'event',
    tags: ['event'],
    summary: 'The event: names, messages, times, options and the derived eventflag',
    body: eventRequest,
    response: eventResponse,
  }),
  'POST /privacypolicy': contract({
    method: 'POST',
    path: '/privacypolicy',
    access: 'event',
    tags: ['event'],
    summary: "The event's privacy policy (sanitized HTML)",
    body: privacyPolicyRequest,
    response: privacyPolicyResponse,
  }),

  'POST /joinemail': contract({
    method: 'POST',
    path: '/joinemail',
    access: 'event',
    tags: ['accounts'],
    summary: 'Does this email have an account?',
    body: joinEmailRequest,
    response: joinEmailResponse,
  }),
  'POST /create': contract({
    method: 'POST',
    path: '/create',
    access: 'event',
    tags: ['accounts'],
    summary: 'Create an account and register as a bidder; sends the verification email',
    body: createAccountRequest,
    response: loginResponse,
  }),
  'POST /login': contract({
    method: 'POST',
    path: '/login',
    access: 'event',
    tags: ['accounts'],
    summary: 'Sign in with email and password',
    body: loginRequest,
    response: loginResponse,
  }),
  'POST /join': contract({
    method: 'POST',
    path: '/join',
    access: 'account',
    tags: ['accounts'],
    summary: 'Register the signed-in account as a bidder of this event (same organization)',
    body: tenantBody.extend({ email: joinEmailRequest.shape.email.optional() }),
    response: loginResponse,
  }),
  'POST /guestlogin': contract({
    method: 'POST',
    path: '/guestlogin',
    access: 'event',
    tags: ['accounts'],
    summary: 'Browse as a guest when the event allows it',
    body: guestLoginRequest,
    response: guestLoginResponse,
  }),
  'POST /forgotpassword': contract({
    method: 'POST',
    path: '/forgotpassword',
    access: 'event',
    tags: ['accounts'],
    summary: 'Email a one-time sign-in link and a new-password link',
    body: forgotPasswordRequest,
    response: plainResponse,
  }),
  'POST /passwordresetlink': contract({
    method: 'POST',
    path: '/passwordresetlink',
    access: 'event',
    tags: ['accounts'],
    summary: 'Email a new-password link',
    body: forgotPasswordRequest,
    response: plainResponse,
  }),
  'POST /resendverification': contract({
    method: 'POST',
    path: '/resendverification',
    access: 'bidder',
    tags: ['accounts'],
    summary: 'Send the verification email again',
    response: plainResponse,
  }),
  'POST /verifyemail': contract({
    method: 'POST',
    path: '/verifyemail',
    access: 'public',
    tags: ['accounts'],
    summary: 'Verify an email address with the emailed link; signs in',
    body: verifyEmailRequest,
    response: loginResponse,
  }),
  'GET /passwordlesslogin/:loginguid': contract({
    method: 'GET',
    path: '/passwordlesslogin/:loginguid',
    access: 'public',
    tags: ['accounts'],
    summary: 'Sign in once with an emailed login link; an expired or used link answers status expired',
    params: z.object({ loginguid: z.string().min(1).max(200).superRefine(oneLine) }),
    response: loginLinkResponse,
  }),
  'POST /passwordreset': contract({
    method: 'POST',
    path: '/passwordreset',
    access: 'public',
    tags: ['accounts'],
    summary: 'Set a new password with an emailed link',
    body: passwordResetRequest,
    response: plainResponse,
  }),
  'GET /userprofile': contract({
    method: 'GET',
    path: '/userprofile',
    access: 'bidder',
    tags: ['accounts'],
    summary: "The signed-in bidder's profile",
    response: profileResponse,
  }),
  'PUT /userprofile': contract({
    method: 'PUT',
    path: '/userprofile',
    access: 'bidder',
    tags: ['accounts'],
    summary: 'Save the profile, bidder preference and notifications',
    body: saveProfileRequest,
    response: profileResponse,
  }),
  'POST /userpasswordreset': contract({
    method: 'POST',
    path: '/userpasswordreset',
    access: 'bidder',
    tags: ['accounts'],
    summary: 'Set a new password while signed in',
    body: userPasswordResetRequest,
    response: plainResponse,
  }),

  'POST /auctionitems': contract({
    method: 'POST',
    path: '/auctionitems',
    access: 'guest',
    tags: ['items'],
    summary: "The event's auction items with the caller's own fields",
    body: auctionItemsRequest,
    response: auctionItemsResponse,
  }),
  'POST /itemdetails': contract({
    method: 'POST',
    path: '/itemdetails',
    access: 'guest',
    tags: ['items'],
    summary: 'One item',
    body: itemRequest,
    response: itemDetailsResponse,
  }),
  'POST /itemphotos': contract({
    method: 'POST',
    path: '/itemphotos',
    access: 'guest',
    tags: ['items'],
    summary: "An item's photos, in order",
    body: itemRequest,
    response: itemPhotosResponse,
  }),
  'POST /bidhistory': contract({
    method: 'POST',
    path: '/bidhistory',
    access: 'guest',
    tags: ['items'],
    summary: "An item's bids, newest first",
    body: itemRequest,
    response: bidHistoryResponse,
  }),
  'POST /itemoverview': contract({
    method: 'POST',
    path: '/itemoverview',
    access: 'guest',
    tags: ['items'],
    summary: 'Counts for the caller: items, bidding on, winning, watching, won',
    body: tenantBody,
    response: itemOverviewResponse,
  }),
  'POST /watchlist': contract({
    method: 'POST',
    path: '/watchlist',
    access: 'bidder',
    tags: ['items'],
    summary: 'Watch or stop watching an item (toggles)',
    body: itemRequest,
    response: watchlistResponse,
  }),

  'POST /submitbid': contract({
    method: 'POST',
    path: '/submitbid',
    access: 'bidder',
    tags: ['bids'],
    summary:
      'Place a bid, set an automatic (max) bid, or Buy It Now. Send an Idempotency-Key header to make retries safe.',
    body: submitBidRequest,
    response: submitBidResponse,
  }),
  'POST /maxbid': contract({
    method: 'POST',
    path: '/maxbid',
    access: 'bidder',
    tags: ['bids'],
    summary: 'Change your automatic maximum and increment',
    body: maxBidRequest,
    response: submitBidResponse,
  }),

  'GET /cart': contract({
    method: 'GET',
    path: '/cart',
    access: 'bidder',
    tags: ['cart'],
    summary: 'Won items awaiting checkout, and open items being bid on',
    response: cartResponse,
  }),
  'GET /notices': contract({
    method: 'GET',
    path: '/notices',
    access: 'bidder',
    tags: ['notices'],
    summary: "The bidder's notices of this event (outbid, won, closing soon), newest first",
    response: noticesResponse,
  }),
  'GET /myorders': contract({
    method: 'GET',
    path: '/myorders',
    access: 'bidder',
    tags: ['orders'],
    summary: 'Completed purchases: won items paid at checkout',
    response: ordersResponse,
  }),

  'GET /userpaymentmethod': contract({
    method: 'GET',
    path: '/userpaymentmethod',
    access: 'bidder',
    tags: ['payments'],
    summary: "The bidder's card on file and the event's card processor",
    response: paymentMethodResponse,
  }),
  'POST /updatecard': contract({
    method: 'POST',
    path: '/updatecard',
    access: 'bidder',
    tags: ['payments'],
    summary:
      'Save a card on file (replacing any) from a processor token; a card that needs confirmation answers requires_action',
    body: updateCardRequest,
    response: updateCardResponse,
  }),
  'DELETE /updatecard': contract({
    method: 'DELETE',
    path: '/updatecard',
    access: 'bidder',
    tags: ['payments'],
    summary: 'Remove the card on file',
    response: plainResponse,
  }),
  'POST /checkout': contract({
    method: 'POST',
    path: '/checkout',
    access: 'bidder',
    tags: ['payments'],
    summary:
      'Pay for won items (card on file, a new card, or Bill Me). Send an Idempotency-Key header: a retry never charges twice.',
    body: checkoutRequest,
    response: checkoutResponse,
  }),
  'POST /testpay/tokens': contract({
    method: 'POST',
    path: '/testpay/tokens',
    access: 'event',
    tags: ['payments'],
    summary:
      "The test gateway's hosted card form turns a checked card into a cryptogram (brand, last four, expiry; never the number)",
    body: testCardTokenRequest,
    response: testCardTokenResponse,
  }),
  'GET /admin/payments': contract({
    method: 'GET',
    path: '/admin/payments',
    access: 'admin',
    tags: ['admin'],
    summary: 'Every order of an event: bidder, items, amounts, method and state (format=csv for a spreadsheet)',
    query: adminPaymentsQuery,
    response: adminPaymentsResponse,
  }),
  'POST /admin/refund': contract({
    method: 'POST',
    path: '/admin/refund',
    access: 'admin',
    tags: ['admin'],
    summary: 'Refund a paid card order in full',
    body: adminRefundRequest,
    response: plainResponse,
  }),

  'POST /storesetup1': contract({
    method: 'POST',
    path: '/storesetup1',
    access: 'event',
    tags: ['store'],
    summary: "The store's landing page and tabs; status expired once sales have closed",
    body: storeSetupRequest,
    response: storeSetupResponse,
  }),
  'POST /storesetup2': contract({
    method: 'POST',
    path: '/storesetup2',
    access: 'store',
    tags: ['store'],
    summary:
      "The store with the caller's cart: a new cart and its token without one, else the cart of the token (status expired once its hold has ended)",
    body: storeSetupRequest,
    response: storeSetupResponse,
  }),
  'GET /storecart': contract({
    method: 'GET',
    path: '/storecart',
    access: 'cart',
    tags: ['store'],
    summary: 'The cart of the cart token: lines, sums, payment settings and billing details',
    response: storeCartResponse,
  }),
  'POST /storecartadditem': contract({
    method: 'POST',
    path: '/storecartadditem',
    access: 'cart',
    tags: ['store'],
    summary:
      'Set how many of an item the cart holds (0 takes it out); the hold is renewed and a new token answered when the cart changes',
    body: storeAddItemRequest,
    response: storeAddItemResponse,
  }),
  'POST /storecartdiscount': contract({
    method: 'POST',
    path: '/storecartdiscount',
    access: 'cart',
    tags: ['store'],
    summary:
      "Apply a promo code to the cart (one per cart; '' removes it); a code that changes a cart holding units renews its hold and answers a new token",
    body: storeDiscountRequest,
    response: storeDiscountResponse,
  }),
  'PUT /storecart/renew': contract({
    method: 'PUT',
    path: '/storecart/renew',
    access: 'cart',
    tags: ['store'],
    summary:
      'Keep my cart: renew the hold of a cart holding units for holdminutes more, never past its lifetime; refused (409) when it would end no later',
    body: storeRenewRequest,
    response: storeRenewResponse,
  }),
  'PUT /storecheckout': contract({
    method: 'PUT',
    path: '/storecheckout',
    access: 'cart',
    tags: ['store'],
    summary:
      'Check the cart out: card (processor token), Bill Me, or FREE at a total of 0. A cart is checked out once, so a double submit never charges twice.',
    body: storeCheckoutRequest,
    response: storeCheckoutResponse,
  }),
  'GET /admin/store/orders': contract({
    method: 'GET',
    path: '/admin/store/orders',
    access: 'admin',
    tags: ['admin'],
    summary:
      'Every store order of an event: lines, discount, donation, fee, total, method and state (format=csv for a spreadsheet)',
    query: adminStoreOrdersQuery,
    response: adminStoreOrdersResponse,
  }),

  'GET /storeguest': contract({
    method: 'GET',
    path: '/storeguest',
    access: 'registration',
    tags: ['registration'],
    summary: "The purchase's guest groups and seats, with each seat's lock",
    response: storeGuestGroupsResponse,
  }),
  'POST /storeguest': contract({
    method: 'POST',
    path: '/storeguest',
    access: 'registration',
    tags: ['registration'],
    summary:
      "One seat's edit dialog: its person (or the one of registrationid, or a new one for -1), the fields, lookups and the purchase's people",
    body: storeGuestRequest,
    response: storeGuestResponse,
  }),
  'PUT /storeguest': contract({
    method: 'PUT',
    path: '/storeguest',
    access: 'registration',
    tags: ['registration'],
    summary:
      'Save a person into a seat (a new one for registrationid -1); refused for a locked guest, and for read-only fields unless unlocked',
    body: saveGuestRequest,
    response: saveGuestResponse,
  }),
  'PUT /storeguestgroupname': contract({
    method: 'PUT',
    path: '/storeguestgroupname',
    access: 'registration',
    tags: ['registration'],
    summary: 'Rename a group of the purchase, where the organizer allows it',
    body: groupNameRequest,
    response: groupNameResponse,
  }),
  'GET /purchaserregistration/:id': contract({
    method: 'GET',
    path: '/purchaserregistration/:id',
    access: 'public',
    tags: ['registration'],
    summary: "A purchaser's emailed link: their groups and a registration token for their purchase",
    params: registrationLinkParams,
    query: registrationLinkQuery,
    response: purchaserRegistrationResponse,
  }),
  'GET /guestregistration/:id': contract({
    method: 'GET',
    path: '/guestregistration/:id',
    access: 'public',
    tags: ['registration'],
    summary: "A guest's emailed link: their registration and a token for that seat alone",
    params: registrationLinkParams,
    query: registrationLinkQuery,
    response: guestRegistrationResponse,
  }),
  'GET /admin/registrations': contract({
    method: 'GET',
    path: '/admin/registrations',
    access: 'admin',
    tags: ['admin'],
    summary: 'The seating list: every group, seat, guest and answer of an event (format=csv for printing)',
    query: adminRegistrationsQuery,
    response: adminRegistrationsResponse,
  }),
  'PUT /admin/registrations/lock': contract({
    method: 'PUT',
    path: '/admin/registrations/lock',
    access: 'admin',
    tags: ['admin'],
    summary: "Lock or unlock a guest's seat (a locked guest cannot be changed by purchaser or guest)",
    body: adminLockGuestRequest,
    response: plainResponse,
  }),

  'GET /displayboard': contract({
    method: 'GET',
    path: '/displayboard',
    access: 'event',
    tags: ['display'],
    summary:
      "The display board: the event's items (optionally of one location), the total raised, the latest bids, the bid address and its QR code, and a guest token for the live hub",
    query: displayBoardQuery,
    response: displayBoardResponse,
  }),

  'POST /admin/import': contract({
    method: 'POST',
    path: '/admin/import',
    access: 'admin',
    tags: ['admin'],
    summary: 'Import or re-import an event document (see docs/import.md); all or nothing',
    body: z.unknown(),
    response: importResponse,
  }),
  'POST /admin/bidders/authorize': contract({
    method: 'POST',
    path: '/admin/bidders/authorize',
    access: 'admin',
    tags: ['admin'],
    summary: "Allow or stop a bidder's bidding in an event",
    body: authorizeBidderRequest,
    response: plainResponse,
  }),
} as const;

export type Contracts = typeof definitions;
export type ContractKey = keyof Contracts;

/** What a call sends, as the code inside holds it (amounts in cents); undefined for calls without a body. */
export type RequestOf<K extends ContractKey> = Contracts[K] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : undefined;
/** A call's path parameters, for the few calls that have them. */
export type ParamsOf<K extends ContractKey> = Contracts[K] extends { params: infer P extends z.ZodType }
  ? z.output<P>
  : undefined;
/** A call's query string, for the few calls that take one. */
export type QueryOf<K extends ContractKey> = Contracts[K] extends { query: infer Q extends z.ZodType }
  ? z.output<Q>
  : undefined;
/** A call's answer, as the code inside holds it (amounts in cents). */
export type AnswerOf<K extends ContractKey> = z.output<Contracts[K]['response']>;

/**
 * The map, typed so that code generic in the key still knows each schema's own type (TypeScript
 * follows a mapped type through a generic index, where it would widen the plain object to a union).
 */
export const contracts: { [K in ContractKey]: Contracts[K] & { response: z.ZodType<AnswerOf<K>> } } = definitions;

/** A call's URL path under /api, its `:name` parameters filled in (encoded). */
export function contractPath(template: string, params: Readonly<Record<string, string>> = {}): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
