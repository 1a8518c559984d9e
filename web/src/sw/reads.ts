import { tokenPayload } from '../session/token';

/**
 * What the service worker keeps of the API, and how it files it. Imported by the worker and by the
 * page (which empties the cache at sign-out), so it imports nothing heavy: the worker counts in the
 * first load's script budget.
 */

/** Where the bidder's earlier answers are kept, by caller and body (reads only). */
export const READS_CACHE = 'gavel-reads';

/**
 * The bidder app's read-only calls whose last answers are kept for a phone that loses its
 * connection: the event, the item list and an item's page. Named one by one, so that a write can
 * never be answered from a copy: bids, Buy It Now, the cart, payments and account changes are not
 * here, nor is any call the worker does not know.
 */
export const KEPT_READS: readonly string[] = [
  'POST /event',
  'POST /privacypolicy',
  'POST /auctionitems',
  'POST /itemdetails',
  'POST /itemphotos',
  'POST /bidhistory',
  'POST /itemoverview',
  'GET /userprofile',
];

/** The call a request to the API makes ('POST /event'), or null for any other address. */
export function callOf(method: string, url: URL, apiBase = '/api'): string | null {
  if (!url.pathname.startsWith(`${apiBase}/`)) return null;
  return `${method.toUpperCase()} ${url.pathname.slice(apiBase.length)}`;
}

export function isKeptRead(method: string, url: URL): boolean {
  const call = callOf(method, url);
  return call !== null && KEPT_READS.includes(call);
}

/**
 * Whose answer this is: the bearer token's subject and event (read, not verified: the copy is only
 * ever given back to a request carrying a token of the same subject), 'anonymous' without a token,
 * and null when a token cannot be read (such an answer is not kept).
 */
export function callerOf(authorization: string | null): string | null {
  if (!authorization) return 'anonymous';
  const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  const payload = token ? tokenPayload(token) : null;
  if (!payload) return null;
  const { sub, eventcode } = payload;
  if (typeof sub !== 'string' || typeof eventcode !== 'string') return null;
  return `${eventcode.toLowerCase()}:${sub}`;
}

/**
 * The address a kept answer is filed under: the call's own address with its method, caller and
 * body in the query. The Cache API keeps GET requests only, and a POST's answer depends on its
 * body; the caller keeps one bidder's standing from being shown to another on the same phone.
 */
export function readKey({ url, method, caller, body }: { url: URL; method: string; caller: string; body: string }) {
  const key = new URL(url.pathname, url.origin);
  key.searchParams.set('gavel-read', `${method.toUpperCase()} ${caller} ${body}`);
  return key.href;
}
