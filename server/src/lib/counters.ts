import { connectWithin, redisClient } from './redis-client';

/**
 * Fixed-window counters, the one store behind the rate limits (lib/limits.ts) and the guessing
 * budgets (lib/guessing.ts). Without Redis each process counts its own; with REDIS_URL every
 * process counts in Redis, so a budget holds for the whole deployment however many servers share
 * it. Redis unreachable (down, restarting, too slow) never fails a call: the counting falls back to
 * this process's own windows until Redis answers again, as it would be without Redis.
 */

/** A key's window: how many it has counted and when it starts again (epoch ms). */
export interface CounterWindow {
  count: number;
  resetAt: number;
}

export interface Counters {
  /** Whether counts are shared with the other servers now (in Redis), not this process's alone. */
  readonly shared: boolean;
  /** The key's live window, or undefined when it has none (never counted, or expired). */
  read(key: string): Promise<CounterWindow | undefined>;
  /** Counts one against the key, opening a window of `windowMs` when it has none; answers the window after. */
  add(key: string, windowMs: number): Promise<CounterWindow>;
}

/** Past this many keys, expired windows are swept, so a flood of made-up keys cannot grow memory without end. */
const SWEEP_AT = 50_000;

/** This process's own windows. */
export class LocalCounters implements Counters {
  readonly shared = false;
  private readonly windows = new Map<string, CounterWindow>();
  constructor(private readonly now: () => number = Date.now) {}

  read(key: string): Promise<CounterWindow | undefined> {
    return Promise.resolve(this.live(key));
  }

  add(key: string, windowMs: number): Promise<CounterWindow> {
    const w = this.live(key);
    if (w) {
      w.count += 1;
      return Promise.resolve({ ...w });
    }
    if (this.windows.size >= SWEEP_AT) this.sweep();
    const opened = { count: 1, resetAt: this.now() + windowMs };
    this.windows.set(key, opened);
    return Promise.resolve({ ...opened });
  }

  private live(key: string): CounterWindow | undefined {
    const w = this.windows.get(key);
    return w && w.resetAt > this.now() ? w : undefined;
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/** One count and the window's time left, in one call: a new window's expiry is set with its first count. */
const ADD = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;
const READ = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

/** Where the counters' Redis client reports; Fastify's (pino) logger fits. */
export interface CountersLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** A call to Redis that takes longer than this counts in the process instead: a request never waits on a slow Redis. */
const REDIS_CALL_MS = 250;
/** Reconnecting: the first retry after 100 ms, then slower, up to 2 s apart. */
const RECONNECT_MAX_MS = 2_000;
const KEY_PREFIX = 'gavel:count:';
/** How long a server's start waits for Redis before it counts in the process meanwhile. */
const START_WAIT_MS = 2_000;

export interface SharedCounters extends Counters {
  close(): Promise<void>;
}

const pair = (reply: unknown): [number, number] => {
  if (!Array.isArray(reply)) throw new Error('unexpected reply from Redis');
  return [Number(reply[0]), Number(reply[1])];
};

/**
 * Counters in Redis, with this process's windows standing in while Redis cannot be reached. The
 * client queues nothing while disconnected (a call then fails at once and counts locally), and
 * reconnects by itself; the first call after Redis returns counts there again.
 */
export async function redisCounters(
  url: string,
  log: CountersLog,
  now: () => number = Date.now,
): Promise<SharedCounters> {
  const local = new LocalCounters(now);
  const client = await redisClient(url, { maxRetryMs: RECONNECT_MAX_MS, queueWhileDown: false });
  let shared = false;
  client.on('error', (err: Error) => {
    if (shared) log.warn({ err: err.message }, 'rate limits count in this process: Redis is unreachable');
    shared = false;
  });
  client.on('ready', () => {
    if (!shared) log.info({}, 'rate limits count in Redis');
    shared = true;
  });
  // The counting starts in the process and moves to Redis once it answers.
  await connectWithin([client], START_WAIT_MS);

  async function inRedis<T>(work: () => Promise<T>, instead: () => Promise<T>): Promise<T> {
    if (!client.isReady) return instead();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis took over ${REDIS_CALL_MS} ms`)), REDIS_CALL_MS);
    });
    try {
      return await Promise.race([work(), late]);
    } catch (err) {
      if (shared)
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'a count fell back to this process');
      return instead();
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    get shared() {
      return client.isReady;
    },
    read: (key) =>
      inRedis(
        async () => {
          const [count, ttl] = pair(await client.eval(READ, { keys: [KEY_PREFIX + key] }));
          return count > 0 && ttl > 0 ? { count, resetAt: now() + ttl } : undefined;
        },
        () => local.read(key),
      ),
    add: (key, windowMs) =>
      inRedis(
        async () => {
          const [count, ttl] = pair(
            await client.eval(ADD, {
              keys: [KEY_PREFIX + key],
              arguments: [String(Math.max(1, Math.round(windowMs)))],
            }),
          );
          return { count, resetAt: now() + ttl };
        },
        () => local.add(key, windowMs),
      ),
    close: async () => {
      // destroy, not quit: a quit waits for a Redis that may be gone.
      if (client.isOpen) client.destroy();
    },
  };
}
