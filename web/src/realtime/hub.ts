import { io } from 'socket.io-client';
import { HUB_PATH, hubMessage, isPassingRefusal, RECEIVE, type HubMessage } from '@gavel/domain';

/**
 * The one connector to the live hub (/hubs/auction), for the bidder app (bidderHub.ts) and the
 * display board (board/useBoard.ts) alike: connecting, reconnecting with backoff, retrying a
 * refusal, following the network. What a page does with the messages stays with the page. It
 * imports nothing of the bidder app, so the board's page does without it.
 */

/** The live connection's state, as pages show it. */
export type LiveState = 'connected' | 'disconnected' | 'reconnecting' | 'off';

/** Drops are retried after 1 second, slower each time up to 5; a refused connection after 5. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 5_000;

export interface HubOptions {
  /** The token to connect with, asked at every attempt: a reconnect uses the newest. */
  token: () => string | null;
  onState: (state: LiveState) => void;
  /** Each message, decoded (dollars on the wire, cents here); one that does not decode is dropped. */
  onMessage: (message: HubMessage) => void;
  /** Connected again after a drop: messages sent meanwhile are not replayed, so the page fetches what it shows. */
  onReconnect: () => void;
  /**
   * For a page that gets itself new tokens (the display board reloads for one): told why each
   * attempt failed, and then any refused connection, or one the hub ended (a lapsed token), is
   * tried again with the newest token. Without it only a refusal that passes with time is tried
   * again: the hub ending a signed-in phone's connection (a logout, a password reset) is final.
   */
  renewToken?: (why: string) => void;
  /** A console screen names the event it follows (a staff token is the organization's, not an event's). */
  eventcode?: string;
}

export interface HubConnection {
  /** Tries to connect now (the board's Reconnect now). */
  connect: () => void;
  close: () => void;
}

export function openHub({ token, onState, onMessage, onReconnect, renewToken, eventcode }: HubOptions): HubConnection {
  const socket = io({
    path: HUB_PATH,
    auth: (send) => send(eventcode ? { token: token(), eventcode } : { token: token() }),
    transports: ['websocket', 'polling'],
    reconnectionDelay: RETRY_FIRST_MS,
    reconnectionDelayMax: RETRY_MAX_MS,
  });
  let everConnected = false;
  socket.on('connect', () => {
    onState('connected');
    if (everConnected) onReconnect();
    everConnected = true;
  });
  socket.on('disconnect', (reason) => {
    onState(reason === 'io client disconnect' && navigator.onLine ? 'off' : 'disconnected');
    // The hub ends a connection when its token lapses: a page that renews its token comes back at once.
    if (reason === 'io server disconnect' && renewToken) socket.connect();
  });
  socket.io.on('reconnect_attempt', () => onState('reconnecting'));
  // Socket.IO gives up on a connection the hub refused; one refused for a while (too many
  // sockets, the database restarting) is tried again.
  let retry: ReturnType<typeof setTimeout> | undefined;
  socket.on('connect_error', (error: Error) => {
    onState(everConnected ? 'reconnecting' : 'disconnected');
    renewToken?.(error.message);
    if (socket.active || !(renewToken || isPassingRefusal(error.message))) return;
    clearTimeout(retry);
    retry = setTimeout(() => socket.connect(), RETRY_MAX_MS);
  });
  socket.on(RECEIVE, (raw: unknown) => {
    const parsed = hubMessage.safeParse(raw);
    if (parsed.success) onMessage(parsed.data);
  });
  // The device knows first when its network goes: drop the socket at once, and come back
  // (fetching what was missed) as soon as the network returns.
  const offline = () => {
    clearTimeout(retry);
    socket.disconnect();
  };
  const online = () => socket.connect();
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return {
    connect: () => socket.connect(),
    close: () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      clearTimeout(retry);
      socket.close();
    },
  };
}
