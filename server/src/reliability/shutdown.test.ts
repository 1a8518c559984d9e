import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, type ScratchDatabase } from '../test/harness';
import { hasRedisServer, startTestRedis, type TestRedis } from '../test/redis-server';
import { freePort, startServer, started, waitHealthy } from '../test/server-process';
import { startProxy, type CuttingProxy } from './db-restart-proxy';

/**
 * A server stops within 10 seconds of SIGTERM whatever is down or goes down meanwhile. Replays
 * what was seen once in three tries: SIGTERM with Redis down and PostgreSQL stopping a moment
 * later, and the server never exited (its hub waited on Redis for good, so its jobs went on
 * retrying the database). Real server processes on PostgreSQL (reached through a proxy the test
 * can take away, as PostgreSQL stopping would) and a Redis of the test's own.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const LIMIT_MS = 10_000;

let db: ScratchDatabase;
let redis: TestRedis;
const dirs: string[] = [];

interface Started {
  child: ChildProcess;
  port: number;
  proxy: CuttingProxy;
}

async function startGavel(): Promise<Started> {
  const proxy = await startProxy(db.url);
  const dir = mkdtempSync(join(tmpdir(), 'gavel-stop-'));
  dirs.push(dir);
  const server = startServer(dir, await freePort(), {
    DATABASE_URL: proxy.url,
    REDIS_URL: redis.url,
    LOG_LEVEL: 'silent',
  });
  await waitHealthy(server);
  return { child: server.child, port: server.port, proxy };
}

/**
 * Sends SIGTERM and answers how long the process took to exit, or null if it was still running at
 * the limit; `codes` gets its exit code (0: it stopped in order, not cut short by its deadline).
 */
const codes: Array<number | null> = [];
async function stopTimed(
  child: ChildProcess,
  meanwhile: () => Promise<void> = async () => undefined,
): Promise<number | null> {
  const sent = Date.now();
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code) => {
      codes.push(code);
      resolve(Date.now() - sent);
    }),
  );
  child.kill('SIGTERM');
  await meanwhile();
  const limit = new Promise<null>((resolve) => setTimeout(() => resolve(null), LIMIT_MS + 2_000));
  const took = await Promise.race([exited, limit]);
  console.log(`RELIABILITY stop: ${expect.getState().currentTestName ?? ''}: ${took ?? 'still running'} ms`);
  return took;
}

describe.skipIf(!pgUrl || !hasRedisServer)('a server’s stop', () => {
  beforeAll(async () => {
    db = await scratchDatabase(pgUrl ?? '');
    redis = await startTestRedis();
  });
  afterAll(async () => {
    started.forEach((s) => s.child.kill('SIGKILL'));
    await redis?.stop();
    await db?.drop();
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  /** What is down when SIGTERM comes, and what goes down just after. */
  const downs: Array<{
    name: string;
    before: (g: Started) => Promise<unknown>;
    meanwhile?: (g: Started) => Promise<void>;
  }> = [
    {
      name: 'with Redis down, then PostgreSQL stopping a moment after SIGTERM, ends within 10 s (the case seen)',
      before: () => redis.stop(),
      meanwhile: async (g) => {
        await new Promise((r) => setTimeout(r, 200));
        await g.proxy.close();
      },
    },
    { name: 'with PostgreSQL gone and Redis up, ends within 10 s', before: (g) => g.proxy.close() },
    { name: 'with both gone, ends within 10 s', before: (g) => Promise.all([redis.stop(), g.proxy.close()]) },
  ];
  for (const down of downs)
    it(
      down.name,
      async () => {
        await redis.start();
        const started = await startGavel();
        await down.before(started);
        const took = await stopTimed(started.child, () => down.meanwhile?.(started) ?? Promise.resolve());
        expect(took ?? Infinity).toBeLessThan(LIMIT_MS);
        expect(codes.at(-1)).toBe(0);
      },
      60_000,
    );

  it('with everything up, finishes a request in flight, answers it, and ends with success', async () => {
    await redis.start();
    const { child, port } = await startGavel();
    // In flight for sure: its headers are in when SIGTERM comes, its body only after.
    const body = JSON.stringify({ eventcode: 'gala' });
    let answered = 0;
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/guestlogin',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
    });
    const done = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
    });
    req.write(body.slice(0, 5));
    await new Promise((r) => setTimeout(r, 300));
    const exitCode = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const took = await stopTimed(child, async () => {
      await new Promise((r) => setTimeout(r, 300));
      req.end(body.slice(5));
      answered = await done;
    });
    // Answered as it would have been at any time (no such event), not refused as the server stops.
    expect(answered).toBe(404);
    expect(took ?? Infinity).toBeLessThan(LIMIT_MS);
    expect(await exitCode).toBe(0);
  }, 60_000);
});
