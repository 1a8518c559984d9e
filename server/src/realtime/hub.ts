import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { clientMessage, HUB_PATH, hubMessage, hubRefusals, RECEIVE, SEND, type HubMessage } from '@gavel/domain';
import type { BoardClaims, LoginClaims, StaffClaims, TokenService } from '../lib/tokens';
import { clientAddress, DEFAULT_SOCKET_CAPS, LiveSockets, type SocketCaps } from './caps';
import { linkRedis, type RedisLink } from './redis-link';

/** Where live messages go: everyone in an event, or one bidder's open tabs and phones. */
export interface LivePublisher {
  toEvent(auctioncode: string, eventcode: string, message: HubMessage): void;
  toBidder(bidderId: number, message: HubMessage): void;
  /** The console screens open on an event (staff sockets only). */
  toConsole(auctioncode: string, eventcode: string, message: HubMessage): void;
}

export const eventRoom = (auctioncode: string, eventcode: string) =>
  `event:${auctioncode.toLowerCase()}/${eventcode.toLowerCase()}`;
export const bidderRoom = (bidderId: number) => `bidder:${bidderId}`;
/** The console screens open on one event: only staff sockets join it. */
export const consoleRoom = (auctioncode: string, eventcode: string) =>
  `console:${auctioncode.toLowerCase()}/${eventcode.toLowerCase()}`;
/** Every socket of one account, in all its events: a password reset drops them together. */
export const accountRoom = (accountId: number) => `account:${accountId}`;
/** Between server processes (the Redis adapter's serverSideEmit): an account's sessions before a version have ended. */
const SESSIONS_ENDED = 'gavel:sessionsended';
/** The longest delay a Node timer takes. */
const LONGEST_TIMER_MS = 2_147_483_647;

const FLOOD_WINDOW_MS = 10_000;
const FLOOD_MAX = 40;

export interface Hub extends LivePublisher {
  io: Server;
  close(): Promise<void>;
}

interface HubOptions {
  tokens: TokenService;
  clock: () => Date;
  log: FastifyBaseLogger;
  redisUrl: string | undefined;
  /** TRUST_PROXY: the client's address is the proxy's X-Forwarded-For, as for the API. */
  trustProxy?: boolean;
  /** Live sockets per token and per address (caps.ts); tests set small ones. */
  caps?: SocketCaps;
  /**
   * Whether a staff token may follow an event now: the staff member is still on the staff at the
   * token's session version, and the event is the organization's. Without it staff sockets are refused.
   */
  staffMayFollow?: (claims: StaffClaims, eventcode: string) => Promise<boolean>;
}

/**
 * Who holds a socket: a display board (the event's room only), a login token (a guest's or a
 * bidder's), or a staff member's console screen on one event (the event's room and its console room).
 */
type Holder =
  | { kind: 'board'; claims: BoardClaims }
  | { kind: 'login'; claims: LoginClaims }
  | { kind: 'staff'; claims: StaffClaims & { eventcode: string } };

/** Who holds a socket, for the logs. */
const holderName = (holder: Holder): string =>
  holder.kind === 'staff' ? `staff:${holder.claims.staffid}` : holder.claims.sub;

/** The event a console screen follows, as its handshake names it. */
function handshakeEventcode(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { eventcode?: unknown } | undefined;
  return typeof auth?.eventcode === 'string' && auth.eventcode ? auth.eventcode : undefined;
}

function handshakeToken(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token;
  // SignalR-style clients send the token as a query parameter.
  const q = socket.handshake.query.access_token;
  return typeof q === 'string' && q ? q : undefined;
}

/** Runs `end` once `ms` have passed, however long that is (a login token lasts 14 days, past one timer). */
function after(ms: number, end: () => void): { cancel(): void } {
  let timer: ReturnType<typeof setTimeout>;
  const arm = (left: number) => {
    timer = setTimeout(
      () => (left > LONGEST_TIMER_MS ? arm(left - LONGEST_TIMER_MS) : end()),
      Math.min(Math.max(left, 0), LONGEST_TIMER_MS),
    );
    timer.unref();
  };
  arm(ms);
  return { cancel: () => clearTimeout(timer) };
}

