import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api/client';
import { keys } from './keys';
import { useLiveStaleTime } from '../realtime/state';
import { useSession } from '../session/SessionProvider';

/** The event (or its privacy policy) does not exist: final, never retried; the pages send the visitor to not-found. */
export function isEventNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.httpStatus === 404;
}

/** How far the server's clock is ahead of this phone's, from the time the event answer carried (0 when unknown). */
export function serverSkew(event: { servertime: string; receivedAt: number } | undefined): number {
  const measured = event ? Date.parse(event.servertime) - event.receivedAt : 0;
  return Number.isFinite(measured) ? measured : 0;
}

/** The event of the path. */
export function useEvent() {
  const { eventcode } = useSession();
  return useQuery({
    queryKey: keys.event(eventcode),
    // receivedAt with servertime gives the phone's clock error, so countdowns end on time.
    queryFn: async () => ({ ...(await api('POST /event', { eventcode })), receivedAt: Date.now() }),
    retry: (count, err) => !isEventNotFound(err) && count < 2,
    staleTime: useLiveStaleTime(30_000),
  });
}

export function usePrivacyPolicy() {
  const { eventcode } = useSession();
  return useQuery({
    queryKey: keys.privacyPolicy(eventcode),
    queryFn: () => api('POST /privacypolicy', { eventcode }),
    retry: (count, err) => !isEventNotFound(err) && count < 2,
  });
}
