import { consoleEventParams } from '../console-events';
import {
  bidSheetsQuery,
  emailStatementsRequest,
  emailStatementsResponse,
  pdfFileResponse,
  printableBidderParams,
  statementQuery,
} from '../console-printables';
import { contract } from '../contract';

/**
 * The console's printables calls (tag `console`, issue 30): PDFs made on the server, and statements
 * emailed with their PDF attached. A receipt is printed at the checkout desk, so a volunteer may
 * make one (as the desk's own receipt); statements, which may cover other events of the year, and
 * everything printed for the whole event are staff's.
 */
export const consolePrintablesCalls = {
  'GET /console/events/:eventcode/printables/bid-sheets.pdf': contract({
    method: 'GET',
    path: '/console/events/:eventcode/printables/bid-sheets.pdf',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      'Bid sheets (application/pdf): one page per item, or per item of `location`: number, name, donor, description, value, starting bid, increment, lines for paper bids and a QR code opening the item on a phone',
    params: consoleEventParams,
    query: bidSheetsQuery,
    response: pdfFileResponse,
  }),
  'GET /console/events/:eventcode/printables/badges.pdf': contract({
    method: 'GET',
    path: '/console/events/:eventcode/printables/badges.pdf',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      'Bidder badges (application/pdf), six a page: name, bidder number and a QR code of a sign-in link (one use, until a day after bidding closes): each badge is a credential',
    params: consoleEventParams,
    response: pdfFileResponse,
  }),
  'GET /console/events/:eventcode/printables/table-cards.pdf': contract({
    method: 'GET',
    path: '/console/events/:eventcode/printables/table-cards.pdf',
    access: 'staff:staff',
    tags: ['console'],
    summary: "Table cards (application/pdf), two a page: the event's QR code and short link",
    params: consoleEventParams,
    response: pdfFileResponse,
  }),
  'GET /console/events/:eventcode/printables/statements.pdf': contract({
    method: 'GET',
    path: '/console/events/:eventcode/printables/statements.pdf',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      "Every giving bidder's statement in one PDF (application/pdf), for the event or the calendar year (`scope`)",
    params: consoleEventParams,
    query: statementQuery,
    response: pdfFileResponse,
  }),
  'POST /console/events/:eventcode/printables/statements/email': contract({
    method: 'POST',
    path: '/console/events/:eventcode/printables/statements/email',
    access: 'staff:staff',
    tags: ['console'],
    summary:
      'Email statements now, each with its PDF attached: to one bidder (`bidderid`) or to every bidder of the event who gave something; answers how many were queued. With an Idempotency-Key they are emailed once: the same key again answers the first send (422 for another request)',
    params: consoleEventParams,
    body: emailStatementsRequest,
    response: emailStatementsResponse,
  }),
  'GET /console/events/:eventcode/bidders/:bidderid/receipt.pdf': contract({
    method: 'GET',
    path: '/console/events/:eventcode/bidders/:bidderid/receipt.pdf',
    access: 'staff:volunteer',
    tags: ['console'],
    summary:
      "The bidder's tax receipt for this event (application/pdf): per line the amount, the value received and the deductible part, the total deductible, and the statement when due",
    params: printableBidderParams,
    response: pdfFileResponse,
  }),
  'GET /console/events/:eventcode/bidders/:bidderid/statement.pdf': contract({
    method: 'GET',
    path: '/console/events/:eventcode/bidders/:bidderid/statement.pdf',
    access: 'staff:staff',
    tags: ['console'],
    summary: "The bidder's giving statement (application/pdf) for the event or the calendar year (`scope`)",
    params: printableBidderParams,
    query: statementQuery,
    response: pdfFileResponse,
  }),
};
