import type { createClient } from 'redis';

/**
 * Gavel's Redis connections (the hub's, the counters'), made one way: each reconnects by itself,
 * 100 ms after a loss and then slower, up to `maxRetryMs` apart, and a server's start never waits
 * on Redis for long (code style 41).
 */
export type RedisClient = ReturnType<typeof createClient>;

export async function redisClient(
  url: string,
  { maxRetryMs, queueWhileDown }: { maxRetryMs: number; queueWhileDown: boolean },
): Promise<RedisClient> {
  // Loaded only by a server given REDIS_URL (code style 46).
  const { createClient } = await import('redis');
  return createClient({
    url,
    // Off: a command while disconnected fails at once (the caller then does without Redis).
    disableOfflineQueue: !queueWhileDown,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, maxRetryMs) },
  });
}

/**
 * Starts connecting the clients and waits at most `waitMs` for them: with Redis not up yet their
 * connections keep trying (they would hold the start for good), and the clients join once it answers.
 */
export async function connectWithin(clients: RedisClient[], waitMs: number): Promise<void> {
  const connecting = Promise.all(clients.map((c) => c.connect()));
  connecting.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([connecting, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}
