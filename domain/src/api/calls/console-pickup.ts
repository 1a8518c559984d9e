import {
  collectPickupRequest,
  collectPickupResponse,
  consolePickupParams,
  consolePickupResponse,
  pickupListQuery,
  pickupListResponse,
  pickupQrQuery,
} from '../console-pickup';
import { consoleEventParams } from '../console-events';
import { consolePlainResponse } from '../console-staff';
import { contract } from '../contract';

/** The console's pickup calls (tag `console`, auction night), and the pickup code's QR the receipts show. */
export const consolePickupCalls = {
  'GET /console/events/:eventcode/pickups/:code': contract({
    method: 'GET',
    path: '/console/events/:eventcode/pickups/:code',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      'A pickup code (typed or scanned from the receipt): the bidder and the items they won, by location, each paid or not and collected or not; 404 for a code nobody in the event has',
    params: consolePickupParams,
    response: consolePickupResponse,
  }),
  'POST /console/events/:eventcode/pickups/:code': contract({
    method: 'POST',
    path: '/console/events/:eventcode/pickups/:code',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      "Mark the bidder's items collected (when, by whom; audited). Items not paid for are refused (409) unless `override` (staff or owner); items already collected are answered as such and left as they were; another bidder's items are refused (400)",
    params: consolePickupParams,
    body: collectPickupRequest,
    response: collectPickupResponse,
  }),
  'GET /console/events/:eventcode/pickups': contract({
    method: 'GET',
    path: '/console/events/:eventcode/pickups',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      'The pickup list: every won item with its bidder, paid or not and collected or not, by location; filter by `location` and `collected`',
    params: consoleEventParams,
    query: pickupListQuery,
    response: pickupListResponse,
  }),
  'GET /pickupqr': contract({
    method: 'GET',
    path: '/pickupqr',
    access: 'public',
    tags: ['orders'],
    summary:
      "A pickup code's QR as a PNG image (the receipt email and the order history show it); only a pickup code's spelling is drawn, never other text. The answer is the image, not JSON",
    query: pickupQrQuery,
    response: consolePlainResponse,
  }),
};
