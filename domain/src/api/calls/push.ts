import { pushKeyResponse, pushSubscriptionRequest, pushSubscriptionResponse, pushUnsubscribeRequest } from '../push';
import { contract } from '../contract';

/** Web Push (docs/push.md): the server's public key, and this device's subscription. */
export const pushCalls = {
  'GET /pushkey': contract({
    method: 'GET',
    path: '/pushkey',
    access: 'bidder',
    tags: ['push'],
    summary: "The server's VAPID public key, for the browser's pushManager.subscribe",
    response: pushKeyResponse,
  }),
  'POST /pushsubscription': contract({
    method: 'POST',
    path: '/pushsubscription',
    access: 'bidder',
    tags: ['push'],
    summary: "Keep this device's push subscription for the signed-in account (moved to it if another had it)",
    body: pushSubscriptionRequest,
    response: pushSubscriptionResponse,
  }),
  'DELETE /pushsubscription': contract({
    method: 'DELETE',
    path: '/pushsubscription',
    access: 'bidder',
    tags: ['push'],
    summary: "Forget this device's push subscription (only the caller's own)",
    body: pushUnsubscribeRequest,
    response: pushSubscriptionResponse,
  }),
};
