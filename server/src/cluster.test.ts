import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HUB_PATH, RECEIVE, type HubMessage } from '@gavel/domain';
import { loadConfig } from './config';
import { scratchDatabase } from './test/harness';
import { eventDocument } from './test/documents';
import { entryArgs } from './test/built-server';

/**
 * PROCESSES=2 (server/src/cluster.ts): one primary, two workers on one port, PostgreSQL and Redis.
 * The refusals run everywhere; the cluster itself needs TEST_DATABASE_URL and TEST_REDIS_URL
 * (.ci/run sets both for the PostgreSQL pass).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/** How node runs the server: the run's bundle (test/built-server.ts); its last argument is the entry file. */
const serverArgs = entryArgs('main');
const ADMIN_TOKEN = 'cluster-admin-token-0123456789';
const PORT = 18191;
const dirs: string[] = [];
const mailbox = z.array(z.object({ to: z.string(), links: z.array(z.string()) }));
const itemList = z.object({ auctionitems: z.array(z.object({ itemid: z.number() })) });

interface Started {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-cluster-'));
  dirs.push(dir);
  const child = spawn(process.execPath, serverArgs, {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      JWT_SECRET: 'cluster-test-secret-0123456789abcdefghijkl',
      ADMIN_TOKEN,
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One call on a connection of its own (the cluster hands out connections, not requests); which worker answered. */
function call(
  method: string,
  path: string,
  body?: object,
  token?: string,
): Promise<{ status: number; json: Record<string, unknown>; worker: string }> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          const parsed: unknown = text.startsWith('{') ? JSON.parse(text) : {};
          resolve({
            status: res.statusCode ?? 0,
            json: parsed && typeof parsed === 'object' ? { ...parsed } : {},
            worker: String(res.headers['x-gavel-process'] ?? ''),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The primary's worker processes, read from /proc. */
function workerPids(primary: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === primary && readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(serverArgs.at(-1) ?? 'main')
          ? [Number(d)]
          : [];
      } catch {
        return [];
      }
    });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Which workers answer ten calls on fresh connections. */
async function answering(): Promise<Set<string>> {
  const answers = await Promise.all(Array.from({ length: 10 }, () => call('GET', '/api/health')));
  return new Set(answers.filter((a) => a.status === 200).map((a) => a.worker));
}

afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('PROCESSES', () => {
  it('is a number or auto (one per core)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gavel-cluster-'));
    dirs.push(dir);
    expect(loadConfig({ DATA_DIR: dir }).processes).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, PROCESSES: '3' }).processes).toBe(3);
    expect(loadConfig({ DATA_DIR: dir, PROCESSES: 'auto' }).processes).toBe(availableParallelism());
    expect(() => loadConfig({ DATA_DIR: dir, PROCESSES: '0' })).toThrow(
      'PROCESSES: must be a number of processes (1, 2, ...) or auto (one per core)',
    );
  });

  it('refuses several processes on the embedded database, and without Redis, before opening anything', async () => {
    const pglite = start({ PROCESSES: '2', PORT: String(PORT) });
    const noRedis = start({ PROCESSES: '2', PORT: String(PORT), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(await pglite.exited).toBe(2);
    expect(pglite.output()).toContain(
      'PROCESSES=2 needs PostgreSQL: set DATABASE_URL. The embedded database (PGlite, used without DATABASE_URL) belongs to one process',
    );
    expect(await noRedis.exited).toBe(2);
    expect(noRedis.output()).toContain('PROCESSES=2 needs Redis: set REDIS_URL');
  });
});

