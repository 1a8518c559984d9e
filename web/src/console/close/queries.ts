import { useClock } from '../../ui/clock';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { AnswerOf, CloseTarget } from '@gavel/domain';
import { serverSkew } from '../../queries/event';
import { nightKey } from '../live';
import { consoleApi } from '../session';

export type ClosePanel = AnswerOf<'GET /console/events/:eventcode/close'> & { receivedAt: number };
export type CloseItem = ClosePanel['items'][number];
export type CloseLocation = ClosePanel['locations'][number];

/** The close panel's queries: all under the close's night key, so the live hub refreshes them. */
export const closeKey = (eventcode: string, ...rest: unknown[]) => nightKey(eventcode, 'close', ...rest);

/** The panel, with when it arrived: with the server's time it gives the device's clock error. */
export function useClosePanel(eventcode: string) {
  return useQuery({
    queryKey: closeKey(eventcode, 'panel'),
    queryFn: async (): Promise<ClosePanel> => ({
      ...(await consoleApi('GET /console/events/:eventcode/close', undefined, { params: { eventcode } })),
      receivedAt: Date.now(),
    }),
  });
}

/** How many items Close now would take, counted by the server when asked (and again when the close changes). */
export function useClosePreview(eventcode: string, target: CloseTarget | null) {
  return useQuery({
    queryKey: closeKey(eventcode, 'preview', target),
    queryFn: () =>
      consoleApi(
        'POST /console/events/:eventcode/close',
        { ...target, scope: target?.scope ?? 'all', preview: true },
        {
          params: { eventcode },
        },
      ),
    enabled: target !== null,
    gcTime: 0,
  });
}

/** After a change of the close: the panel is read again (the dialog that asked is closing, its preview with it). */
export function closeChanged(client: QueryClient, eventcode: string): void {
  void client.invalidateQueries({ queryKey: closeKey(eventcode, 'panel') });
}

/** The server's time now, moving each second: the countdowns run on it, not on the device's clock alone. */
export function useServerClock(panel: ClosePanel | undefined): number {
  const skew = serverSkew(panel);
  return useClock().getTime() + skew;
}
