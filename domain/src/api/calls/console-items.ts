import { plainResponse } from '../accounts';
import { contract } from '../contract';
import {
  consoleClosingRequest,
  consoleClosingResponse,
  consoleImportQuery,
  consoleImportResponse,
  consoleItemParams,
  consoleItemPhotosRequest,
  consoleItemPhotosResponse,
  consoleItemResponse,
  consoleItemsResponse,
} from '../console-items';
import { consoleEventParams } from '../console-events';
import { importItem } from '../../import/schema';

/**
 * The console's items calls (tag `console`). `closing` and `import` are words of these paths, so
 * the console gives no item those numbers (console/csv-items.ts RESERVED_ITEMNUMS).
 */
export const consoleItemCalls = {
  'GET /console/events/:eventcode/items': contract({
    method: 'GET',
    path: '/console/events/:eventcode/items',
    access: 'staff:volunteer',
    tags: ['console'],
    summary: "The event's items for the items table, with bids, closing times and photo counts",
    params: consoleEventParams,
    response: consoleItemsResponse,
  }),
  'POST /console/events/:eventcode/items': contract({
    method: 'POST',
    path: '/console/events/:eventcode/items',
    access: 'staff:staff',
    tags: ['console'],
    summary: "Add an item: the import document's item fields, in dollars",
    params: consoleEventParams,
    body: importItem,
    response: consoleItemResponse,
  }),
  'PUT /console/events/:eventcode/items/closing': contract({
    method: 'PUT',
    path: '/console/events/:eventcode/items/closing',
    access: 'staff:staff',
    tags: ['console'],
    summary: 'Set the closing time of some items, or of every item at a location (null: the event’s close)',
    params: consoleEventParams,
    body: consoleClosingRequest,
    response: consoleClosingResponse,
  }),
  'POST /console/events/:eventcode/items/import': contract({
    method: 'POST',
    path: '/console/events/:eventcode/items/import',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      'Import items from a CSV file (body text/csv; columns named as the item fields): every problem by row and column, all or nothing; dryrun=1 writes nothing',
    params: consoleEventParams,
    query: consoleImportQuery,
    response: consoleImportResponse,
  }),
  'GET /console/events/:eventcode/items/:itemnum': contract({
    method: 'GET',
    path: '/console/events/:eventcode/items/:itemnum',
    access: 'staff:volunteer',
    tags: ['console'],
    summary: "One item as the import document's item fields, with its photos and bids",
    params: consoleItemParams,
    response: consoleItemResponse,
  }),
  'PUT /console/events/:eventcode/items/:itemnum': contract({
    method: 'PUT',
    path: '/console/events/:eventcode/items/:itemnum',
    access: 'staff:staff',
    tags: ['console'],
    summary: "Change an item: the import document's item fields, in dollars (photos as the list given)",
    params: consoleItemParams,
    body: importItem,
    response: consoleItemResponse,
  }),
  'DELETE /console/events/:eventcode/items/:itemnum': contract({
    method: 'DELETE',
    path: '/console/events/:eventcode/items/:itemnum',
    access: 'staff:staff',
    tags: ['console'],
    summary: 'Retire an item that has no bids and no sales: bidders no longer see it',
    params: consoleItemParams,
    response: plainResponse,
  }),
  'POST /console/events/:eventcode/items/:itemnum/photos': contract({
    method: 'POST',
    path: '/console/events/:eventcode/items/:itemnum/photos',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      'Add photos (multipart/form-data, one or more parts named file: JPEG, PNG, WebP or GIF, at most 10 MB each)',
    params: consoleItemParams,
    response: consoleItemPhotosResponse,
  }),
  'PUT /console/events/:eventcode/items/:itemnum/photos': contract({
    method: 'PUT',
    path: '/console/events/:eventcode/items/:itemnum/photos',
    access: 'staff:staff',
    tags: ['console'],
    summary: "Order the item's photos (the list's order), remove those left out, and choose the card's image",
    params: consoleItemParams,
    body: consoleItemPhotosRequest,
    response: consoleItemPhotosResponse,
  }),
};
