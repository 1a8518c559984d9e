import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuctionItem } from '@gavel/domain';
import { ApiError, api } from '../api/client';
import { patchItem } from './cache';
import { keys } from './keys';
import { useLiveStaleTime } from '../realtime/state';
import { useSession } from '../session/SessionProvider';

/** Item queries. Live messages patch them in place, so while the hub is connected they never go stale. */
export function useItems({ cachedOnly = false }: { cachedOnly?: boolean } = {}) {
  const { eventcode, claims } = useSession();
  return useQuery({
    queryKey: keys.items(eventcode),
    queryFn: async () => (await api('POST /auctionitems', { eventcode, includethumbnail: true })).auctionitems,
    // cachedOnly: follow the list when a page has it, never fetch it for this.
    enabled: claims !== null && !cachedOnly,
    staleTime: useLiveStaleTime(),
  });
}

/** An item id from a route parameter; 0 (no item) for anything that is not a positive whole number. */
export function itemIdOf(param: string | undefined): number {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** No item to show: the id was never one, or the server refused it (a 4xx answer, such as its 404). */
export function isMissing(id: number, query: { error: unknown }): boolean {
  return id === 0 || (query.error instanceof ApiError && query.error.httpStatus >= 400 && query.error.httpStatus < 500);
}

/**
 * No answer to show because none could be had: the call never reached the server (or the server
 * failed), or it waits, paused, for the connection to come back. Never the same as an empty answer.
 */
export function isUnreachable(query: { data: unknown; error: unknown; fetchStatus: string }): boolean {
  if (query.data !== undefined) return false;
  if (query.fetchStatus === 'paused') return true;
  return query.error !== null && !isMissing(1, query);
}

export function useItem(id: number) {
  const { eventcode, claims } = useSession();
  const client = useQueryClient();
  return useQuery({
    queryKey: keys.item(eventcode, id),
    queryFn: async () => (await api('POST /itemdetails', { eventcode, itemid: id })).item,
    enabled: claims !== null && id > 0,
    staleTime: useLiveStaleTime(),
    // Show the list's copy at once while the details load.
    placeholderData: () => client.getQueryData<AuctionItem[]>(keys.items(eventcode))?.find((i) => i.itemid === id),
  });
}

/** A query about one item of the event, for signed-in callers and guests. */
function useOfItem<T>(
  id: number,
  key: (eventcode: string, id: number) => readonly unknown[],
  fetch: (eventcode: string) => Promise<T>,
  staleTime: number,
) {
  const { eventcode, claims } = useSession();
  return useQuery({
    queryKey: key(eventcode, id),
    queryFn: () => fetch(eventcode),
    enabled: claims !== null && id > 0,
    staleTime,
  });
}

/** An item's bids, newest first; new bids arrive with the live itemupdate message. */
export function useBidHistory(id: number) {
  return useOfItem(
    id,
    keys.history,
    async (eventcode) => (await api('POST /bidhistory', { eventcode, itemid: id })).entries,
    useLiveStaleTime(),
  );
}

export function usePhotos(id: number) {
  return useOfItem(
    id,
    keys.photos,
    async (eventcode) => (await api('POST /itemphotos', { eventcode, itemid: id })).itemphotos,
    5 * 60_000,
  );
}

/** Puts a fresh copy of one item (from a bid answer) into every cached view of it. */
export function usePatchItem() {
  const { eventcode } = useSession();
  const client = useQueryClient();
  return (item: Partial<AuctionItem> & { itemid: number }) => patchItem(client, eventcode, item);
}
