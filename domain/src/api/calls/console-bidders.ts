import {
  addConsoleBidderRequest,
  consoleBidderParams,
  consoleBidderResponse,
  consoleBiddersQuery,
  consoleBiddersResponse,
  updateConsoleBidderRequest,
} from '../console-bidders';
import { consoleEventParams } from '../console-events';
import { consolePlainResponse } from '../console-staff';
import { contract } from '../contract';

/** The console's bidders calls (tag `console`). */
export const consoleBidderCalls = {
  'GET /console/events/:eventcode/bidders': contract({
    method: 'GET',
    path: '/console/events/:eventcode/bidders',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      "The event's bidders by number; `q` finds part of a name, an email or a phone number (digits), or a bidder number",
    params: consoleEventParams,
    query: consoleBiddersQuery,
    response: consoleBiddersResponse,
  }),
  'POST /console/events/:eventcode/bidders': contract({
    method: 'POST',
    path: '/console/events/:eventcode/bidders',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      'Add a bidder who has no phone (no password: they sign in by an emailed link). An email with an account registers that account; 400 for a taken number or an email already here; 409 `conflict` when the event has a bidder of the same name (and phone), unless `confirm`',
    params: consoleEventParams,
    body: addConsoleBidderRequest,
    response: consoleBidderResponse,
  }),
  'PUT /console/events/:eventcode/bidders/:bidderid': contract({
    method: 'PUT',
    path: '/console/events/:eventcode/bidders/:bidderid',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      'Allow or stop bidding; give a new bidder number (409 naming who has or had it: a number is never given to another person)',
    params: consoleBidderParams,
    body: updateConsoleBidderRequest,
    response: consoleBidderResponse,
  }),
  'POST /console/events/:eventcode/bidders/:bidderid/link': contract({
    method: 'POST',
    path: '/console/events/:eventcode/bidders/:bidderid/link',
    access: 'staff:staff',
    tags: ['console'],
    summary: 'Email the bidder a sign-in link (and a link to choose a password)',
    params: consoleBidderParams,
    response: consolePlainResponse,
  }),
};
