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
  storeBillMeRequest,
  storeBillMeResponse,
  storeSetupRequest,
  storeSetupResponse,
} from '../store';
import { contract } from '../contract';

/** The event store: setup, the cart, checkout and the organizer's orders. */
export const storeCalls = {
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
  'POST /storebillme': contract({
    method: 'POST',
    path: '/storebillme',
    access: 'event',
    tags: ['store'],
    summary:
      "The link mailed after a Bill Me store order to a bidder's address: what it offers (confirm false), or the order put on that bidder's balance (confirm true)",
    body: storeBillMeRequest,
    response: storeBillMeResponse,
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
};
