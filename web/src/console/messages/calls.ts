import { useQuery } from '@tanstack/react-query';
import type { MessagesResponse } from '@gavel/domain';
import { consoleApi } from '../session';

export const historyKey = (eventcode: string) => ['console', eventcode, 'messages'];

/** Delivery counts move as the outbox sends and the provider reports: looked at again while the page is open. */
const BUSY_REFRESH_MS = 5_000;
const IDLE_REFRESH_MS = 30_000;

const busy = (data: MessagesResponse | undefined) => data?.messages.some((m) => m.delivery.pending > 0) ?? false;

export function useMessageHistory(eventcode: string) {
  return useQuery({
    queryKey: historyKey(eventcode),
    queryFn: () => consoleApi('GET /console/events/:eventcode/messages', undefined, { params: { eventcode } }),
    refetchInterval: (query) => (busy(query.state.data) ? BUSY_REFRESH_MS : IDLE_REFRESH_MS),
  });
}
