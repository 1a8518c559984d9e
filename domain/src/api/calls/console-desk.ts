import {
  deskBalanceResponse,
  deskBidderParams,
  deskEventParams,
  deskLookupQuery,
  deskLookupResponse,
  deskPaymentRequest,
  deskPaymentResponse,
  deskReceiptResponse,
} from '../console-desk';
import {
  deskInvoiceParams,
  deskInvoicePaymentRequest,
  deskInvoicePaymentResponse,
  deskInvoicesResponse,
} from '../console-invoices';
import { refundRequest, refundResponse } from '../console-refunds';
import { holdParams, holdRequest, holdResolveRequest, holdResponse } from '../console-holds';
import { contract } from '../contract';

/** The console's desk calls (tag `console`, auction night): the checkout desk. */
export const consoleDeskCalls = {
  'GET /console/events/:eventcode/desk': contract({
    method: 'GET',
    path: '/console/events/:eventcode/desk',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      "The checkout desk's lookup: bidders found by number, name, email or a scanned check-in code (`gavel-bidder:12`), each with what is due and whether a card is on file",
    params: deskEventParams,
    query: deskLookupQuery,
    response: deskLookupResponse,
  }),
  'GET /console/events/:eventcode/bidders/:bidderid/balance': contract({
    method: 'GET',
    path: '/console/events/:eventcode/bidders/:bidderid/balance',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      "A bidder's balance from the ledger: the charges (items won, pledges, Bill Me orders, donations, card fees), the payments, and what is due (dollars)",
    params: deskBidderParams,
    response: deskBalanceResponse,
  }),
  'POST /console/events/:eventcode/bidders/:bidderid/payments': contract({
    method: 'POST',
    path: '/console/events/:eventcode/bidders/:bidderid/payments',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      "Take a payment of the balance (and of `forbidderids`' balances: a couple): card on file, new card, cash or check, all or part. Requires an `Idempotency-Key` (the answer is replayed for it; another body with it is 422). A balance with nothing due answers `alreadypaid`; a declined card is 402 with the processor's words",
    params: deskBidderParams,
    body: deskPaymentRequest,
    response: deskPaymentResponse,
  }),
  'POST /console/events/:eventcode/bidders/:bidderid/refunds': contract({
    method: 'POST',
    path: '/console/events/:eventcode/bidders/:bidderid/refunds',
    access: 'staff:owner',
    tags: ['console'],
    summary:
      'Give money back from a payment on the balance (owner): a refund, in part or whole, of a desk, charge-all or phone payment (a card back through the processor, cash or a check recorded), or a void of a desk payment taken by mistake (all of it, and what it paid for owed again), with the reason. Requires an `Idempotency-Key`; ten at once give back once',
    params: deskBidderParams,
    body: refundRequest,
    response: refundResponse,
  }),
  'POST /console/events/:eventcode/bidders/:bidderid/holds': contract({
    method: 'POST',
    path: '/console/events/:eventcode/bidders/:bidderid/holds',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      'Hold a disputed line of the balance (an item won or a pledge, not yet paid), with the reason: no desk, phone or charge all takes money for it until it is released or removed',
    params: deskBidderParams,
    body: holdRequest,
    response: holdResponse,
  }),
  'POST /console/events/:eventcode/holds/:holdid': contract({
    method: 'POST',
    path: '/console/events/:eventcode/holds/:holdid',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      'Resolve a hold, with the reason: `release` (the line is owed again) or `remove` (taken off the bidder for good)',
    params: holdParams,
    body: holdResolveRequest,
    response: holdResponse,
  }),
  'GET /console/events/:eventcode/bidders/:bidderid/receipt': contract({
    method: 'GET',
    path: '/console/events/:eventcode/bidders/:bidderid/receipt',
    access: 'staff:volunteer',
    tags: ['console'],
    summary: "The bidder's receipt to print at the desk: the balance, who paid what and how, and the pickup code",
    params: deskBidderParams,
    response: deskReceiptResponse,
  }),
  'GET /console/events/:eventcode/store-invoices': contract({
    method: 'GET',
    path: '/console/events/:eventcode/store-invoices',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      "The store's Bill Me orders on nobody's balance: each its purchaser's own invoice, paid at the desk in cash or by check",
    params: deskEventParams,
    response: deskInvoicesResponse,
  }),
  'POST /console/events/:eventcode/store-invoices/:orderid/payments': contract({
    method: 'POST',
    path: '/console/events/:eventcode/store-invoices/:orderid/payments',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      "Take the payment of a store Bill Me order on nobody's balance, in cash or by check, from whoever is there. Requires an `Idempotency-Key`; an order paid meanwhile answers `alreadypaid`; one a bidder put on their balance is 409",
    params: deskInvoiceParams,
    body: deskInvoicePaymentRequest,
    response: deskInvoicePaymentResponse,
  }),
};
