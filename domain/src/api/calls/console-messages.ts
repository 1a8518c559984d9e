import { messageRequest, messageResponse, messagesResponse } from '../console-messages';
import { consoleEventParams } from '../console-events';
import { contract } from '../contract';

/** The console's messages calls (tag `console`, issue 30): staff and owners. */
export const consoleMessagesCalls = {
  'POST /console/events/:eventcode/messages': contract({
    method: 'POST',
    path: '/console/events/:eventcode/messages',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      'Send a message to an audience (all bidders, checked in, not checked in, winners, unpaid winners, store buyers, registered guests) by email, text or both, merge fields filled per person. preview true: the count, who is left out and why, and one rendered example; nothing is written. A send with an Idempotency-Key is sent once: the same key again answers the message it sent (422 for another message)',
    params: consoleEventParams,
    body: messageRequest,
    response: messageResponse,
  }),
  'GET /console/events/:eventcode/messages': contract({
    method: 'GET',
    path: '/console/events/:eventcode/messages',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      "The event's messages, latest first: when, who sent it, to whom, and its delivery counts (pending, sent, delivered, failed, opted out, dev mailbox)",
    params: consoleEventParams,
    response: messagesResponse,
  }),
} as const;
