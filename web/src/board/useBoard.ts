import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { BOARD_REFRESH_MS, displayCalls, hubRefusals, type BoardRoute } from '@gavel/domain';
import { api, ApiError, knowCalls } from '../api/client';
import { openHub, type HubConnection, type LiveState } from '../realtime/hub';
import { usePausedRefresh } from '../realtime/pausedRefresh';
import { boardReducer, initialBoard, type BoardState } from './state';

// The board's one call is not among the bidder app's (appCalls), so a phone never downloads its schemas.
knowCalls(displayCalls);

/** A first load that fails (the venue's network is not up yet) is tried again, slower each time. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

export interface Board {
  state: BoardState;
  live: LiveState;
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
  const [live, setLive] = useState<LiveState>('off');
  const [clock, setClock] = useState(() => Date.now());
  const token = useRef<string | null>(null);
  const version = useRef<string | null>(null);
  const hub = useRef<HubConnection | null>(null);
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

  // The live connection, once the first answer gave a token; each attempt uses the newest token.
  const ready = state.board !== null;
  useEffect(() => {
    if (!ready) return;
    const reload = () => void load().catch(() => undefined);
    const connection = openHub({
      token: () => token.current,
      onState: setLive,
      onMessage: (message) => {
        if (message.type === 'eventrefresh') reload();
        else dispatch({ type: 'message', message, now: Date.now() });
      },
      // Messages missed while away are not replayed: reload what the board shows.
      onReconnect: reload,
      // A lapsed token (a board token lasts 12 hours), or one at its cap of sockets: the reload brings
      // a new one for the next attempt. A board has no one to press a button: every refusal is retried.
      renewToken: (why) => {
        if (/token/i.test(why) || why === hubRefusals.tooManyForToken) reload();
      },
    });
    hub.current = connection;
    return () => {
      hub.current = null;
      connection.close();
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

  // Live updates paused: the board reloads what it shows now and then instead.
  usePausedRefresh(live, () => void load().catch(() => undefined));

  const reconnect = useCallback(() => {
    hub.current?.connect();
    void load().catch(() => undefined);
  }, [load]);

  return { state, live, now: clock + state.skewMs, clock, reconnect };
}
