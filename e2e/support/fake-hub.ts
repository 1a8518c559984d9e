import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page, WebSocketRoute } from '@playwright/test';
import { HUB_PATH, hubMessage, RECEIVE, type HubMessage } from '@gavel/domain';

/**
 * A stand-in for the live hub (/hubs/auction) inside the browser, so a journey decides what the
 * page hears and when. It speaks as much Engine.IO v4 / Socket.IO v5 over a websocket as
 * socket.io-client 4.8 needs (engine.io-client's socket.js, socket.io-client's socket.js):
 *
 *   server → client  0{"sid",...}   Engine.IO open, with the heartbeat's timing
 *   client → server  40{auth}       Socket.IO connect to the main namespace ('40' without auth)
 *   server → client  40{"sid"}      connected; without a sid the client refuses (a v2 server)
 *   server → client  2 / client 3   the heartbeat: the server pings, the client pongs
 *   server → client  42[event,...]  an event ('ReceiveJSON' with a hub message)
 *   client → server  41 / 1         the client leaves (Socket.IO disconnect / Engine.IO close)
 *
 * The client closes the connection when no ping comes within pingInterval + pingTimeout of the
 * last one. The default interval is two hours: a page whose fake clock runs an hour (the display
 * board's long runs) keeps its connection unless the test pings or asks for a shorter one. Both
 * stay far below 2^31 ms, where a browser's setTimeout would overflow and fire at once.
 */
export interface FakeHubOptions {
  pingInterval?: number;
  pingTimeout?: number;
}

export interface FakeHub {
  /** Sends a hub message (amounts in cents, as inside Gavel; dollars on the wire) to every connected page. */
  send(message: HubMessage): void;
  /** Sends the heartbeat's ping to every connected page; each answers with a pong. */
  ping(): void;
  /** Drops every connection, as a network cut would. With `refuse`, new ones are refused until accept(). */
  close(options?: { refuse?: boolean }): void;
  /** Takes connections again after close({ refuse: true }). */
  accept(): void;
  /** Socket.IO connections made so far (reconnections count again). */
  readonly connections: number;
  /** Connections open now. */
  readonly connected: number;
  /** Connection attempts refused while closed. */
  readonly refused: number;
  /** Pongs received (answers to ping()). */
  readonly pongs: number;
  /** The token of the latest connection's auth (`{ token }`), or null when it carried none. */
  readonly token: string | null;
}

const DEFAULTS: Required<FakeHubOptions> = { pingInterval: 2 * 3_600_000, pingTimeout: 60_000 };
// A page-side close with 1001 (going away) reads to the client as its transport closing, so it reconnects.
const GOING_AWAY = { code: 1001, reason: 'fake hub dropped the connection' };

/** The token of a connect packet's auth object, or null when the packet carries none. */
function authToken(payload: string): string | null {
  if (!payload) return null;
  const auth: unknown = JSON.parse(payload);
  if (typeof auth !== 'object' || auth === null || !('token' in auth) || typeof auth.token !== 'string') return null;
  return auth.token;
}

/**
 * Routes the hub of `target` (a page, or every page of a context) to a fake. Call before the page
 * opens its connection (before goto).
 */
export async function fakeHub(target: Page | BrowserContext, options: FakeHubOptions = {}): Promise<FakeHub> {
  const { pingInterval, pingTimeout } = { ...DEFAULTS, ...options };
  // Every websocket the fake holds, and those of them that finished the Socket.IO connect.
  const sockets = new Set<WebSocketRoute>();
  const open = new Set<WebSocketRoute>();
  let connections = 0;
  let refused = 0;
  let pongs = 0;
  let token: string | null = null;
  let refusing = false;

  const forget = (ws: WebSocketRoute) => {
    sockets.delete(ws);
    open.delete(ws);
  };
  const drop = (ws: WebSocketRoute) => {
    forget(ws);
    void ws.close(GOING_AWAY).catch(() => undefined);
  };

  const onPacket = (ws: WebSocketRoute, packet: string) => {
    switch (packet[0]) {
      case '1': // Engine.IO close: the client is leaving.
        forget(ws);
        return;
      case '2': // A ping from the client (only the upgrade probe, which a websocket-only server never asks for).
        ws.send(`3${packet.slice(1)}`);
        return;
      case '3':
        pongs += 1;
        return;
      case '4':
        return onSocketIo(ws, packet.slice(1));
      default:
        return;
    }
  };

  const onSocketIo = (ws: WebSocketRoute, packet: string) => {
    const type = packet[0];
    const rest = packet.slice(1);
    if (type === '0') {
      // Only the main namespace exists; a named one ('/admin,{...}') is refused as the server would.
      if (rest.startsWith('/')) {
        const nsp = rest.slice(0, rest.indexOf(',') < 0 ? undefined : rest.indexOf(','));
        ws.send(`44${nsp},${JSON.stringify({ message: 'Invalid namespace' })}`);
        return;
      }
      token = authToken(rest);
      connections += 1;
      open.add(ws);
      ws.send(`40${JSON.stringify({ sid: randomBytes(15).toString('base64url') })}`);
      return;
    }
    if (type === '1') open.delete(ws);
    // Events the page sends ('SendJSON') are not answered: the real hub answers none the pages rely on.
  };

  await target.routeWebSocket(new RegExp(`${HUB_PATH}/`), (ws) => {
    const handshake = {
      sid: randomBytes(15).toString('base64url'),
      upgrades: [],
      pingInterval,
      pingTimeout,
      maxPayload: 1_000_000,
    };
    ws.send(`0${JSON.stringify(handshake)}`);
    if (refusing) {
      // Closed after the handshake, not before: a websocket closed while the client waits for the
      // open packet leaves socket.io-client waiting out its 20-second connect timeout, whereas a
      // transport that closes once open is retried after the usual reconnection delay.
      refused += 1;
      void ws.close(GOING_AWAY).catch(() => undefined);
      return;
    }
    ws.onMessage((message) => onPacket(ws, typeof message === 'string' ? message : message.toString()));
    ws.onClose(() => forget(ws));
    sockets.add(ws);
  });

  return {
    send(message) {
      if (open.size === 0) throw new Error(`the fake hub has no connected page to send '${message.type}' to`);
      const packet = `42${JSON.stringify([RECEIVE, hubMessage.encode(message)])}`;
      for (const ws of open) ws.send(packet);
    },
    ping() {
      for (const ws of open) ws.send('2');
    },
    close({ refuse = false } = {}) {
      refusing = refuse;
      for (const ws of [...sockets]) drop(ws);
    },
    accept() {
      refusing = false;
    },
    get connections() {
      return connections;
    },
    get connected() {
      return open.size;
    },
    get refused() {
      return refused;
    },
    get pongs() {
      return pongs;
    },
    get token() {
      return token;
    },
  };
}
