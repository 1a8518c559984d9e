import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { readToken } from '../session/token';
import { useSession } from '../session/SessionProvider';
import type { LiveState } from './hub';
import { LiveContext } from './state';
import { clearItemNotices, useNoticeQueue } from '../ui/notices';
import { refreshSeeded } from '../queries/pageData';
import { usePausedRefresh } from './pausedRefresh';

// The notices' stack comes with the first notice, and then stays.
const NoticeStack = lazy(() => import('../ui/NoticeStack').then((m) => ({ default: m.NoticeStack })));

/**
 * The live connection to /hubs/auction. It follows the login token (a new token reconnects; none
 * disconnects), applies item changes to the cached queries instead of refetching everything, and
 * refetches what the screens show after every reconnect, since missed messages are not replayed.
 * The connection (bidderHub.ts, with socket.io-client) is loaded only once there is a token.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { eventcode, claims, logout, refreshUser } = useSession();
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('off');
  const token = claims ? readToken() : null;
  const noticed = useNoticeQueue().length > 0;
  const [stackShown, setStackShown] = useState(false);
  if (noticed && !stackShown) setStackShown(true);

  useEffect(() => {
    // A notice of another bidder's (or another event's) items has no place on this session's screen.
    clearItemNotices();
    if (!token || !claims) {
      setState('off');
      return;
    }
    let stopped = false;
    let close = () => undefined as void;
    void import('./bidderHub').then((hub) => {
      if (stopped) return;
      close = hub.connectHub({ token, claims, eventcode, client, setState, logout, refreshUser });
    });
    return () => {
      stopped = true;
      close();
    };
    // The connection restarts only when the token (and so the user or event) changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, eventcode]);

  // What the page carried was made before the connection: fetched again once it is up.
  useEffect(() => {
    if (state === 'connected') refreshSeeded(client);
  }, [state, client]);

  // Live updates paused: what the screens show is fetched now and then instead.
  usePausedRefresh(state, () => void client.refetchQueries({ type: 'active' }));

  // The page's root tells the live state, so tests (and styles) can wait on it.
  useEffect(() => {
    document.documentElement.dataset.live = state;
  }, [state]);

  return (
    <LiveContext.Provider value={state}>
      {children}
      {stackShown ? (
        <Suspense fallback={null}>
          <NoticeStack />
        </Suspense>
      ) : null}
      {state === 'disconnected' || state === 'reconnecting' ? (
        <div className="gavel-live-state" role="status" data-testid="live-state">
          {state === 'reconnecting' ? 'Reconnecting…' : 'Offline: updates paused'}
        </div>
      ) : null}
    </LiveContext.Provider>
  );
}
