import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createClient } from 'redis';
import { freePort } from './server-process';

/**
 * A Redis server of the test's own, which the test may stop and start again (an outage) without
 * touching the run's shared one (TEST_REDIS_URL). Needs `redis-server` on the PATH (.ci/run
 * installs it); `hasRedisServer` tells a test file whether to run.
 */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server (SIGKILL: as abrupt as a crash) and waits for it to be gone. */
  stop(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open and nothing answers, as a Redis stuck would. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
  /** Starts it again on the same port, empty, and waits until it answers; nothing if it runs. */
  start(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 500, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const pong = await client.ping();
    client.destroy();
    return pong === 'PONG';
  } catch {
    return false;
  }
}

/** A Redis of the test's own, on `port` or a free one. */
export async function startTestRedis(port?: number): Promise<TestRedis> {
  port ??= await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child && child.exitCode === null) return;
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      if (await answers(url)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server on ${port} did not start`);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const gone = new Promise((r) => running.once('exit', r));
    running.kill('SIGKILL');
    await gone;
  };
  await start();
  return {
    url,
    port,
    start,
    stop,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
  };
}
