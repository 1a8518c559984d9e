import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { ImportDocumentInput } from '@gavel/domain';
import { openDatabase, type Database } from '../server/src/db/client';
import { accounts, auctionItems, bidders } from '../server/src/db/schema';
import { importEventDocument } from '../server/src/features/admin/import-service';
import { TokenService } from '../server/src/lib/tokens';
import { startServer as startServerProcess, waitPrinted } from '../server/src/test/server-process';
import { findTenant } from '../server/src/tenancy';

/** Shared pieces of the benchmarks: servers, databases, seeding, timing. Everything on 127.0.0.1. */
export const JWT_SECRET = 'bench-jwt-secret-0123456789abcdefghijklmnopqrs';
export const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const cleanups: Array<() => void> = [];
export const cleanup = () =>
  cleanups
    .splice(0)
    .reverse()
    .forEach((f) => f());

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export function summary(samples: number[]): { p50: number; p99: number; max: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1] ?? Number.NaN };
}

function pgBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const version = readdirSync(base).sort().pop();
  const bin = version ? join(base, version, 'bin') : undefined;
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
}

export interface Postgres {
  url: string;
  bin: string;
  port: number;
  /** The cluster's data directory (its postmaster.pid names the server, for its CPU time). */
  dataDir: string;
}

/** A throwaway PostgreSQL cluster owned by the postgres user, if PostgreSQL is installed. */
export function startPostgres(port: number): Postgres | undefined {
  const bin = pgBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'gavel-bench-pg-'));
  spawnSync('chown', ['postgres:postgres', dir]);
  const su = (cmd: string) => spawnSync('su', ['postgres', '-c', cmd], { stdio: 'pipe' });
  su(`${bin}/initdb -D ${dir}/data -A trust -U postgres`);
  const started = su(
    `${bin}/pg_ctl -D ${dir}/data -l ${dir}/log -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=256MB -c synchronous_commit=off" -w start`,
  );
  if (started.status !== 0) throw new Error(`PostgreSQL did not start: ${started.stderr.toString()}`);
  cleanups.push(() => {
    su(`${bin}/pg_ctl -D ${dir}/data -m fast stop`);
    rmSync(dir, { recursive: true, force: true });
  });
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, bin, port, dataDir: `${dir}/data` };
}

export function startRedis(port: number): string | undefined {
  if (spawnSync('which', ['redis-server']).status !== 0) return undefined;
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
    stdio: 'ignore',
  });
  cleanups.push(() => child.kill('SIGTERM'));
  return `redis://127.0.0.1:${port}`;
}

/** A fresh database: a new one on the cluster, or an embedded PGlite directory. */
export async function freshDatabase(
  pg: Postgres | undefined,
  name: string,
): Promise<{ db: Database; url?: string; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gavel-bench-data-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (!pg) return { db: await openDatabase({ dir: dataDir }), dataDir };
  const psql = spawnSync(
    join(pg.bin, 'psql'),
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(pg.port),
      '-U',
      'postgres',
      '-c',
      `DROP DATABASE IF EXISTS ${name}`,
      '-c',
      `CREATE DATABASE ${name}`,
    ],
    { stdio: 'pipe' },
  );
  if (psql.status !== 0) throw new Error(psql.stderr.toString());
  const url = pg.url.replace(/\/postgres$/, `/${name}`);
  return { db: await openDatabase({ url }), url, dataDir };
}

export interface Seeded {
  eventcode: string;
  itemIds: number[];
  tokens: string[];
  bidderIds: number[];
}

/**
 * An event with `items` bid items and `people` verified bidders, written straight to the database.
 * `documentItems` gives the items themselves (pictures and all) instead of `items` plain ones.
 */
export async function seed(
  db: Database,
  opts: {
    items: number;
    people: number;
    closing?: Date;
    closeAllAt?: Date;
    eventcode?: string;
    documentItems?: ImportDocumentInput['items'];
  },
): Promise<Seeded> {
  const eventcode = opts.eventcode ?? 'bench';
  const now = new Date();
  const at = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
  const doc: ImportDocumentInput = {
    organization: { auctioncode: 'demo', name: 'Bench Foundation' },
    event: {
      eventcode,
      eventname: 'Bench Gala',
      eventopens: at(-2),
      biddingopens: at(-1),
      biddingcloses: at(24),
      eventcloses: at(48),
    },
    items:
      opts.documentItems ??
      Array.from({ length: opts.items }, (_, i) => ({
        itemnum: String(i + 1),
        name: `Item ${i + 1}`,
        startingbid: 10,
        minimumbidincrease: 1,
        ...(opts.closeAllAt ? { closing: opts.closeAllAt.toISOString() } : {}),
      })),
  };
  await importEventDocument(db.db, doc, { testPaymentsAllowed: true });
  const tenant = await findTenant(db.db, 'demo', eventcode);
  const tokens = new TokenService(JWT_SECRET);
  const rows = await db.db
    .insert(accounts)
    .values(
      Array.from({ length: opts.people }, (_, i) => ({
        organizationId: tenant.organization.id,
        email: `b${i}@bench.example`,
        emailVerified: true,
        firstname: 'B',
        lastname: String(i),
        zip: '60601',
      })),
    )
    .returning({ id: accounts.id });
  const bidderRows = await db.db
    .insert(bidders)
    .values(
      rows.map((r, i) => ({
        eventId: tenant.event.id,
        accountId: r.id,
        bidderdisplaynumber: 101 + i,
        setupcomplete: true,
      })),
    )
    .returning({ id: bidders.id, accountId: bidders.accountId });
  const signed = await Promise.all(
    bidderRows.map((b, i) =>
      tokens.sign(
        {
          userid: b.accountId,
          bidderid: b.id,
          email: `b${i}@bench.example`,
          eventcode,
          auctioncode: 'demo',
          isguest: false,
        },
        now,
      ),
    ),
  );
  const items = await db.db
    .select({ id: auctionItems.id })
    .from(auctionItems)
    .where(eq(auctionItems.eventId, tenant.event.id))
    .orderBy(auctionItems.id);
  return {
    eventcode,
    itemIds: items.map((r) => r.id),
    tokens: signed,
    bidderIds: bidderRows.map((b) => b.id),
  };
}

