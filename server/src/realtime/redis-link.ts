import type { FastifyBaseLogger } from 'fastify';
import { connectWithin, redisClient, type RedisClient } from '../lib/redis-client';

/**
 * The hub's two Redis connections (publishing and subscribing, for the Socket.IO adapter), and
 * whether both are up. Redis going away must not take a server with it: each connection retries
 * by itself, every command's refusal is caught here (the adapter sends without waiting for the
 * answer, and a refusal nothing caught would end the process), and the hub hears when live
 * messages between servers stop and start again (`onChange`).
 */

/** Reconnecting: the first retry after 100 ms, then slower, up to 1 s apart, so live updates resume within a second of Redis. */
const RECONNECT_MAX_MS = 1_000;
/** How long a server's start waits for Redis before it starts with live updates paused. */
const START_WAIT_MS = 5_000;

export interface RedisLink {
  pub: RedisClient;
  sub: RedisClient;
  /** Both connections are up: messages reach the other servers. */
  readonly up: boolean;
  close(): Promise<void>;
}

/** The client, with the promise of every call it answers caught: the caller still sees a refusal it waits for. */
function guarded(client: RedisClient): RedisClient {
  // One wrapper per method, made on first use: publish runs for every live message.
  const wrapped = new Map<PropertyKey, (...args: unknown[]) => unknown>();
  return new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      let call = wrapped.get(prop);
      if (!call) {
        call = (...args: unknown[]) => {
          const result: unknown = Reflect.apply(value, target, args);
          if (result instanceof Promise) result.catch(() => undefined);
          return result;
        };
        wrapped.set(prop, call);
      }
      return call;
    },
  });
}

export async function linkRedis(
  url: string,
  log: FastifyBaseLogger,
  onChange: (up: boolean) => void,
): Promise<RedisLink> {
  // Queued while down: the adapter's subscriptions, sent before the first connection, must reach Redis.
  const pub = await redisClient(url, { maxRetryMs: RECONNECT_MAX_MS, queueWhileDown: true });
  const sub = pub.duplicate();
  let up = false;
  let closing = false;
  const check = () => {
    const now = pub.isReady && sub.isReady;
    if (now === up || closing) return;
    up = now;
    if (up) log.info('live updates between servers resumed: Redis is back');
    else log.warn('live updates between servers paused: Redis is unreachable');
    onChange(up);
  };
  for (const [client, name] of [
    [pub, 'publish'],
    [sub, 'subscribe'],
  ] as const) {
    // Logged once per outage (check), not at every failed reconnect.
    client.on('error', (err: Error) => {
      if (up) log.error({ err: err.message }, `redis ${name} client error`);
      check();
    });
    client.on('ready', check);
    client.on('end', check);
    client.on('reconnecting', check);
  }
  await connectWithin([pub, sub], START_WAIT_MS);
  check();
  if (!up) log.warn('live updates between servers paused: Redis is unreachable at start (they begin once it answers)');
  return {
    pub: guarded(pub),
    sub: guarded(sub),
    get up() {
      return up;
    },
    close: async () => {
      closing = true;
      // destroy, not quit: a quit waits for an answer from a Redis that may be gone.
      for (const client of [pub, sub]) if (client.isOpen) client.destroy();
    },
  };
}
