import { eventRequest, eventResponse, healthResponse, privacyPolicyRequest, privacyPolicyResponse } from '../event';
import { contract } from '../contract';

/** The event as anyone sees it, and the health check. */
export const eventCalls = {
  'GET /health': contract({
    method: 'GET',
    path: '/health',
    access: 'public',
    tags: ['system'],
    summary: 'Version and database check',
    response: healthResponse,
  }),

  'POST /event': contract({
    method: 'POST',
    path: '/event',
    access: 'event',
    tags: ['event'],
    summary: 'The event: names, messages, times, options and the derived eventflag',
    body: eventRequest,
    response: eventResponse,
  }),
  'POST /privacypolicy': contract({
    method: 'POST',
    path: '/privacypolicy',
    access: 'event',
    tags: ['event'],
    summary: "The event's privacy policy (sanitized HTML)",
    body: privacyPolicyRequest,
    response: privacyPolicyResponse,
  }),
};
