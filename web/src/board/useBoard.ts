import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { BOARD_REFRESH_MS, HUB_PATH, hubMessage, hubRefusals, RECEIVE, type BoardRoute } from '@gavel/domain';
import { api, ApiError } from '../api/client';
import { boardReducer, initialBoard, type BoardState } from './state';

export type BoardLive = 'connected' | 'reconnecting' | 'disconnected' | 'off';

/** A first load that fails (the venue's network is not up yet) is tried again, slower each time. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;
/** A connection the hub refused is tried again after this long (Socket.IO itself gives up on it). */
const REFUSED_RETRY_MS = 5_000;

export interface Board {
  state: BoardState;
  live: BoardLive;
  /** The server's time now (the board's clock corrected by the last answer), for the countdown and each item's close. */
  now: number;
  /** The board's own clock, ticking each second, for the highlights and the sponsors' turns. */
  clock: number;
  reconnect(): void;
}

/**
 * Loads the board (GET /displayboard), keeps it live over /hubs/auction, and keeps it right all
 * night without a person: a reconnect or an `eventrefresh` reloads what it shows, so does a
 * timer every few minutes; a token about to lapse is replaced by the reload's; a new server
 * version reloads the page itself.
 */
export function useBoard(route: BoardRoute): Board {
  const [state, dispatch] = useReducer(boardReducer, initialBoard);
  const [live, setLive] = useState<BoardLive>('off');
  const [clock, setClock] = useState(() => Date.now());
  const token = useRef<string | null>(null);
  const version = useRef<string | null>(null);
  const socket = useRef<Socket | null>(null);
  const loading = useRef<Promise<void> | null>(null);

  const load = useCallback((): Promise<void> => {
    if (loading.current) return loading.current;
    const query: Record<string, string> = { eventcode: route.eventcode };
    if (route.location) query.location = route.location;
    const run = api('GET /displayboard', undefined, { anonymous: true, query })
      .then((board) => {
        if (version.current && version.current !== board.version) {
          // A new release: the page itself is out of date.
          window.location.reload();
          return;
        }
        version.current = board.version;
        token.current = board.token;
        dispatch({ type: 'loaded', board, receivedAt: Date.now() });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.httpStatus === 404) dispatch({ type: 'missing' });
        throw error;
      })
      .finally(() => {
        loading.current = null;
      });
    loading.current = run;
    return run;
  }, [route.eventcode, route.location]);

  // The first load, tried again until it answers; then the reload every few minutes.
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (wait: number) => {
      load().then(
        () => {
          if (!stopped) timer = setTimeout(() => attempt(RETRY_FIRST_MS), BOARD_REFRESH_MS);
        },
        (error: unknown) => {
          if (stopped) return;
          const missing = error instanceof ApiError && error.httpStatus === 404;
          timer = setTimeout(() => attempt(Math.min(wait * 2, RETRY_MAX_MS)), missing ? RETRY_MAX_MS : wait);
        },
      );
    };
    attempt(RETRY_FIRST_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [load]);

  // The live connection, once the first answer gave a token. `auth` is asked for at every
  // connection attempt, so a reconnect uses the newest token.
  const ready = state.board !== null;
  useEffect(() => {
    if (!ready) return;
    const s = io({
      path: HUB_PATH,
      auth: (cb) => cb({ token: token.current }),
      transports: ['websocket', 'polling'],
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
    });
    socket.current = s;
    let connectedBefore = false;
    s.on('connect', () => {
      setLive('connected');
      // Messages missed while away are not replayed: reload what the board shows.
      if (connectedBefore) void load().catch(() => undefined);
      connectedBefore = true;
    });
    s.on('disconnect', (reason) => {
      setLive('disconnected');
      // The hub ends a connection when its token lapses (a board token lasts 12 hours): come
      // back at once with the newest token, which the reloads keep fresh.
      if (reason === 'io server disconnect') s.connect();
    });
    s.io.on('reconnect_attempt', () => setLive('reconnecting'));
    let retry: ReturnType<typeof setTimeout> | undefined;
    s.on('connect_error', (error: Error) => {
      setLive(connectedBefore ? 'reconnecting' : 'disconnected');
      // A lapsed token, or one at its cap of sockets: the reload brings a new one for the next attempt.
      if (/token/i.test(error.message) || error.message === hubRefusals.tooManyForToken)
        void load().catch(() => undefined);
      // Socket.IO does not retry a connection the hub refused; a board has no one to press a button.
      if (s.active) return;
      clearTimeout(retry);
      retry = setTimeout(() => s.connect(), REFUSED_RETRY_MS);
    });
    s.on(RECEIVE, (raw: unknown) => {
      const parsed = hubMessage.safeParse(raw);
      if (!parsed.success) return;
      if (parsed.data.type === 'eventrefresh') void load().catch(() => undefined);
      else dispatch({ type: 'message', message: parsed.data, now: Date.now() });
    });
    return () => {
      clearTimeout(retry);
      socket.current = null;
      s.close();
    };
  }, [ready, load]);

  // One clock for the whole board, a tick a second: the countdown, every item's close, the
  // highlights and the sponsors' turns all read it (no timer per card).
  useEffect(() => {
    const t = setInterval(() => {
      const now = Date.now();
      setClock(now);
      dispatch({ type: 'tick', now });
    }, 1_000);
    return () => clearInterval(t);
  }, []);

  useEffect(() => {
    document.documentElement.dataset.live = live;
  }, [live]);

  const reconnect = useCallback(() => {
    socket.current?.connect();
    void load().catch(() => undefined);
  }, [load]);

  return { state, live, now: clock + state.skewMs, clock, reconnect };
}
