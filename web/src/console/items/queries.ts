import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '@gavel/domain';
import { consoleApi } from '../session';
import { eventKey, eventsKey } from '../events/queries';

/** The items screens' cache keys: the event's table, and one item's form. */
export const itemsKey = (eventcode: string) => ['console', 'items', eventcode] as const;
export const itemKey = (eventcode: string, itemnum: string) =>
  ['console', 'item', eventcode, itemnum.toLowerCase()] as const;

export type ItemsAnswer = AnswerOf<'GET /console/events/:eventcode/items'>;
export type ItemAnswer = AnswerOf<'GET /console/events/:eventcode/items/:itemnum'>;
export type PhotosAnswer = AnswerOf<'PUT /console/events/:eventcode/items/:itemnum/photos'>;

/** After the event's items changed: the table is read again, and so are the event's counts (overview, list of events). */
export function itemsTouched(client: QueryClient, eventcode: string): void {
  void client.invalidateQueries({ queryKey: itemsKey(eventcode) });
  void client.invalidateQueries({ queryKey: eventKey(eventcode) });
  void client.invalidateQueries({ queryKey: eventsKey });
}

export function useConsoleItems(eventcode: string) {
  return useQuery({
    queryKey: itemsKey(eventcode),
    queryFn: () => consoleApi('GET /console/events/:eventcode/items', undefined, { params: { eventcode } }),
  });
}

export function useConsoleItem(eventcode: string, itemnum: string | undefined) {
  return useQuery({
    queryKey: itemKey(eventcode, itemnum ?? ''),
    queryFn: () =>
      consoleApi('GET /console/events/:eventcode/items/:itemnum', undefined, {
        params: { eventcode, itemnum: itemnum ?? '' },
      }),
    enabled: itemnum !== undefined,
  });
}

/** After an item changed: its form shows the answer, and the table is read again. */
export function itemChanged(client: QueryClient, eventcode: string, answer: ItemAnswer): void {
  client.setQueryData(itemKey(eventcode, answer.item.itemnum), answer);
  itemsTouched(client, eventcode);
}

/** After its photos changed: the item's form shows them (a save then sends them), and the table's counts are read again. */
export function photosChanged(client: QueryClient, eventcode: string, itemnum: string, photos: PhotosAnswer): void {
  client.setQueryData<ItemAnswer>(itemKey(eventcode, itemnum), (item) =>
    item
      ? {
          ...item,
          photos: photos.photos,
          item: {
            ...item.item,
            photos: photos.photos.map((p) => p.url),
            imageurl: photos.imageurl || undefined,
          },
        }
      : item,
  );
  itemsTouched(client, eventcode);
}
