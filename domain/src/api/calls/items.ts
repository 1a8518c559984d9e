import { maxBidRequest, submitBidRequest, submitBidResponse } from '../bids';
import { tenantBody } from '../common';
import {
  auctionItemsRequest,
  auctionItemsResponse,
  bidHistoryResponse,
  itemDetailsResponse,
  itemOverviewResponse,
  itemPhotosResponse,
  itemRequest,
  watchlistResponse,
} from '../items';
import { contract } from '../contract';

/** The catalog and bidding: items, photos, history, the watchlist, bids. */
export const itemCalls = {
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
};
