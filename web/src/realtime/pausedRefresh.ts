import { useEffect, useRef } from 'react';
import { LIVE_PAUSED_REFRESH_MS } from '@gavel/domain';
import type { LiveState } from './hub';

/**
 * While the live connection is down (dropped, or refused: the hub pauses live updates when its
 * servers cannot reach each other), the page fetches what it shows every LIVE_PAUSED_REFRESH_MS,
 * so prices move on the screen all the same; not while the device is offline, where nothing
 * would answer. The bidder app and the board both use it.
 */
export function usePausedRefresh(state: LiveState, refresh: () => void): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  const paused = state === 'disconnected' || state === 'reconnecting';
  useEffect(() => {
    if (!paused) return;
    const timer = setInterval(() => {
      if (navigator.onLine) latest.current();
    }, LIVE_PAUSED_REFRESH_MS);
    return () => clearInterval(timer);
  }, [paused]);
}
