import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCounters, redisCounters, type SharedCounters } from './counters';
import { hasRedisServer, startTestRedis, type TestRedis } from '../test/redis-server';
import { freePort } from '../test/server-process';
import { notTheDatabase } from '../test/passes';

const quiet = { warn: () => undefined, info: () => undefined };

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(check()).toBe(true);
}

describe('counters in the process', () => {
  it('count within a window, start again after it, and keep keys apart', async () => {
    let now = 1_000;
    const c = new LocalCounters(() => now);
    expect(await c.read('a')).toBeUndefined();
    expect(await c.add('a', 60_000)).toEqual({ count: 1, resetAt: 61_000 });
    expect(await c.add('a', 60_000)).toEqual({ count: 2, resetAt: 61_000 });
    expect(await c.add('b', 60_000)).toEqual({ count: 1, resetAt: 61_000 });
    now = 61_000;
    expect(await c.read('a')).toBeUndefined();
    expect(await c.add('a', 60_000)).toEqual({ count: 1, resetAt: 121_000 });
  });
});

// Redis, not the database, is the subject: the PGlite pass only (test/passes.ts).
describe.skipIf(!hasRedisServer || notTheDatabase)('counters in Redis', () => {
  let redis: TestRedis;
  const opened: SharedCounters[] = [];
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await Promise.all(opened.map((c) => c.close()));
    await redis?.stop();
  });

  it('share one count between two servers, with the window Redis keeps', async () => {
    const a = await redisCounters(redis.url, quiet);
    const b = await redisCounters(redis.url, quiet);
    opened.push(a, b);
    expect(a.shared && b.shared).toBe(true);
    expect((await a.add('k', 60_000)).count).toBe(1);
    expect((await b.add('k', 60_000)).count).toBe(2);
    const w = await a.read('k');
    expect(w?.count).toBe(2);
    expect((w?.resetAt ?? 0) - Date.now()).toBeGreaterThan(55_000);
  });

  it('count in the process when Redis hangs (a call waiting on it would never end), and in Redis again after', async () => {
    const c = await redisCounters(redis.url, quiet);
    opened.push(c);
    await c.add('slow', 60_000);
    redis.pause();
    try {
      // Not Redis's 2 but this process's own first count: Redis did not answer in time.
      expect((await c.add('slow', 60_000)).count).toBe(1);
    } finally {
      redis.resume();
    }
    // The late count lands in Redis too once it goes on (counted one over, never under).
    expect((await c.add('slow', 60_000)).count).toBe(3);
  });

  it('start without Redis, counting in the process, and move to Redis once it answers', async () => {
    const port = await freePort();
    const c = await redisCounters(`redis://127.0.0.1:${port}`, quiet);
    opened.push(c);
    expect(c.shared).toBe(false);
    expect((await c.add('early', 60_000)).count).toBe(1);
    expect((await c.add('early', 60_000)).count).toBe(2);
    // Redis comes up on that port: the next counts are Redis's.
    const late = await startTestRedis(port);
    try {
      await until(() => c.shared);
      expect((await c.add('early', 60_000)).count).toBe(1);
    } finally {
      await late.stop();
    }
  });
});
