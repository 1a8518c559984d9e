import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useIonToast } from '@ionic/react';
import { HUB_PATH, isForEvent, RECEIVE, type HubMessage } from '@gavel/domain';
import { readToken } from '../session/token';
import { useSession } from '../session/SessionProvider';
import { patchItem } from '../features/items/useItems';

export type LiveState = 'connected' | 'disconnected' | 'reconnecting' | 'off';
const LiveContext = createContext<LiveState>('off');
export const useLiveState = () => useContext(LiveContext);

/** The hub retries a failed start after 5 seconds, and drops are retried sooner. */
const RETRY_MAX_MS = 5000;

/**
 * The live connection to /hubs/auction. It follows the login token (a new token reconnects; none
 * disconnects), applies item changes to the cached queries instead of refetching everything, and
 * refetches what the screens show after every reconnect, since missed messages are not replayed.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { eventcode, claims, logout, refreshUser } = useSession();
  const client = useQueryClient();
  const [present] = useIonToast();
  const [state, setState] = useState<LiveState>('off');
  const token = claims ? readToken() : null;

  useEffect(() => {
    if (!token || !claims) {
      setState('off');
      return;
    }
    let stopped = false;
    let close = () => undefined as void;
    const refetchAll = () => void client.invalidateQueries({ predicate: (q) => q.queryKey[1] === eventcode });
    const onMessage = (m: HubMessage) => {
      if (!isForEvent(m, eventcode, claims.auctioncode)) return;
      switch (m.type) {
        case 'itemupdate':
          patchItem(client, eventcode, m.item);
          break;
        case 'itembid':
        case 'submitbid':
          void client.invalidateQueries({ queryKey: ['items', eventcode] });
          if (m.type === 'itembid' && m.status === 'won') void client.invalidateQueries({ queryKey: ['cart', eventcode] });
          break;
        case 'cartrefresh':
          void client.invalidateQueries({ queryKey: ['cart', eventcode] });
          break;
        case 'eventrefresh':
        case 'eventclosing':
          refetchAll();
          break;
        case 'emailValidation':
        case 'updateUser':
          void refreshUser();
          break;
        case 'forcelogout':
          logout();
          break;
        case 'notification':
          // Notices stay until the bidder dismisses them.
          void present({ header: m.title, message: m.message, duration: 0, color: 'primary', position: 'top', buttons: [{ text: 'Dismiss', role: 'cancel' }] });
          break;
        default:
          break;
      }
    };
    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      const socket = io({ path: HUB_PATH, auth: { token }, transports: ['websocket', 'polling'], reconnectionDelay: 1000, reconnectionDelayMax: RETRY_MAX_MS });
      let everConnected = false;
      socket.on('connect', () => {
        setState('connected');
        if (everConnected) refetchAll();
        everConnected = true;
      });
      socket.on('disconnect', (reason) => setState(reason === 'io client disconnect' && navigator.onLine ? 'off' : 'disconnected'));
      socket.io.on('reconnect_attempt', () => setState('reconnecting'));
      socket.on('connect_error', () => setState(everConnected ? 'reconnecting' : 'disconnected'));
      socket.on(RECEIVE, onMessage);
      // The phone knows first when its network goes: drop the socket at once, and come back
      // (refetching what was missed) as soon as the network returns.
      const offline = () => socket.disconnect();
      const online = () => socket.connect();
      window.addEventListener('offline', offline);
      window.addEventListener('online', online);
      close = () => {
        window.removeEventListener('offline', offline);
        window.removeEventListener('online', online);
        socket.close();
      };
    });
    return () => {
      stopped = true;
      close();
    };
    // The connection restarts only when the token (and so the user or event) changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, eventcode]);

  return (
    <LiveContext.Provider value={state}>
      {children}
      {state === 'disconnected' || state === 'reconnecting' ? (
        <div className="gavel-live-state" role="status" data-testid="live-state">
          {state === 'reconnecting' ? 'Reconnecting…' : 'Offline: updates paused'}
        </div>
      ) : null}
    </LiveContext.Provider>
  );
}
