import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB_PATH, RECEIVE, type HubMessage } from '@gavel/domain';
import { scratchDatabase } from './test/harness';
import { eventDocument } from './test/documents';

/**
 * Two real server processes on one PostgreSQL and one Redis: a bid through one reaches a bidder
 * connected to the other, and both closing sweepers together close an item exactly once.
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL (.ci/run sets both); without them it does not run.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const ADMIN_TOKEN = 'multi-admin-token-0123456789';
const ports = [18181, 18182];

let db: { url: string; drop(): Promise<void> };
const procs: ChildProcess[] = [];
const dirs: string[] = [];
const sockets: Socket[] = [];

async function waitHealthy(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on ${port} did not start`);
}

const api = async (port: number, path: string, body: object, token?: string) => {
  const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

async function signUp(email: string): Promise<string> {
  await api(ports[0] ?? 0, '/create', { email, password: 'long password', eventcode: 'gala' });
  const mails = (await (await fetch(`http://127.0.0.1:${ports[0]}/dev/mailbox.json`)).json()) as Array<{
    to: string;
    links: string[];
  }>;
  const secret =
    mails
      .find((m) => m.to === email)
      ?.links[0]?.split('/')
      .pop() ?? '';
  // Verified through the other process: the link lives in the shared database.
  const verified = await api(ports[1] ?? 0, '/verifyemail', { token: secret });
  return String(verified.json.token);
}

describe.skipIf(!pgUrl || !redisUrl)('several server processes', () => {
  beforeAll(async () => {
    db = await scratchDatabase(pgUrl ?? '');
    for (const port of ports) {
      const dir = mkdtempSync(join(tmpdir(), 'gavel-multi-'));
      dirs.push(dir);
      const child = spawn(process.execPath, ['--import', 'tsx', main], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dir,
          DATABASE_URL: db.url,
          REDIS_URL: redisUrl,
          JWT_SECRET: 'multi-process-secret-0123456789abcdefghijkl',
          ADMIN_TOKEN,
          SEED_DEMO: 'false',
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      });
      procs.push(child);
      // One at a time: both would otherwise race to apply the migrations.
      await waitHealthy(port);
    }
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    procs.forEach((p) => p.kill('SIGTERM'));
    await Promise.all(procs.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.once('exit', r)))));
    await db?.drop();
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  it('carries a bid made through one process to a bidder connected to the other, and closes once', async () => {
    const now = new Date();
    const doc = eventDocument(now, {
      items: [
        {
          itemnum: 'x1',
          name: 'Shared Item',
          startingbid: 10,
          minimumbidincrease: 1,
          closing: new Date(now.getTime() + 6_000).toISOString(),
        },
      ],
    });
    const imported = await fetch(`http://127.0.0.1:${ports[0]}/api/admin/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify(doc),
    });
    expect(imported.status).toBe(200);
    const annToken = await signUp('ann@example.org');
    const bobToken = await signUp('bob@example.org');
    const items = await api(ports[0] ?? 0, '/auctionitems', { eventcode: 'gala' }, bobToken);
    const itemid = (items.json.auctionitems as Array<{ itemid: number }>)[0]?.itemid;

    const socket = connect(`http://127.0.0.1:${ports[0]}`, {
      path: HUB_PATH,
      auth: { token: bobToken },
      transports: ['websocket'],
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const arrived = new Promise<HubMessage>((resolve) =>
      socket.on(RECEIVE, (m: HubMessage) => m.type === 'itemupdate' && resolve(m)),
    );
    const bid = await api(ports[1] ?? 0, '/submitbid', { eventcode: 'gala', itemid, bid: 10 }, annToken);
    expect(bid.status).toBe(200);
    expect(await arrived).toMatchObject({ type: 'itemupdate', item: { itemid, currentbid: 10, numberofbids: 1 } });

    // Both processes sweep every second; wait for the close, then count the winners.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      let closed = false;
      for (let i = 0; i < 150 && !closed; i++) {
        const r = await client.query('select closed_at from auction_items where id = $1', [itemid]);
        closed = r.rows[0]?.closed_at !== null;
        if (!closed) await new Promise((res) => setTimeout(res, 100));
      }
      expect(closed).toBe(true);
      const won = await client.query('select count(*)::int as n from won_items where item_id = $1', [itemid]);
      expect(won.rows[0]?.n).toBe(1);
    } finally {
      await client.end();
    }
  }, 60_000);
});
