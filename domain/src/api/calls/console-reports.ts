import {
  bidsOverTimeResponse,
  itemsReportQuery,
  itemsReportResponse,
  paymentsReportResponse,
  pickupsReportQuery,
  pickupsReportResponse,
  reportQuery,
  summaryResponse,
  unpaidResponse,
} from '../console-reports';
import { consoleEventParams } from '../console-events';
import { contract } from '../contract';

const csvNote = '; `format=csv` answers a spreadsheet (text/csv) instead';

/** The console's reports calls (tag `console`, after the night): staff and owners. */
export const consoleReportsCalls = {
  'GET /console/events/:eventcode/reports/summary': contract({
    method: 'GET',
    path: '/console/events/:eventcode/reports/summary',
    access: 'staff:staff',
    tags: ['console'],
    summary: `Raised by source, collected and outstanding, by payment method, and refunds: reconciles with the payments ledger${csvNote}`,
    params: consoleEventParams,
    query: reportQuery,
    response: summaryResponse,
  }),
  'GET /console/events/:eventcode/reports/items': contract({
    method: 'GET',
    path: '/console/events/:eventcode/reports/items',
    access: 'staff:staff',
    tags: ['console'],
    summary: `Each item's winner, amount, value, percent of value and bids, unsold and no-bid items; by location${csvNote}`,
    params: consoleEventParams,
    query: itemsReportQuery,
    response: itemsReportResponse,
  }),
  'GET /console/events/:eventcode/reports/unpaid': contract({
    method: 'GET',
    path: '/console/events/:eventcode/reports/unpaid',
    access: 'staff:staff',
    tags: ['console'],
    summary: `Unpaid balances with the bidders' email and phone, largest first${csvNote}`,
    params: consoleEventParams,
    query: reportQuery,
    response: unpaidResponse,
  }),
  'GET /console/events/:eventcode/reports/payments': contract({
    method: 'GET',
    path: '/console/events/:eventcode/reports/payments',
    access: 'staff:staff',
    tags: ['console'],
    summary: `Every payment (a refund negative), its method and who took it, with totals by method and by person${csvNote}`,
    params: consoleEventParams,
    query: reportQuery,
    response: paymentsReportResponse,
  }),
  'GET /console/events/:eventcode/reports/pickups': contract({
    method: 'GET',
    path: '/console/events/:eventcode/reports/pickups',
    access: 'staff:staff',
    tags: ['console'],
    summary: `Won items collected and not, by location${csvNote}`,
    params: consoleEventParams,
    query: pickupsReportQuery,
    response: pickupsReportResponse,
  }),
  'GET /console/events/:eventcode/reports/bids-over-time': contract({
    method: 'GET',
    path: '/console/events/:eventcode/reports/bids-over-time',
    access: 'staff:staff',
    tags: ['console'],
    summary: `Bids per minute across the night, on the event's clock${csvNote}`,
    params: consoleEventParams,
    query: reportQuery,
    response: bidsOverTimeResponse,
  }),
};