/**
 * The live hub: Socket.IO at /hubs/auction. A connection needs a valid token, unexpired and not
 * revoked: a display board's (GET /displayboard), which joins its event's room only, or a login
 * token, a guest's (the event's room) or a bidder's (also their own room and their account's).
 * Each token and each address holds a bounded number of sockets (caps.ts). A socket is dropped
 * when its token expires, and an account's sockets, in every process, when its password is
 * reset. With REDIS_URL the Redis adapter carries messages between server processes.
 */
export async function createHub(server: HttpServer, opts: HubOptions): Promise<Hub> {
  const io = new Server(server, {
    path: HUB_PATH,
    serveClient: false,
    cors: { origin: false },
    pingInterval: 20_000,
    pingTimeout: 20_000,
  });
  // With Redis, live messages reach every server's sockets. While Redis is unreachable they would
  // reach only this server's: its sockets are closed (the phones and boards say live updates are
  // paused and fetch what they show now and then) and new ones refused, until Redis is back; the
  // clients reconnect by themselves then, and fetch what they missed.
  let redis: RedisLink | undefined;
  if (opts.redisUrl) {
    redis = await linkRedis(opts.redisUrl, opts.log, (up) => {
      if (!up) for (const socket of io.of('/').sockets.values()) socket.conn.close();
    });
    const { createAdapter } = await import('@socket.io/redis-adapter');
    io.adapter(createAdapter(redis.pub, redis.sub));
  }
  /** Live messages reach every socket of the event: none without Redis, or with Redis up. */
  const live = () => !redis || redis.up;

  const sockets = new LiveSockets(opts.caps ?? DEFAULT_SOCKET_CAPS);
  const holders = new WeakMap<Socket, Holder>();

  io.use(async (socket, next) => {
    if (!live()) return next(new Error(hubRefusals.unavailable));
    const token = handshakeToken(socket);
    if (!token) return next(new Error(hubRefusals.tokenRequired));
    // Whether the token was revoked is read from the database now and then; a failure of that
    // read refuses this connection (the client retries), never reaches the process as unhandled.
    const check = await holderOf(opts, token, handshakeEventcode(socket)).catch((err: unknown) => {
      opts.log.warn({ err }, 'hub could not check a token');
      return undefined;
    });
    if (!check) return next(new Error(hubRefusals.unavailable));
    if (!check.ok)
      return next(new Error(check.reason === 'expired' ? hubRefusals.tokenExpired : hubRefusals.tokenInvalid));
    // The client left during the token check: nothing to count (Socket.IO drops the socket).
    if (socket.conn.readyState !== 'open') return next(new Error(hubRefusals.unavailable));
    const address = clientAddress(socket.handshake, opts.trustProxy ?? false);
    const admitted = sockets.admit(token, address);
    if (!admitted.ok) {
      opts.log.warn(
        { sub: holderName(check.holder), address, refusal: admitted.refusal },
        'hub refused a socket over its cap',
      );
      return next(new Error(admitted.refusal));
    }
    // Counted out when it disconnects, or when its connection closes before it is connected
    // (Socket.IO then drops it without a disconnect).
    socket.once('disconnect', admitted.release);
    socket.conn.once('close', admitted.release);
    holders.set(socket, check.holder);
    next();
  });

  io.on('connection', (socket) => {
    // Set by the middleware, which every connection passed.
    const holder = holders.get(socket);
    if (!holder) return void socket.disconnect(true);
    const { claims } = holder;
    void socket.join(eventRoom(claims.auctioncode, claims.eventcode));
    // A board hears only what everyone in the event hears; a bidder also their own rooms; a console screen its event's.
    if (holder.kind === 'login' && !holder.claims.isguest)
      void socket.join([bidderRoom(holder.claims.bidderid), accountRoom(holder.claims.userid)]);
    if (holder.kind === 'staff') void socket.join(consoleRoom(claims.auctioncode, claims.eventcode));
    // The token's end is the connection's end (the app signs out then too).
    const expiry = after(claims.exp * 1000 - opts.clock().getTime(), () => socket.disconnect(true));
    socket.once('disconnect', () => expiry.cancel());
    let windowStart = Date.now();
    let count = 0;
    socket.on(SEND, (payload: unknown) => {
      const t = Date.now();
      if (t - windowStart > FLOOD_WINDOW_MS) {
        windowStart = t;
        count = 0;
      }
      if (++count > FLOOD_MAX) {
        opts.log.warn({ sub: holderName(holder) }, 'hub client flooded messages; disconnected');
        socket.disconnect(true);
        return;
      }
      const parsed = clientMessage.safeParse(typeof payload === 'string' ? safeJson(payload) : payload);
      if (!parsed.success) {
        opts.log.info({ sub: holderName(holder) }, 'ignored a malformed hub message');
        return;
      }
      if (parsed.data.type === 'ping')
        socket.emit(RECEIVE, { type: 'eventcode', eventcode: claims.eventcode, auctioncode: claims.auctioncode });
    });
  });

  // Requests still finishing while the server stops may publish after the hub has closed: their
  // messages are dropped (every socket is gone), never sent to a closed Redis client, whose
  // refusal nothing would catch.
  let closed = false;

  // A password reset here: the other processes' caches learn the new version, and the account's
  // sockets close wherever they are (disconnectSockets goes through the adapter too).
  opts.tokens.onRevoke((accountId, version) => {
    if (closed) return;
    // While Redis is away the other servers learn the new version from the database (lib/tokens.ts reads it now and then).
    if (redis?.up) io.serverSideEmit(SESSIONS_ENDED, accountId, version);
    io.in(accountRoom(accountId)).disconnectSockets(true);
  });
  // A password reset in another process.
  io.on(SESSIONS_ENDED, (accountId: unknown, version: unknown) => {
    if (typeof accountId === 'number' && typeof version === 'number') opts.tokens.learnRevoked(accountId, version);
  });
  // Messages hold cents like everything inside; they leave as the API's dollars. In one process
  // (no Redis) a room no socket is in has no one to tell, so the message is not even encoded: a
  // bidder whose phone is asleep, or a console nobody has open, costs a bid nothing. With Redis the
  // room may have sockets on another server, so every message goes out.
  const send = (room: string, message: HubMessage) => {
    if (closed || !live()) return;
    if (!redis && !io.sockets.adapter.rooms.has(room)) return;
    io.to(room).emit(RECEIVE, z.encode(hubMessage, message));
  };
  return {
    io,
    toEvent: (auctioncode, eventcode, message) => send(eventRoom(auctioncode, eventcode), message),
    toBidder: (bidderId, message) => send(bidderRoom(bidderId), message),
    toConsole: (auctioncode, eventcode, message) => send(consoleRoom(auctioncode, eventcode), message),
    // The HTTP server belongs to Fastify, which closes it; here only the sockets and Redis end.
    close: async () => {
      closed = true;
      io.local.disconnectSockets(true);
      io.engine.close();
      await redis?.close();
    },
  };
}