describe.skipIf(!pgUrl || !redisUrl)('PROCESSES=2 on PostgreSQL and Redis', () => {
  let db: { url: string; drop(): Promise<void> };
  let server: Started;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    db = await scratchDatabase(pgUrl ?? '');
    server = start({ PROCESSES: '2', PORT: String(PORT), DATABASE_URL: db.url, REDIS_URL: redisUrl ?? '' });
    await until('the addresses', () =>
      server.output().includes('Gavel is running (PostgreSQL, 2 processes)') ? true : undefined,
    );
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await db?.drop();
  });

  it('answers from both workers, and a bid through either reaches bidders connected to both', async () => {
    expect(await answering()).toEqual(new Set(['1', '2']));
    expect(server.output().match(/Gavel is running/g)).toHaveLength(1);
    // Long-polling would send a session's requests to either worker: refused, WebSocket only.
    const polling = await call('GET', `${HUB_PATH}/?EIO=4&transport=polling`);
    expect(polling).toMatchObject({ status: 400, json: { message: 'Transport unknown' } });

    const now = new Date();
    const imported = await fetch(`http://127.0.0.1:${PORT}/api/admin/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify(
        eventDocument(now, {
          items: [{ itemnum: 'c1', name: 'Cluster Item', startingbid: 10, minimumbidincrease: 1 }],
        }),
      ),
    });
    expect(imported.status).toBe(200);
    const signUp = async (email: string) => {
      await call('POST', '/api/create', { email, password: 'long password', eventcode: 'gala' });
      const mails = mailbox.parse(await (await fetch(`http://127.0.0.1:${PORT}/dev/mailbox.json`)).json());
      const verified = await call('POST', '/api/verifyemail', {
        token:
          mails
            .find((m) => m.to === email)
            ?.links[0]?.split('/')
            .pop() ?? '',
      });
      return String(verified.json.token);
    };
    const ann = await signUp('ann@example.org');
    const bob = await signUp('bob@example.org');
    const items = await call('POST', '/api/auctionitems', { eventcode: 'gala' }, bob);
    const itemid = itemList.parse(items.json).auctionitems[0]?.itemid;

    // The primary hands connections to the workers in turn: four sockets, two on each. Each must
    // hear both bids, the one made through its own worker and the one through the other. Their order
    // is not fixed: a bid through the other worker reaches this one through Redis, which a busy
    // machine may deliver after this worker's own next bid (seen with the CPU slowed).
    const heard = (socket: Socket) =>
      new Promise<number[]>((resolve) => {
        const prices: number[] = [];
        socket.on(RECEIVE, (m: HubMessage) => {
          if (m.type !== 'itemupdate' || m.item.itemid !== itemid) return;
          prices.push(m.item.currentbid);
          if (prices.length === 2) resolve(prices.sort((a, b) => a - b));
        });
      });
    const arrivals: Array<Promise<number[]>> = [];
    for (let i = 0; i < 4; i++) {
      const socket = connect(`http://127.0.0.1:${PORT}`, {
        path: HUB_PATH,
        auth: { token: bob },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      arrivals.push(heard(socket));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    }
    const bids = [
      await call('POST', '/api/submitbid', { eventcode: 'gala', itemid, bid: 10 }, ann),
      await call('POST', '/api/submitbid', { eventcode: 'gala', itemid, bid: 11 }, bob),
    ];
    expect(bids.map((b) => b.status)).toEqual([200, 200]);
    expect(new Set(bids.map((b) => b.worker))).toEqual(new Set(['1', '2']));
    expect(await Promise.all(arrivals)).toEqual(Array.from({ length: 4 }, () => [10, 11]));
  }, 60_000);

  it('replaces a worker that dies', async () => {
    const before = workerPids(server.child.pid ?? 0);
    expect(before).toHaveLength(2);
    process.kill(before[0] ?? 0, 'SIGKILL');
    const after = await until('a new worker', () => {
      const now = workerPids(server.child.pid ?? 0);
      return now.length === 2 && !now.includes(before[0] ?? 0) ? now : undefined;
    });
    expect(after).toContain(before[1]);
    // The third worker ever forked, beside the second.
    await until('both workers answering', async () => ((await answering()).size === 2 ? true : undefined));
    expect(await answering()).toEqual(new Set(['2', '3']));
    expect(server.output()).toMatch(/Server process \d+ stopped \(signal SIGKILL\); starting another in 1 s\./);
  }, 60_000);

  it('stops gracefully on SIGTERM: the workers close, then the primary', async () => {
    const workers = workerPids(server.child.pid ?? 0);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(workers.filter(alive)).toEqual([]);
  }, 30_000);
});
