import {
  archiveEventRequest,
  consoleEventDetail,
  consoleEventParams,
  consoleEventResponse,
  consoleEventsResponse,
  createEventRequest,
  eventExport,
  eventSettingsFields,
} from '../console-events';
import { contract } from '../contract';

/** The console's events calls (tag `console`). */
export const consoleEventCalls = {
  'GET /console/events': contract({
    method: 'GET',
    path: '/console/events',
    access: 'staff:volunteer',
    tags: ['console'],
    summary: "The organization's events, archived ones included (flagged), with their state and counts",
    response: consoleEventsResponse,
  }),
  'POST /console/events': contract({
    method: 'POST',
    path: '/console/events',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      "Create an event (code, name, zone, times; the rest the import's defaults), or copy one (`copyfrom`) with its items and store but no bids, orders or bidders",
    body: createEventRequest,
    response: consoleEventResponse,
  }),
  'GET /console/events/:eventcode': contract({
    method: 'GET',
    path: '/console/events/:eventcode',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      "An event's settings as the import document's `event` (secret keys never: only whether one is saved), its state and counts",
    params: consoleEventParams,
    response: consoleEventDetail,
  }),
  'PUT /console/events/:eventcode': contract({
    method: 'PUT',
    path: '/console/events/:eventcode',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      "Save an event's settings (the import's `event` fields and rules; a secret sent empty keeps the saved one; payment fields need an owner)",
    params: consoleEventParams,
    body: eventSettingsFields,
    response: consoleEventDetail,
  }),
  'PUT /console/events/:eventcode/archive': contract({
    method: 'PUT',
    path: '/console/events/:eventcode/archive',
    access: 'staff:staff',
    tags: ['console'],
    summary: "Archive an event (it leaves the console's current events; bidders are unaffected) or bring it back",
    params: consoleEventParams,
    body: archiveEventRequest,
    response: consoleEventResponse,
  }),
  'POST /console/events/:eventcode/open-bidding': contract({
    method: 'POST',
    path: '/console/events/:eventcode/open-bidding',
    access: 'staff:staff',
    tags: ['console'],
    summary: 'Open bidding now (and the event, if it has not opened yet)',
    params: consoleEventParams,
    response: consoleEventDetail,
  }),
  'GET /console/events/:eventcode/export': contract({
    method: 'GET',
    path: '/console/events/:eventcode/export',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      'The event as the import document (organization, event, items, store), as a JSON file the import takes back; secret keys left empty',
    params: consoleEventParams,
    response: eventExport,
  }),
};
