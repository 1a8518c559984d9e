import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { pgbench, pgliteLoop } from './bid-baseline';
import { startFlood, type FloodResult } from './bid-flood';
import { capacity, type CapacityResult, openLoop, type OpenLoopResult, WARMUP_SECONDS } from './bid-load';
import {
  cpuMeter,
  type CpuShare,
  freshDatabase,
  type Postgres,
  postmasterPid,
  type Seeded,
  seed,
  startRedis,
  startServer,
  stop,
  table,
  withDatabaseCore,
} from './lib';

/**
 * Bids (npm run bench -- bids, and -- bids-latency): capacity in a closed loop, one and two server
 * processes, a hot item; latency in an open loop at a gala's peak, alone and beside a flood of bad
 * requests. Every figure has the raw SQL baseline of the same run beside it (bid-baseline.ts) and
 * what the load generator itself spent of the machine (server, PostgreSQL and generator share two
 * cores here).
 */
const CAPACITY_SECONDS = 10;
const LATENCY_SECONDS = 15;
const REDIS_PORT = 16390;
const FLOOD_CONNECTIONS = 50;

type Kind = 'postgres' | 'pglite';
type Flood = 'default limits' | 'limits raised';
const label = (kind: Kind) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite');
const pct = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)}%` : '-');
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
const verdict = (met: boolean, figure: string) => `${met ? 'met' : '**not met**'}: ${figure}`;

interface Prepared {
  seeded: Seeded;
  env: Record<string, string>;
  dbName: string;
  dataDir: string;
  firstId: number;
  lastId: number;
}

/** A fresh database with the event, its items and bidders; the server's environment to use it. */
async function prepare(
  pg: Postgres | undefined,
  kind: Kind,
  name: string,
  items: number,
  people: number,
): Promise<Prepared> {
  const dbName = `bench_${name}_${kind}`;
  const fresh = await freshDatabase(kind === 'postgres' ? pg : undefined, dbName);
  const seeded = await seed(fresh.db, { items, people });
  await fresh.db.close();
  const env: Record<string, string> =
    kind === 'postgres' && fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: fresh.dataDir };
  return {
    seeded,
    env,
    dbName,
    dataDir: fresh.dataDir,
    firstId: seeded.itemIds[0] ?? 1,
    lastId: seeded.itemIds[seeded.itemIds.length - 1] ?? 1,
  };
}

async function baseline(pg: Postgres | undefined, kind: Kind, p: Prepared): Promise<number> {
  if (kind === 'postgres' && pg) return pgbench(pg, p.dbName, p.firstId, p.lastId, 20, CAPACITY_SECONDS);
  return pgliteLoop(p.dataDir, p.firstId, p.lastId, CAPACITY_SECONDS);
}

const cpuCells = (c: CpuShare) => [
  `${pct(c.generatorCore)} / ${pct(c.generatorMachine)}`,
  `${pct(c.serverMachine)} / ${pct(c.databaseMachine)}`,
];

/** One closed-loop run on a fresh database; the row of the table without the baseline. */
async function capacityRow(
  pg: Postgres | undefined,
  {
    kind,
    processes,
    port,
    shape,
    redis,
    title = label(kind),
  }: {
    kind: Kind;
    processes: number;
    port: number;
    shape: { name: string; items: number; people: number };
    redis?: string | undefined;
    /** The row's name in the table (the database's, unless said). */
    title?: string;
  },
) {
  const p = await prepare(pg, kind, `${shape.name}${processes}`, shape.items, shape.people);
  const load = loadavg()[0] ?? 0;
  const server = await startServer(port, {
    ...p.env,
    ...(processes > 1 && redis ? { PROCESSES: String(processes), REDIS_URL: redis } : {}),
  });
  const r = await capacity(port, p.seeded, CAPACITY_SECONDS, () =>
    cpuMeter(server.pid, kind === 'postgres' ? postmasterPid(pg) : undefined),
  );
  await stop(server);
  return { p, ...capacityCells(title, processes, r, load) };
}

/** A closed loop's row of the table, without the baseline. */
function capacityCells(name: string, processes: number, r: CapacityResult, load: number) {
  const perSecond = r.accepted / r.seconds;
  const cells: Array<string | number> = [
    name,
    processes,
    perSecond,
    (r.accepted + r.refused) / r.seconds,
    r.p50,
    r.p99,
    r.errors,
    ...cpuCells(r.cpu),
    load.toFixed(1),
  ];
  return { perSecond, cells };
}

/**
 * The same closed loop against the floor (bid-floor-server.ts): a bare server calling the same bid
 * function, to show how much of the machine the bid itself leaves to everything Gavel does around it.
 */
async function floorRow(
  pg: Postgres,
  port: number,
  shape: { name: string; items: number; people: number },
  title = 'PostgreSQL, bare server (floor)',
) {
  const p = await prepare(pg, 'postgres', `${shape.name}floor`, shape.items, shape.people);
  const load = loadavg()[0] ?? 0;
  const script = fileURLToPath(new URL('./bid-floor-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(port), p.env.DATABASE_URL ?? ''], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  const r = await capacity(port, p.seeded, CAPACITY_SECONDS, () => cpuMeter(child.pid, postmasterPid(pg)));
  await stop(child);
  return capacityCells(title, 1, r, load);
}

/**
 * The same two loops, Gavel's and the floor's, with PostgreSQL on one core and the server and the
 * load generator on the other (withDatabaseCore), beside pgbench run the same way: what the bid
 * path does where the database does not share its cores with the server.
 */
async function apart(pg: Postgres, port: number, shape: { name: string; items: number; people: number }) {
  return withDatabaseCore(pg, async () => {
    const gavel = await capacityRow(pg, {
      kind: 'postgres',
      processes: 1,
      port,
      shape: { ...shape, name: `${shape.name}apart` },
      title: APART,
    });
    const base = await baseline(pg, 'postgres', gavel.p);
    const floor = await floorRow(
      pg,
      port + 1,
      { ...shape, name: `${shape.name}apart` },
      `${APART}, bare server (floor)`,
    );
    return [gavel, floor].map((row) => [...row.cells, base, pct((row.perSecond / base) * 100)]);
  });
}
const APART = 'PostgreSQL on a core of its own';

const CAPACITY_HEAD = [
  'database',
  'processes',
  'accepted bids/s',
  'answers/s',
  'p50 ms',
  'p99 ms',
  'errors',
  'generator CPU (one core / machine)',
  'server / PostgreSQL CPU (machine)',
  'load average before',
  'raw SQL baseline tx/s',
  'ratio',
];

export async function benchBids(pg: Postgres | undefined, port: number): Promise<string> {
  const kinds: Kind[] = pg ? ['postgres', 'pglite'] : ['pglite'];
  const redis = pg ? startRedis(REDIS_PORT) : undefined;
  const out: string[] = [];
  const ratios: Partial<Record<Kind, number>> = {};

  const wide = { name: 'cap', items: 200, people: 500 };
  const rows: Array<Array<string | number>> = [];
  for (const kind of kinds) {
    const one = await capacityRow(pg, { kind, processes: 1, port, shape: wide });
    const base = await baseline(pg, kind, one.p);
    ratios[kind] = one.perSecond / base;
    rows.push([...one.cells, base, pct((one.perSecond / base) * 100)]);
    if (kind === 'postgres' && redis) {
      const two = await capacityRow(pg, { kind, processes: 2, port: port + 1, shape: wide, redis });
      rows.push([...two.cells, base, pct((two.perSecond / base) * 100)]);
    }
    if (kind === 'postgres' && pg) {
      const floor = await floorRow(pg, port + 3, wide);
      rows.push([...floor.cells, base, pct((floor.perSecond / base) * 100)]);
      rows.push(...((await apart(pg, port + 4, wide)) ?? []));
    }
  }
  out.push(table(`Bid capacity: 500 bidders over 200 items, closed loop (${CAPACITY_SECONDS} s)`, CAPACITY_HEAD, rows));

  const hot = { name: 'hot', items: 1, people: 200 };
  const hotRows: Array<Array<string | number>> = [];
  const hotRatios: Partial<Record<Kind, number>> = {};
  for (const kind of kinds) {
    const r = await capacityRow(pg, { kind, processes: 1, port: port + 2, shape: hot });
    const base = await baseline(pg, kind, r.p);
    hotRatios[kind] = r.perSecond / base;
    hotRows.push([...r.cells, base, pct((r.perSecond / base) * 100)]);
  }
  out.push(table(`Hot item: 200 bidders on one item, closed loop (${CAPACITY_SECONDS} s)`, CAPACITY_HEAD, hotRows));

  const targets: Array<Array<string | number>> = [];
  // Issue 32: a bid in one round trip (the item's lock held for one round trip instead of four).
  if (ratios.postgres !== undefined)
    targets.push([
      'PostgreSQL: accepted bids at least 50% of the raw SQL baseline',
      verdict(ratios.postgres >= 0.5, pct(ratios.postgres * 100)),
    ]);
  if (hotRatios.postgres !== undefined)
    targets.push([
      'PostgreSQL, hot item: accepted bids at least 25% of the raw SQL baseline',
      verdict(hotRatios.postgres >= 0.25, pct(hotRatios.postgres * 100)),
    ]);
  if (ratios.pglite !== undefined)
    targets.push([
      'PGlite: accepted bids at least 60% of the raw SQL baseline',
      verdict(ratios.pglite >= 0.6, pct(ratios.pglite * 100)),
    ]);
  out.push(table('Capacity targets', ['target', 'result'], targets));
  return out.join('\n');
}

interface LatencyRun {
  r: OpenLoopResult;
  /** The machine's load average (1 minute) before the run: other work on the machine shows here. */
  load: number;
  flood?: FloodResult;
}

/** One open-loop run on a fresh database, with a flood beside it when asked. */
async function latencyRun(
  pg: Postgres | undefined,
  kind: Kind,
  rate: number,
  port: number,
  flood: Flood | undefined,
): Promise<LatencyRun> {
  const p = await prepare(
    pg,
    kind,
    `lat${flood === undefined ? '' : flood === 'default limits' ? 'f' : 'fr'}`,
    200,
    500,
  );
  const load = loadavg()[0] ?? 0;
  // A flood from one address without a valid token meets the server's default limit for it.
  const server = await startServer(port, {
    ...p.env,
    ...(flood === 'default limits' ? { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '' } : {}),
  });
  const bad = flood ? startFlood(port, WARMUP_SECONDS + LATENCY_SECONDS + 2, FLOOD_CONNECTIONS) : undefined;
  if (bad) await bad.started;
  const r = await openLoop(port, p.seeded, rate, LATENCY_SECONDS, () =>
    cpuMeter(server.pid, kind === 'postgres' ? postmasterPid(pg) : undefined),
  );
  const floodResult = bad ? await bad.result : undefined;
  await stop(server);
  return { r, load, ...(floodResult ? { flood: floodResult } : {}) };
}

const floodAnswers = (f: FloodResult) => sum(Object.values(f.kinds).map((k) => sum(Object.values(k.answers))));
const floodErrors = (f: FloodResult) => sum(Object.values(f.kinds).map((k) => k.errors + k.timeouts));

export async function benchBidLatency(pg: Postgres | undefined, port: number): Promise<string> {
  const plans: Array<{ kind: Kind; rate: number; target: number; floods: Flood[] }> = [
    ...(pg
      ? [
          {
            kind: 'postgres' as const,
            rate: 250,
            target: 100,
            floods: ['default limits', 'limits raised'] satisfies Flood[],
          },
        ]
      : []),
    { kind: 'pglite', rate: 100, target: 250, floods: ['default limits'] },
  ];
  const rows: Array<Array<string | number>> = [];
  const targets: Array<Array<string | number>> = [];
  const refusals: Array<Array<string | number>> = [];
  for (const plan of plans) {
    for (const flood of [undefined, ...plan.floods]) {
      const { r, load, flood: f } = await latencyRun(pg, plan.kind, plan.rate, port, flood);
      const floodCell = f
        ? `${(floodAnswers(f) / f.seconds).toFixed(0)} answers/s, ${floodErrors(f)} connection errors; its CPU ${pct(f.cpuCore)} of a core`
        : '-';
      rows.push([
        label(plan.kind),
        flood ? `flood, ${flood}` : 'none',
        r.offered,
        r.achieved,
        ms(r.p50),
        ms(r.p90),
        ms(r.p99),
        ms(r.max),
        r.errors,
        ms(r.sendLag),
        ...cpuCells(r.cpu),
        load.toFixed(1),
        floodCell,
      ]);
      targets.push([
        `${label(plan.kind)}${flood ? ` beside the flood (${flood})` : ''}: p99 under ${plan.target} ms at ${plan.rate} bids/s`,
        verdict(r.p99 < plan.target, `${ms(r.p99)} ms`),
      ]);
      if (!f) continue;
      for (const [kind, k] of Object.entries(f.kinds))
        refusals.push([
          `${label(plan.kind)}, ${flood}`,
          kind,
          (k.sent / f.seconds).toFixed(0),
          Object.entries(k.answers)
            .map(([status, n]) => `${status}: ${n}`)
            .join(', '),
          k.errors + k.timeouts,
        ]);
    }
  }
  return [
    table(
      `Bid latency at a gala's peak: 500 bidders, open loop (${LATENCY_SECONDS} s)`,
      [
        'database',
        'bad requests beside',
        'offered bids/s',
        'answered/s',
        'p50 ms',
        'p90 ms',
        'p99 ms',
        'max ms',
        'errors',
        'generator max send lag ms',
        'generator CPU (one core / machine)',
        'server / PostgreSQL CPU (machine)',
        'load average before',
        'flood',
      ],
      rows,
    ),
    table(
      `The flood: ${FLOOD_CONNECTIONS} connections from 127.0.0.1 to /api/submitbid, as fast as they go`,
      ['run', 'bad request', 'sent/s', 'answers by status', 'connection errors'],
      refusals,
    ),
    table('Latency targets', ['target', 'result'], targets),
  ].join('\n');
}
