import type { QueryClient } from '@tanstack/react-query';
import type { AnswerOf, AuctionItem, BidderNotice, LiveHistoryEntry } from '@gavel/domain';
import { keys } from './keys';

/**
 * Patches of cached answers, from bid answers and live messages: a page updates from what the
 * message carries instead of fetching again.
 */
type HistoryEntries = AnswerOf<'POST /bidhistory'>['entries'];

/** Puts a fresh copy of one item (whole, or the public part that changed) into every cached view of it. */
export function patchItem(
  client: QueryClient,
  eventcode: string,
  item: Partial<AuctionItem> & { itemid: number },
): void {
  client.setQueryData<AuctionItem[]>(keys.items(eventcode), (list) =>
    list?.map((i) => (i.itemid === item.itemid ? { ...i, ...item } : i)),
  );
  client.setQueryData<AuctionItem>(keys.item(eventcode, item.itemid), (old) => (old ? { ...old, ...item } : old));
}

/**
 * A cached history entry. Those a live message added keep their number on the item (`bidno`), so
 * the bidder's own can be marked when `mybids` names them; those of the answer need none, since
 * the server marked the caller's own already.
 */
type CachedEntry = HistoryEntries[number] & { bidno?: number };

/**
 * Adds an item's new bids (newest first) to its cached history; none is the viewer's until `mybids`
 * says so. A history being fetched right now may have been read before these bids: its answer
 * would replace them, so it is cancelled and fetched again instead.
 */
export function prependHistory(
  client: QueryClient,
  eventcode: string,
  itemid: number,
  entries: LiveHistoryEntry[],
): void {
  if (entries.length === 0) return;
  const key = keys.history(eventcode, itemid);
  if (client.getQueryState(key)?.fetchStatus === 'fetching') {
    // A first read still out would be shared, not repeated: cancel it, then read afresh.
    void client
      .cancelQueries({ queryKey: key, exact: true })
      .then(() => client.invalidateQueries({ queryKey: key, exact: true }));
    return;
  }
  const added: CachedEntry[] = entries.map((e) => ({ ...e, mine: false }));
  client.setQueryData<CachedEntry[]>(key, (old) => (old ? [...added, ...old] : old));
}

/** Marks the viewer's own bids among an item's cached history (`mybids`: their numbers on the item). */
export function markMine(client: QueryClient, eventcode: string, itemid: number, bidnos: number[]): void {
  const mine = new Set(bidnos);
  client.setQueryData<CachedEntry[]>(keys.history(eventcode, itemid), (old) =>
    old?.map((e) => (e.bidno !== undefined && mine.has(e.bidno) && !e.mine ? { ...e, mine: true } : e)),
  );
}

/** Adds a notice that just arrived to the top of the cached notices list (the list drops repeats of an item's kind). */
export function prependNotice(client: QueryClient, eventcode: string, notice: BidderNotice): void {
  client.setQueryData<BidderNotice[]>(keys.notices(eventcode), (old) =>
    old ? [notice, ...old.filter((n) => n.itemid !== notice.itemid || n.kind !== notice.kind)] : old,
  );
}
