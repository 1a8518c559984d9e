import {
  consoleCloseAnswer,
  consoleCloseRequest,
  consoleCloseResponse,
  consoleExtendAnswer,
  consoleExtendRequest,
  consoleReopenAnswer,
  consoleReopenRequest,
} from '../console-close';
import { consoleEventParams } from '../console-events';
import { consoleItemParams } from '../console-items';
import { contract } from '../contract';

/** The console's close calls (tag `console`, auction night). */
export const consoleCloseCalls = {
  'GET /console/events/:eventcode/close': contract({
    method: 'GET',
    path: '/console/events/:eventcode/close',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      "The close panel: each location's closing time and open items, bids a minute, the total raised, items without bids, and who is winning what",
    params: consoleEventParams,
    response: consoleCloseResponse,
  }),
  'POST /console/events/:eventcode/close': contract({
    method: 'POST',
    path: '/console/events/:eventcode/close',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      'Close now every item, a location or one item: winners are recorded as the closing job records them; `preview` counts what would close and writes nothing',
    params: consoleEventParams,
    body: consoleCloseRequest,
    response: consoleCloseAnswer,
  }),
  'POST /console/events/:eventcode/extend': contract({
    method: 'POST',
    path: '/console/events/:eventcode/extend',
    access: 'staff:staff',
    tags: ['console'],
    summary: 'Push the close of the open items of every item, a location or one item by 1 to 240 minutes',
    params: consoleEventParams,
    body: consoleExtendRequest,
    response: consoleExtendAnswer,
  }),
  'POST /console/events/:eventcode/items/:itemnum/reopen': contract({
    method: 'POST',
    path: '/console/events/:eventcode/items/:itemnum/reopen',
    access: 'staff:owner',
    tags: ['console'],
    summary:
      'Reopen an item closed by mistake, within 30 minutes of its close and before it is paid for: its win is undone (its leader still leads) and it closes again in `minutes` (10)',
    params: consoleItemParams,
    body: consoleReopenRequest,
    response: consoleReopenAnswer,
  }),
};
