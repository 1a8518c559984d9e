import { consoleEventParams } from '../console-events';
import {
  liveEntryParams,
  liveEntryResponse,
  liveSaleRequest,
  liveSalesResponse,
  pledgeRequest,
  pledgesQuery,
  pledgesResponse,
} from '../console-live';
import { consolePlainResponse } from '../console-staff';
import { contract } from '../contract';

/** The console's live calls (tag `console`, auction night): live sales and fund-a-need pledges. */
export const consoleLiveCalls = {
  'GET /console/events/:eventcode/live-sales': contract({
    method: 'GET',
    path: '/console/events/:eventcode/live-sales',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      'The live-only items in number order with their sales, the next item with units left (the queue), and the newest sales',
    params: consoleEventParams,
    response: liveSalesResponse,
  }),
  'POST /console/events/:eventcode/live-sales': contract({
    method: 'POST',
    path: '/console/events/:eventcode/live-sales',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      "Enter a live sale: the item is won by the bidder (their cart has it at once). 404 for an unknown item or bidder number; 409 for an item sold out or without enough units; 409 with a problem at `override` for what staff may save anyway (`override: true`, audited): not a live item, below the starting bid, bidding stopped. Takes an `Idempotency-Key` (kept under the bidder's)",
    params: consoleEventParams,
    body: liveSaleRequest,
    response: liveEntryResponse,
  }),
  'DELETE /console/events/:eventcode/live-sales/:id': contract({
    method: 'DELETE',
    path: '/console/events/:eventcode/live-sales/:id',
    access: 'staff:staff',
    tags: ['console'],
    summary: 'Undo a live sale (409 once it is in an order): its units are for sale again',
    params: liveEntryParams,
    response: consolePlainResponse,
  }),
  'GET /console/events/:eventcode/pledges': contract({
    method: 'GET',
    path: '/console/events/:eventcode/pledges',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      "The fund-a-need items, and one item's running total, count, pledges per level and newest pledges (`itemnum`; left out: the first item)",
    params: consoleEventParams,
    query: pledgesQuery,
    response: pledgesResponse,
  }),
  'POST /console/events/:eventcode/pledges': contract({
    method: 'POST',
    path: '/console/events/:eventcode/pledges',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      "A paddle raised at a fund-a-need: a pledge on the bidder's balance. 404 for an unknown item or bidder number; 409 for an item that is not a fund-a-need. Takes an `Idempotency-Key` (kept under the bidder's)",
    params: consoleEventParams,
    body: pledgeRequest,
    response: liveEntryResponse,
  }),
  'DELETE /console/events/:eventcode/pledges/:id': contract({
    method: 'DELETE',
    path: '/console/events/:eventcode/pledges/:id',
    access: 'staff:staff',
    tags: ['console'],
    summary: 'Undo a pledge (409 once it is paid at the desk)',
    params: liveEntryParams,
    response: consolePlainResponse,
  }),
};
