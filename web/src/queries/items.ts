import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuctionItem, AuctionItemsResponse, BidHistoryEntry, ItemDetailsResponse } from '@gavel/domain';
import { apiPost } from '../../api/client';
import { useSession } from '../../session/SessionProvider';

/** Item queries. Keys start with the event code so a live message can patch just that event. */
export const itemsKey = (eventcode: string) => ['items', eventcode] as const;
export const itemKey = (eventcode: string, id: number) => ['items', eventcode, 'item', id] as const;

export function useItems() {
  const { eventcode, claims } = useSession();
  return useQuery({
    queryKey: itemsKey(eventcode),
    queryFn: async () => (await apiPost<AuctionItemsResponse>('/auctionitems', { eventcode, includethumbnail: true })).auctionitems,
    enabled: claims !== null,
  });
}

export function useItem(id: number) {
  const { eventcode, claims } = useSession();
  const client = useQueryClient();
  return useQuery({
    queryKey: itemKey(eventcode, id),
    queryFn: async () => (await apiPost<ItemDetailsResponse>('/itemdetails', { eventcode, itemid: id })).item,
    enabled: claims !== null && id > 0,
    // Show the list's copy at once while the details load.
    placeholderData: () => client.getQueryData<AuctionItem[]>(itemsKey(eventcode))?.find((i) => i.itemid === id),
  });
}

export function useBidHistory(id: number, currentbid: number | undefined) {
  const { eventcode, claims } = useSession();
  return useQuery({
    // The history is fetched again whenever the current bid changes.
    queryKey: [...itemKey(eventcode, id), 'history', currentbid ?? 0],
    queryFn: async () => (await apiPost<{ entries: BidHistoryEntry[] }>('/bidhistory', { eventcode, itemid: id })).entries,
    enabled: claims !== null && id > 0,
  });
}

export function usePhotos(id: number) {
  const { eventcode, claims } = useSession();
  return useQuery({
    queryKey: [...itemKey(eventcode, id), 'photos'],
    queryFn: async () => (await apiPost<{ itemphotos: Array<{ photourl: string }> }>('/itemphotos', { eventcode, itemid: id })).itemphotos,
    enabled: claims !== null && id > 0,
    staleTime: 5 * 60_000,
  });
}

/** Puts a fresh copy of one item (from a bid answer or a live message) into every cached view of it. */
export function usePatchItem() {
  const { eventcode } = useSession();
  const client = useQueryClient();
  return (item: Partial<AuctionItem> & { itemid: number }) => patchItem(client, eventcode, item);
}

export function patchItem(client: ReturnType<typeof useQueryClient>, eventcode: string, item: Partial<AuctionItem> & { itemid: number }): void {
  client.setQueryData<AuctionItem[]>(itemsKey(eventcode), (list) => list?.map((i) => (i.itemid === item.itemid ? { ...i, ...item } : i)));
  client.setQueryData<AuctionItem>(itemKey(eventcode, item.itemid), (old) => (old ? { ...old, ...item } : old));
}
