import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { keys } from './keys';
import { useLiveStaleTime } from '../realtime/state';
import { useSession } from '../session/SessionProvider';

/** The bidder's notices of the night, newest first; live notices are added as they arrive. */
export function useNotices() {
  const { user, isGuest, eventcode } = useSession();
  return useQuery({
    queryKey: keys.notices(eventcode),
    queryFn: async () => (await api('GET /notices')).notices,
    enabled: user !== null && !isGuest,
    staleTime: useLiveStaleTime(),
  });
}

const seenKey = (eventcode: string) => `gavel.notices-seen:${eventcode}`;

/** When the bidder last opened the notices panel of this event (ms since the epoch; 0 never). */
export function noticesSeenAt(eventcode: string): number {
  try {
    return Number(localStorage.getItem(seenKey(eventcode)) ?? 0) || 0;
  } catch {
    return 0;
  }
}

export function markNoticesSeen(eventcode: string, at: number): void {
  try {
    localStorage.setItem(seenKey(eventcode), String(at));
  } catch {
    // Private browsing may refuse storage; the badge then counts from the page load.
  }
}
