import {
  checkinParams,
  checkinRequest,
  checkinResponse,
  checkinsQuery,
  checkinsResponse,
  deskCardRequest,
  deskCardResponse,
  walkupRequest,
  walkupResponse,
} from '../console-checkin';
import { consoleEventParams } from '../console-events';
import { consolePlainResponse } from '../console-staff';
import { contract } from '../contract';

/** The console's check-in calls (tag `console`, auction night). */
export const consoleCheckinCalls = {
  'GET /console/events/:eventcode/checkins': contract({
    method: 'GET',
    path: '/console/events/:eventcode/checkins',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      'The check-in desk: the counters (checked in of registered, with a card or without) and the bidders `q` finds (a name, an email, phone digits, a bidder number, a scanned check-in code `gavel-bidder:<number>`, or a store order number `S-<id>`), at most 25',
    params: consoleEventParams,
    query: checkinsQuery,
    response: checkinsResponse,
  }),
  'POST /console/events/:eventcode/checkins': contract({
    method: 'POST',
    path: '/console/events/:eventcode/checkins',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      'Check a bidder in (the time and the staff member); a bidder already checked in is answered as they are, nothing written',
    params: consoleEventParams,
    body: checkinRequest,
    response: checkinResponse,
  }),
  'DELETE /console/events/:eventcode/checkins/:bidderid': contract({
    method: 'DELETE',
    path: '/console/events/:eventcode/checkins/:bidderid',
    access: 'staff:volunteer',
    tags: ['console'],
    summary: 'Undo a check-in (audited with when and by whom it was made)',
    params: checkinParams,
    response: checkinResponse,
  }),
  'POST /console/events/:eventcode/walkups': contract({
    method: 'POST',
    path: '/console/events/:eventcode/walkups',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      "A walk-up: a bidder added with the next free number (the add-bidder rules: 400 for an email already here or another person's, 409 `conflict` for a look-alike unless `confirm`), checked in, and sent a sign-in link by email and text",
    params: consoleEventParams,
    body: walkupRequest,
    response: walkupResponse,
  }),
  'POST /console/events/:eventcode/bidders/:bidderid/card': contract({
    method: 'POST',
    path: '/console/events/:eventcode/bidders/:bidderid/card',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      "Save a card typed at the desk into the event's card form (its `processortoken`) as the bidder's card on file; an `Idempotency-Key` makes a retry save one card",
    params: checkinParams,
    body: deskCardRequest,
    response: deskCardResponse,
  }),
  'POST /console/events/:eventcode/bidders/:bidderid/card-link': contract({
    method: 'POST',
    path: '/console/events/:eventcode/bidders/:bidderid/card-link',
    access: 'staff:volunteer',
    tags: ['console'],
    summary: 'Send the bidder a sign-in link to their card page by email and text, to add a card on their phone',
    params: checkinParams,
    response: consolePlainResponse,
  }),
};
