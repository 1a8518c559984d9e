import type { QueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { HUB_PATH, hubMessage, isForEvent, isPassingRefusal, RECEIVE, type HubMessage } from '@gavel/domain';
import { markMine, patchItem, prependHistory, prependNotice } from '../queries/cache';
import { isEventKey, keys } from '../queries/keys';
import type { TokenClaims } from '../session/token';
import { pushNotice } from '../ui/notices';
import type { LiveState } from './state';

/** The hub retries a failed start after 5 seconds, and drops are retried sooner. */
const RETRY_MAX_MS = 5000;

export interface HubSession {
  token: string;
  claims: TokenClaims;
  eventcode: string;
  client: QueryClient;
  setState: (state: LiveState) => void;
  logout: () => void;
  refreshUser: () => Promise<unknown>;
}

/**
 * Opens the live connection to /hubs/auction for one token and applies what it says to the cached
 * queries. Loaded with socket.io-client once there is a token, so a first visit does without both.
 * Returns the function that closes it.
 */
export function connectHub({
  token,
  claims,
  eventcode,
  client,
  setState,
  logout,
  refreshUser,
}: HubSession): () => void {
  const refetchAll = () => void client.invalidateQueries({ predicate: (q) => isEventKey(q.queryKey, eventcode) });
  const refetchCart = () => void client.invalidateQueries({ queryKey: keys.cart(eventcode) });
  const onMessage = (m: HubMessage) => {
    if (!isForEvent(m, eventcode, claims.auctioncode)) return;
    switch (m.type) {
      case 'itemupdate':
        patchItem(client, eventcode, m.item);
        prependHistory(client, eventcode, m.item.itemid, m.history ?? []);
        break;
      case 'mybids':
        // Sent to this bidder's own room after the itemupdate that carried the bids.
        markMine(client, eventcode, m.itemid, m.bidnos);
        break;
      case 'itembid':
        patchItem(client, eventcode, { itemid: m.itemid, currentlywinningbid: m.currentlywinningbid });
        if (m.status === 'won') refetchCart();
        break;
      case 'submitbid':
        // This bidder's own bid, from another tab or phone: its answer carries their view of the item.
        patchItem(client, eventcode, m.item);
        break;
      case 'cartrefresh':
        refetchCart();
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
      case 'notification': {
        // Notices stay until the bidder dismisses them, and item notices are kept in the bell's list.
        const { itemid, itemname, kind, senttime } = m;
        pushNotice({
          tone: 'alert',
          title: m.title,
          message: m.message,
          duration: 0,
          item: itemid ? { eventcode, itemid, kind } : undefined,
        });
        if (itemid && kind)
          prependNotice(client, eventcode, {
            itemid,
            itemname: itemname ?? '',
            kind,
            title: m.title,
            message: m.message,
            senttime: senttime ?? new Date().toISOString(),
          });
        break;
      }
      default:
        break;
    }
  };
  // Messages carry dollars like the API; decoding gives the cents the cache holds.
  const receive = (raw: unknown) => {
    const parsed = hubMessage.safeParse(raw);
    if (parsed.success) onMessage(parsed.data);
  };
  const socket = io({
    path: HUB_PATH,
    auth: { token },
    transports: ['websocket', 'polling'],
    reconnectionDelay: 1000,
    reconnectionDelayMax: RETRY_MAX_MS,
  });
  let everConnected = false;
  socket.on('connect', () => {
    setState('connected');
    if (everConnected) refetchAll();
    everConnected = true;
  });
  socket.on('disconnect', (reason) =>
    setState(reason === 'io client disconnect' && navigator.onLine ? 'off' : 'disconnected'),
  );
  socket.io.on('reconnect_attempt', () => setState('reconnecting'));
  // Socket.IO gives up on a connection the hub refused; one refused for a while (too many
  // sockets, the database restarting) is tried again.
  let retry: ReturnType<typeof setTimeout> | undefined;
  socket.on('connect_error', (error: Error) => {
    setState(everConnected ? 'reconnecting' : 'disconnected');
    if (socket.active || !isPassingRefusal(error.message)) return;
    clearTimeout(retry);
    retry = setTimeout(() => socket.connect(), RETRY_MAX_MS);
  });
  socket.on(RECEIVE, receive);
  // The phone knows first when its network goes: drop the socket at once, and come back
  // (refetching what was missed) as soon as the network returns.
  const offline = () => {
    clearTimeout(retry);
    socket.disconnect();
  };
  const online = () => socket.connect();
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
    clearTimeout(retry);
    socket.close();
  };
}
