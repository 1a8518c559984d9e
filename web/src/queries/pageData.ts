import type { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_ID, pageData, type PageData } from '@gavel/domain';
import { decodeAnswer } from '../api/client';
import { eventcodeOfPath, validateStoredToken } from '../session/token';
import { keys } from './keys';

/**
 * How far apart the page's server time and this phone's clock may be for the page's data to count
 * as just sent. A page further off is a kept copy (the service worker's, for a visit without a
 * network) or a phone whose clock is wrong: its data is shown, and fetched again at once.
 */
const FRESH_MS = 30_000;

/** What was seeded from the page, to be fetched again once the live connection is up. */
const seeded: Array<readonly unknown[]> = [];

/**
 * Called when the live connection first comes up: what the page carried was made before it, so a
 * bid placed in between was never heard. Fetched again once the first screen has settled (most
 * likely unchanged, and then nothing draws again).
 */
export function refreshSeeded(client: QueryClient): void {
  const queryKeys = seeded.splice(0);
  if (queryKeys.length === 0) return;
  const refresh = () => {
    for (const queryKey of queryKeys) void client.invalidateQueries({ queryKey, exact: true });
  };
  if ('requestIdleCallback' in window) requestIdleCallback(refresh, { timeout: 2_000 });
  else setTimeout(refresh, 500);
}

/** The data the server wrote into the page (server/src/lib/page-data.ts), or null. */
export function readPageData(doc: Document = document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  return pageData.safeParse(json).data ?? null;
}

/** When the page's HTML arrived, on this phone's clock: the moment the event answer was received. */
function pageReceivedAt(now: number): number {
  const [navigation] = performance.getEntriesByType('navigation');
  const responseStart = navigation && 'responseStart' in navigation ? Number(navigation.responseStart) : 0;
  return responseStart > 0 ? Math.round(performance.timeOrigin + responseStart) : now;
}

/**
 * Seeds the query cache, before the first render, with the answers written into the page, so the
 * event home and the item list draw at once. They are a starting point: the queries keep their
 * own freshness and refetch as they would after a fetch, and a page that is not fresh (a kept copy)
 * is refetched as soon as it is shown. The guest's item answers go in only for a guest of the
 * page's event (an item's photos for anyone); a signed-in bidder's answers carry their own fields
 * and are always fetched.
 */
export function seedFromPage(client: QueryClient, data: PageData | null = readPageData(), now = Date.now()): void {
  const eventcode = eventcodeOfPath(window.location.pathname);
  if (!data || data.eventcode.toLowerCase() !== eventcode) return;
  const event = decodeAnswer('POST /event', data.event);
  if (!event) return;
  const sentAt = Date.parse(event.servertime);
  const fresh = Math.abs(now - sentAt) < FRESH_MS;
  const updatedAt = fresh ? now : 0;
  // A kept copy's time says nothing of this phone's clock: no skew until the event is fetched again.
  const receivedAt = fresh ? pageReceivedAt(now) : sentAt;
  const seed = (queryKey: readonly unknown[], value: unknown, live = true) => {
    client.setQueryData(queryKey, value, { updatedAt });
    if (live) seeded.push(queryKey);
  };
  // Not fetched again when the live connection comes up: no bid changes the event, and a new object
  // (its time is new each time) would draw every screen that reads it again, the item list card by
  // card, in one long task. A kept copy's is stale, and fetched as soon as it is shown.
  seed(keys.event(eventcode), { ...event, receivedAt }, false);

  const item = decodeAnswer('POST /itemdetails', data.item)?.item;
  // An item's photos are the same for everyone, and no bid changes them.
  const photos = item && decodeAnswer('POST /itemphotos', data.photos);
  if (item && photos) seed(keys.photos(eventcode, item.itemid), photos.itemphotos, false);

  if (!validateStoredToken(eventcode, new Date(now))?.isguest) return;
  const items = decodeAnswer('POST /auctionitems', data.items);
  if (items) seed(keys.items(eventcode), items.auctionitems);
  if (item) seed(keys.item(eventcode, item.itemid), item);
}
