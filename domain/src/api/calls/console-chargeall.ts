import {
  chargeAllRequest,
  chargeAllResponse,
  chargeRunParams,
  chargeRunResponse,
  chargeRunsResponse,
  payLinksRequest,
  payLinksResponse,
} from '../console-chargeall';
import { consoleEventParams } from '../console-events';
import { contract } from '../contract';
import { payLinkCalls } from './paylink';

/** The console's charge-all calls (tag `console`, auction night; the owner's), and the pay link they send. */
export const consoleChargeAllCalls = {
  'POST /console/events/:eventcode/charge-all': contract({
    method: 'POST',
    path: '/console/events/:eventcode/charge-all',
    access: 'staff:owner',
    tags: ['console'],
    summary:
      'Charge all saved cards. preview true: the bidders a run would charge (count, total) and those skipped and why; preview false, with an Idempotency-Key: start the run (a background job) and answer its runid. 409 naming the run while another is running',
    params: consoleEventParams,
    body: chargeAllRequest,
    response: chargeAllResponse,
  }),
  'GET /console/events/:eventcode/charge-all': contract({
    method: 'GET',
    path: '/console/events/:eventcode/charge-all',
    access: 'staff:owner',
    tags: ['console'],
    summary:
      "The event's charge-all runs, latest first, and the follow-up list: bidders whose card was declined (or needs confirming) in their latest run, with whether a pay link was sent",
    params: consoleEventParams,
    response: chargeRunsResponse,
  }),
  'GET /console/events/:eventcode/charge-all/:runid': contract({
    method: 'GET',
    path: '/console/events/:eventcode/charge-all/:runid',
    access: 'staff:owner',
    tags: ['console'],
    summary: 'One run: running or done, the counts, and each bidder’s result (paid, declined with the reason, ...)',
    params: chargeRunParams,
    response: chargeRunResponse,
  }),
  'POST /console/events/:eventcode/charge-all/:runid/pay-links': contract({
    method: 'POST',
    path: '/console/events/:eventcode/charge-all/:runid/pay-links',
    access: 'staff:owner',
    tags: ['console'],
    summary:
      'Text and email each bidder a pay link: it opens their checkout on the phone, signed in for paying only, until paid or 72 hours',
    params: chargeRunParams,
    body: payLinksRequest,
    response: payLinksResponse,
  }),
  ...payLinkCalls,
};
