import { z } from 'zod';
import { INT4_MAX } from '../bounds';
import { codeSchema } from './common';

/**
 * The event's public data, written by the server into the bidder app's page (server/src/lib/page-data.ts)
 * so the first screen draws without waiting for a round trip; the web seeds its query cache from it
 * (web/src/queries/pageData.ts) and treats it as a starting point, refreshed online.
 */
export const PAGE_DATA_ID = 'gavel-page-data';

/**
 * Answers of calls as the wire carries them (dollars), each decoded by the web with the same call's
 * answer schema, and each what the call answers a guest: nothing of any bidder's.
 */
export const pageData = z.object({
  eventcode: z.string(),
  /** POST /event's answer. */
  event: z.unknown(),
  /** POST /auctionitems' answer to a guest (with includethumbnail), on the item list of an event of few items. */
  items: z.unknown().optional(),
  /** POST /itemdetails' answer to a guest, on an item's page. */
  item: z.unknown().optional(),
  /** POST /itemphotos' answer, on an item's page. */
  photos: z.unknown().optional(),
});
export type PageData = z.infer<typeof pageData>;

/** The bidder pages whose data goes into the page: which event, and the item list or which item. */
export interface PageDataRoute {
  eventcode: string;
  view: 'event' | 'items' | 'item';
  itemid?: number;
}

/** What a bidder page's address asks for: `/{eventcode}…`, its item list, or one of its items; null for any other path. */
export function pageDataRoute(pathname: string): PageDataRoute | null {
  const [first, second, third, ...rest] = pathname.split('/').slice(1);
  let decoded: string;
  try {
    decoded = decodeURIComponent(first ?? '');
  } catch {
    return null;
  }
  const code = codeSchema.safeParse(decoded);
  if (!code.success) return null;
  const eventcode = code.data;
  const tail = [third, ...rest].filter((part) => part !== undefined && part !== '');
  if (second !== 'auction-items') return { eventcode, view: 'event' };
  if (tail.length === 0) return { eventcode, view: 'items' };
  const itemid = Number(third);
  return tail.length === 1 && Number.isInteger(itemid) && itemid > 0 && itemid <= INT4_MAX
    ? { eventcode, view: 'item', itemid }
    : { eventcode, view: 'event' };
}
