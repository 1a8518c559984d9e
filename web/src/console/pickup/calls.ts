import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CollectPickupResponse, ConsolePickupResponse } from '@gavel/domain';
import { nightKey } from '../live';
import { consoleApi } from '../session';

/** The pickup desk's caches, fetched again when any desk hands something over (useConsoleLive 'pickup'). */
export const pickupKey = (eventcode: string, code: string) => nightKey(eventcode, 'pickup', 'code', code);
const listKey = (eventcode: string, filters: PickupFilters) =>
  nightKey(eventcode, 'pickup', 'list', filters.location ?? null, filters.collected);

export const fetchPickup = (eventcode: string, code: string) =>
  consoleApi('GET /console/events/:eventcode/pickups/:code', undefined, { params: { eventcode, code } });

/** A code's bidder and items; looked up first by the code form (fetchQuery), then kept live here. */
export function usePickup(eventcode: string, code: string | null) {
  return useQuery({
    queryKey: pickupKey(eventcode, code ?? ''),
    queryFn: () => fetchPickup(eventcode, code ?? ''),
    enabled: code !== null,
  });
}

export interface PickupFilters {
  /** One location ('' = items without one); undefined, every location. */
  location: string | undefined;
  collected: 'all' | 'yes' | 'no';
}

export function usePickupList(eventcode: string, filters: PickupFilters) {
  const query: Record<string, string> = { collected: filters.collected };
  if (filters.location !== undefined) query.location = filters.location;
  return useQuery({
    queryKey: listKey(eventcode, filters),
    queryFn: () => consoleApi('GET /console/events/:eventcode/pickups', undefined, { params: { eventcode }, query }),
    placeholderData: keepPreviousData,
  });
}

/** Marks items collected; the answer is the bidder's items as they now are, shown at once. */
export function useCollect(eventcode: string, code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemids, override }: { itemids: number[]; override: boolean }) =>
      consoleApi(
        'POST /console/events/:eventcode/pickups/:code',
        { itemids, override },
        { params: { eventcode, code } },
      ),
    onSuccess: (answer: CollectPickupResponse) => {
      const shown: ConsolePickupResponse = answer;
      client.setQueryData(pickupKey(eventcode, code), shown);
      return client.invalidateQueries({ queryKey: nightKey(eventcode, 'pickup', 'list') });
    },
  });
}
