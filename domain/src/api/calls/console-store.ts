import { contract } from '../contract';
import { consoleStoreParams, consoleStoreRequest, consoleStoreResponse } from '../console-store';

/** The console's store calls (tag `console`): the event's store as the import document's `store`. */
export const consoleStoreCalls = {
  'GET /console/events/:eventcode/store': contract({
    method: 'GET',
    path: '/console/events/:eventcode/store',
    access: 'staff:volunteer',
    tags: ['console'],
    summary: "The event's store as the import document's `store`, with what each item has sold",
    params: consoleStoreParams,
    response: consoleStoreResponse,
  }),
  'PUT /console/events/:eventcode/store': contract({
    method: 'PUT',
    path: '/console/events/:eventcode/store',
    access: 'staff:staff',
    tags: ['console'],
    summary: "Saves the event's whole store (the import's rules and refusals); all or nothing",
    params: consoleStoreParams,
    body: consoleStoreRequest,
    response: consoleStoreResponse,
  }),
};
