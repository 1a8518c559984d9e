import { plainResponse } from '../accounts';
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
} from '../payments';
import { contract } from '../contract';

/** Cards, checkout and the organizer's payments. */
export const paymentCalls = {
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
};