/**
 * The holder of a token: a login's (a guest's or a bidder's), else a display board's, else a staff
 * member's following the event its handshake names. Logins are tried first: they are nearly every
 * socket, and their check is kept (lib/tokens.ts), so a reconnecting venue pays no second
 * signature check per phone. A board or staff token is never a login (TokenService.verify refuses it).
 */
async function holderOf(
  opts: HubOptions,
  token: string,
  eventcode: string | undefined,
): Promise<{ ok: true; holder: Holder } | { ok: false; reason: 'expired' | 'invalid' }> {
  const now = opts.clock();
  const login = await opts.tokens.verify(token, now);
  if (login.ok) return { ok: true, holder: { kind: 'login', claims: login.claims } };
  const board = await opts.tokens.verifyBoard(token, now);
  if (board.ok) return { ok: true, holder: { kind: 'board', claims: board.claims } };
  const staff = await opts.tokens.verifyStaff(token, now);
  if (staff.ok) {
    // A removed member, a reset password or another organization's event: as a token no longer valid.
    if (!eventcode || !opts.staffMayFollow || !(await opts.staffMayFollow(staff.claims, eventcode)))
      return { ok: false, reason: 'expired' };
    return { ok: true, holder: { kind: 'staff', claims: { ...staff.claims, eventcode } } };
  }
  // A token past its end reads as invalid to the other checks: say it expired.
  if (board.reason === 'expired' || staff.reason === 'expired') return { ok: false, reason: 'expired' };
  return login;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
