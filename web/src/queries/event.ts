import { replaceEqualDeep, useQuery } from '@tanstack/react-query';
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

interface EventAnswer {
  servertime: string;
  receivedAt: number;
}
/** Within this, two measures of the phone's clock error are the same: countdowns show whole seconds. */
const SAME_SKEW_MS = 1_000;

function isEventAnswer(value: unknown): value is EventAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    'servertime' in value &&
    typeof value.servertime === 'string' &&
    'receivedAt' in value &&
    typeof value.receivedAt === 'number'
  );
}

/**
 * The event fetched again, kept as the object it was when nothing in it changed but the time it
 * was sent and the clock error that gives (within a second). The answer written into the page is
 * fetched again once the live connection is up: a new object would redraw every screen that reads
 * the event (the item list, card by card, in one task a tap waits behind) for nothing.
 */
export function keepSameEvent(old: unknown, next: unknown): unknown {
  if (!isEventAnswer(old) || !isEventAnswer(next) || Math.abs(serverSkew(old) - serverSkew(next)) >= SAME_SKEW_MS)
    return replaceEqualDeep(old, next);
  const unchanged = replaceEqualDeep(old, { ...next, servertime: old.servertime, receivedAt: old.receivedAt }) === old;
  return unchanged ? old : replaceEqualDeep(old, next);
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
    structuralSharing: keepSameEvent,
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
