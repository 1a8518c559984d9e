import { loadavg } from 'node:os';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hasHaproxy, startTopology, type Topology } from '../server/src/reliability/topology';
import { capacity } from './bid-load';
import {
  ADMIN_TOKEN,
  cleanup,
  cpuMeter,
  freshDatabase,
  JWT_SECRET,
  type Postgres,
  postmasterPid,
  seed,
  startPostgres,
  startRedis,
  table,
} from './lib';

/**
 * Gavel past one machine (server/src/reliability/topology.ts): two servers behind HAProxy on one
 * PostgreSQL and one Redis.
 *
 * - `npm run topology` starts it here with a PostgreSQL and a Redis of its own and the demo
 *   event, and prints the balancer's address to open; Ctrl-C stops everything.
 * - `npm run bench -- balanced` measures bids through the balancer beside the same servers
 *   taken directly, one at a time, in one run.
 */
const SECONDS = 10;
const REDIS_PORT = 16392;

export async function benchBalanced(pg: Postgres | undefined): Promise<string> {
  if (!pg || !hasHaproxy)
    return 'Balanced bids: needs PostgreSQL and HAProxy installed (apt-get install postgresql haproxy).\n';
  const redis = startRedis(REDIS_PORT);
  if (!redis) return 'Balanced bids: needs redis-server installed.\n';
  const fresh = await freshDatabase(pg, 'bench_balanced');
  const seeded = await seed(fresh.db, { items: 200, people: 500 });
  await fresh.db.close();
  const topo = await startTopology({
    databaseUrl: fresh.url ?? '',
    redisUrl: redis,
    env: { JWT_SECRET, ADMIN_TOKEN, LOG_LEVEL: 'warn' },
  });
  try {
    const rows: Array<Array<string | number>> = [];
    const run = async (what: string, port: number) => {
      const load = loadavg()[0] ?? 0;
      const r = await capacity(port, seeded, SECONDS, () => cpuMeter(topo.servers[0]?.pid, postmasterPid(pg)));
      rows.push([
        what,
        (r.accepted / r.seconds).toFixed(0),
        r.p50.toFixed(0),
        r.p99.toFixed(0),
        r.errors,
        load.toFixed(1),
      ]);
    };
    await run('one server, directly', topo.servers[0]?.port ?? 0);
    await run('two servers through HAProxy', Number(new URL(topo.url).port));
    return table(
      `Bids through the balancer: 500 bidders over 200 items, closed loop (${SECONDS} s), PostgreSQL and Redis`,
      ['path', 'accepted bids/s', 'p50 ms', 'p99 ms', 'errors', 'load average before'],
      rows,
    );
  } finally {
    await topo.stop();
  }
}

/** `npm run topology`: the topology for a person to open, with the demo event. */
async function serve(): Promise<Topology | undefined> {
  const pg = startPostgres(Number(process.env.TOPOLOGY_PG_PORT ?? 55480));
  const redis = startRedis(Number(process.env.TOPOLOGY_REDIS_PORT ?? 16393));
  if (!pg || !redis || !hasHaproxy) {
    console.error(
      'The topology needs PostgreSQL, Redis and HAProxy installed: apt-get install postgresql redis-server haproxy',
    );
    process.exitCode = 2;
    return undefined;
  }
  const web = fileURLToPath(new URL('../web/dist', import.meta.url));
  if (!existsSync(web))
    console.warn('No web build yet (web/dist): the API answers, the pages do not. Run npm run build first.');
  const fresh = await freshDatabase(pg, 'gavel_topology');
  await fresh.db.close();
  const topo = await startTopology({
    databaseUrl: fresh.url ?? '',
    redisUrl: redis,
    env: { SEED_DEMO: 'true', ADMIN_TOKEN, LOG_LEVEL: 'warn', WEB_DIST: web },
    port: Number(process.env.PORT ?? 4100),
  });
  console.log(
    [
      '',
      'Gavel behind HAProxy: two servers, one PostgreSQL, one Redis.',
      `  Bidder app, demo event:  ${topo.url}/demo`,
      `  Organizer console:       ${topo.url}/console`,
      ...topo.servers.map((s, i) => `  Server ${i + 1} directly:     ${s.origin}`),
      `  Admin token:             ${ADMIN_TOKEN}`,
      // The demo owner's invitation, as the first server printed it, through the balancer.
      ...(topo.servers[0]?.output() ?? '')
        .split('\n')
        .filter((line) => line.includes('/console/invitation/'))
        .map((line) => line.replace(/http:\/\/[^/\s]+/, topo.url)),
      'Ctrl-C stops it all.',
      '',
    ].join('\n'),
  );
  return topo;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let topo: Topology | undefined;
  const end = () => {
    void (topo?.stop() ?? Promise.resolve()).finally(() => {
      cleanup();
      process.exit(0);
    });
  };
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
  serve().then(
    (t) => {
      topo = t;
      if (!t) cleanup();
    },
    (err: unknown) => {
      console.error(err);
      cleanup();
      process.exit(1);
    },
  );
}