/**
 * A Gavel server, as `npm start` runs it, on its own port (PROCESSES=n in `env` for cluster mode),
 * started by the tests' own helper (server/src/test/server-process.ts). Ready once it prints its
 * addresses, which it does when every process listens. Rate limits are raised so the load is not
 * refused; pass a variable as '' to keep the server's default.
 */
export async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  // BENCH_CPU_PROF=DIR writes each server's CPU profile there when it stops, to see where its time goes.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server = startServerProcess(
    env.DATA_DIR ?? '',
    port,
    {
      JWT_SECRET,
      ADMIN_TOKEN,
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000000',
      ...env,
    },
    { nodeArgs: profile, echo: true },
  );
  cleanups.push(() => server.child.kill('SIGTERM'));
  await waitPrinted(server, 'Gavel is running');
  return server.child;
}

/** CPU time (ms) of a process and all its descendants, from /proc; 0 when unknown (not Linux). */
export function treeCpuMs(root: number | undefined): number {
  if (!root || !existsSync('/proc')) return 0;
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields after the name: state ppid ... utime (14th of the line) stime (15th).
      stats.set(Number(d), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // gone meanwhile
    }
  }
  let ticks = 0;
  const visit = (pid: number) => {
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === pid) visit(child);
  };
  visit(root);
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** The PostgreSQL server's pid (its backends are its children). */
export function postmasterPid(pg: Postgres | undefined): number | undefined {
  if (!pg) return undefined;
  const pid = Number(readFileSync(join(pg.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return Number.isFinite(pid) ? pid : undefined;
}

/**
 * Runs `work` with PostgreSQL on the machine's first core and this process, with everything it
 * starts meanwhile (the server, pgbench), on the others: as if the database had a machine of its
 * own, instead of the server's one thread sharing both cores with the database's connections.
 * Undefined where that cannot be done (one core, or no taskset); every process gets every core
 * back after.
 */
export async function withDatabaseCore<T>(pg: Postgres, work: () => Promise<T>): Promise<T | undefined> {
  const cores = cpus().length;
  const postmaster = postmasterPid(pg);
  if (cores < 2 || !postmaster || spawnSync('which', ['taskset']).status !== 0) return undefined;
  const pin = (pid: number | string, list: string) => spawnSync('taskset', ['-a', '-p', '-c', list, String(pid)]);
  const database = (list: string) => {
    pin(postmaster, list);
    // The postmaster's helpers (writer, checkpointer...) and open connections; new ones inherit.
    const children = spawnSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' }).stdout.split('\n');
    for (const child of children.filter(Boolean)) pin(child, list);
  };
  const all = `0-${cores - 1}`;
  database('0');
  pin(process.pid, `1-${cores - 1}`);
  try {
    return await work();
  } finally {
    pin(process.pid, all);
    database(all);
  }
}

export interface CpuShare {
  /** This process (the load generator), as % of one core. */
  generatorCore: number;
  /** The same, as % of all the machine's cores. */
  generatorMachine: number;
  /** The server process tree, as % of the machine. */
  serverMachine: number;
  /** PostgreSQL's processes, as % of the machine (NaN when there is none). */
  databaseMachine: number;
}

/** Starts counting CPU time of this process, the server's tree and PostgreSQL's; `stop` gives the shares over the wall time. */
export function cpuMeter(server: number | undefined, database: number | undefined): { stop(): CpuShare } {
  const cores = cpus().length;
  const self0 = process.cpuUsage();
  const wall0 = performance.now();
  const server0 = treeCpuMs(server);
  const db0 = treeCpuMs(database);
  return {
    stop: () => {
      const self = process.cpuUsage(self0);
      const wall = performance.now() - wall0;
      const generatorCore = ((self.user + self.system) / 1000 / wall) * 100;
      return {
        generatorCore,
        generatorMachine: generatorCore / cores,
        serverMachine: ((treeCpuMs(server) - server0) / wall / cores) * 100,
        databaseMachine: database ? ((treeCpuMs(database) - db0) / wall / cores) * 100 : Number.NaN,
      };
    },
  };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

export function table(title: string, head: string[], rows: Array<Array<string | number>>): string {
  const fmt = (v: string | number) => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(1)) : v);
  return [
    `### ${title}`,
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(fmt).join(' | ')} |`),
    '',
  ].join('\n');
}
