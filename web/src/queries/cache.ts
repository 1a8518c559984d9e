import type { QueryClient } from '@tanstack/react-query';
import type { AnswerOf, AuctionItem, BidderNotice, LiveBidEntry } from '@gavel/domain';
import { keys } from './keys';

/**
 * Patches of cached answers, from bid answers and live messages: a page updates from what the
 * message carries instead of fetching again.
 */
type HistoryEntries = AnswerOf<'POST /bidhistory'>['entries'];

/** Puts a fresh copy of one item (whole, or the public part that changed) into every cached view of it. */
export function patchItem(client: QueryClient, eventcode: string, item: Partial<AuctionItem> & { itemid: number }): void {
  client.setQueryData<AuctionItem[]>(keys.items(eventcode), (list) => list?.map((i) => (i.itemid === item.itemid ? { ...i, ...item } : i)));
  client.setQueryData<AuctionItem>(keys.item(eventcode, item.itemid), (old) => (old ? { ...old, ...item } : old));
}

/** Adds an item's new bids (newest first) to its cached history, marking the viewer's own. */
export function prependHistory(client: QueryClient, eventcode: string, itemid: number, entries: LiveBidEntry[], myBidderId: number): void {
  if (entries.length === 0) return;
  const added: HistoryEntries = entries.map(({ bidderid, ...e }) => ({ ...e, mine: myBidderId > 0 && bidderid === myBidderId }));
  client.setQueryData<HistoryEntries>(keys.history(eventcode, itemid), (old) => (old ? [...added, ...old] : old));
}

/** Adds a notice that just arrived to the top of the cached notices list (the list drops repeats of an item's kind). */
export function prependNotice(client: QueryClient, eventcode: string, notice: BidderNotice): void {
  client.setQueryData<BidderNotice[]>(keys.notices(eventcode), (old) => (old ? [notice, ...old.filter((n) => n.itemid !== notice.itemid || n.kind !== notice.kind)] : old));
}
