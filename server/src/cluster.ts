import cluster, { type Worker } from 'node:cluster';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './db/seed/seed';
import { demoOwner, demoOwnerLines } from './db/seed/demo-owner';
import type { LivePublisher } from './realtime/hub';

/**
 * Several server processes on one machine (PROCESSES=n or auto): Node's cluster module. The
 * primary checks the configuration, applies the migrations and the demo seed once, then forks n
 * workers that each build the whole app and listen on the same port (the primary accepts the
 * connections and hands them out in turn). Workers share PostgreSQL for the data and Redis for the
 * live hub; the timed jobs lock their rows (FOR UPDATE SKIP LOCKED), so every worker runs them.
 *
 * The live hub is WebSocket-only here: a long-polling client sends each poll as a new HTTP
 * request, which may reach another worker that does not know its session. The web app and the
 * board already open a WebSocket first and never fall back (socket.io-client only tries the
 * first transport unless told otherwise), so refusing polling changes nothing for them and makes
 * any other client fail at once instead of reconnecting in a loop.
 */

/** A worker that lived this long before dying starts the backoff again from its first step. */
const STABLE_MS = 60_000;
const FIRST_RESTART_MS = 1_000;
const LAST_RESTART_MS = 30_000;
/**
 * A server's stop: what is in flight finishes (or is refused, the database or Redis being gone)
 * within this; past it the process ends anyway. An orchestrator's SIGKILL usually follows SIGTERM
 * after 10 s, and a stop must never wait for a database that does not answer.
 */
export const STOP_DEADLINE_MS = 8_000;
/** The primary's last resort, past its workers' own deadline. */
const STOP_GRACE_MS = STOP_DEADLINE_MS + 1_500;
/** Connections each process's pool may open (server/src/db/client.ts). */
const POOL_SIZE = 20;

/** Why this configuration cannot run several processes, in words for the operator; undefined when it can. */
export function clusterProblem(config: Config): string | undefined {
  const n = config.processes;
  if (!config.databaseUrl)
    return `PROCESSES=${n} needs PostgreSQL: set DATABASE_URL. The embedded database (PGlite, used without DATABASE_URL) belongs to one process; use PROCESSES=1 with it.`;
  if (!config.redisUrl)
    return `PROCESSES=${n} needs Redis: set REDIS_URL, which carries live messages between the processes.`;
  return undefined;
}

/** Runs `stop` on the first SIGINT or SIGTERM and ignores the rest (a terminal's Ctrl-C reaches every process of the group, and npm start forwards it again). */
export function onStopSignal(stop: (signal: NodeJS.Signals) => void): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop(signal);
    });
}

async function checkRedis(url: string): Promise<void> {
  const { createClient } = await import('redis');
  const client = createClient({ url, socket: { connectTimeout: 5_000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.quit();
  } catch (err) {
    throw new Error(`cannot reach Redis at REDIS_URL (${err instanceof Error ? err.message : String(err)})`, {
      cause: err,
    });
  }
}

/** Migrations and the demo seed, once, before any worker opens the database. */
/** Checks and seeds the database before the workers start; answers what the start prints about the demo's console owner. */
async function prepareDatabase(config: Config, url: string): Promise<string[]> {
  const database = await openDatabase({ url });
  try {
    const result: unknown = await database.db.execute(sql`show max_connections`);
    const max = maxConnections(result);
    if (max !== undefined && config.processes * POOL_SIZE > max - 10)
      console.warn(
        `Warning: ${config.processes} processes may open ${config.processes * POOL_SIZE} database connections (${POOL_SIZE} each), ` +
          `close to PostgreSQL's max_connections of ${max}. Raise max_connections or use fewer PROCESSES.`,
      );
    if (config.seedDemo && (await seedDemoIfEmpty(database.db, new Date(), config.jwtSecret)))
      console.log('Demo event imported into the empty database.');
    return config.seedDemo ? demoOwnerLines(await demoOwner(database.db, config, new Date())) : [];
  } finally {
    await database.close();
  }
}

function maxConnections(result: unknown): number | undefined {
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows))
    return undefined;
  const row: unknown = result.rows[0];
  if (typeof row !== 'object' || row === null || !('max_connections' in row)) return undefined;
  const n = Number(row.max_connections);
  return Number.isFinite(n) ? n : undefined;
}

const how = (code: number | null, signal: string | null) => (signal ? `signal ${signal}` : `exit code ${code ?? '?'}`);

/**
 * The primary: forks the workers, prints the addresses once all listen, replaces a worker that dies
 * (waiting 1 s, then 2, 4... up to 30 s while they keep dying young), and passes SIGINT/SIGTERM on
 * for a graceful stop. A worker that fails before every worker first listened stops the whole start.
 */
export async function runPrimary(config: Config, announce: (extra: string[]) => void): Promise<void> {
  const problem = clusterProblem(config);
  if (problem || !config.databaseUrl || !config.redisUrl) {
    console.error(problem);
    process.exit(2);
  }
  await checkRedis(config.redisUrl);
  const extra = await prepareDatabase(config, config.databaseUrl);

  const n = config.processes;
  const born = new Map<number, number>();
  const listening = new Set<number>();
  const pending = new Set<NodeJS.Timeout>();
  let started = false;
  let stopping = false;
  let failed = false;
  let youngDeaths = 0;

  const fork = () => {
    const worker = cluster.fork();
    born.set(worker.id, Date.now());
  };
  const workers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    pending.forEach(clearTimeout);
    for (const w of workers()) w.process.kill(signal);
    if (workers().length === 0) process.exit(failed ? 1 : 0);
    setTimeout(() => {
      console.error(`Server processes still running after ${STOP_GRACE_MS / 1000} s; killing them.`);
      for (const w of workers()) w.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };

  cluster.on('listening', (worker) => {
    if (started) return;
    listening.add(worker.id);
    if (listening.size < n) return;
    started = true;
    announce(extra);
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (born.get(worker.id) ?? 0);
    born.delete(worker.id);
    if (stopping) {
      if (workers().length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!started) {
      console.error(`A server process failed to start (${how(code, signal)}); stopping the others.`);
      failed = true;
      stopAll('SIGTERM');
      return;
    }
    youngDeaths = lived >= STABLE_MS ? 0 : youngDeaths + 1;
    const delay = Math.min(LAST_RESTART_MS, FIRST_RESTART_MS * 2 ** Math.max(0, youngDeaths - 1));
    console.error(
      `Server process ${worker.process.pid ?? '?'} stopped (${how(code, signal)}); starting another in ${delay / 1000} s.`,
    );
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) fork();
    }, delay);
    pending.add(timer);
  });
  for (let i = 0; i < n; i++) fork();
  onStopSignal(stopAll);
}

/** Polling reaches whichever worker takes the request; see the note at the top. */
function websocketOnly(live: LivePublisher): void {
  if ('io' in live && live.io instanceof Server) live.io.engine.opts.transports = ['websocket'];
}

/** A worker: the whole app on the shared port. Answers say which worker sent them (X-Gavel-Process), for tracing and tests. */
export async function runWorker(config: Config): Promise<void> {
  const { app, ctx } = await buildApp(config);
  const id = String(cluster.worker?.id ?? 0);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-gavel-process', id);
  });
  websocketOnly(ctx.live);
  await app.listen({ port: config.port, host: config.host });
  stopOnSignal(app);
}

/**
 * A server's graceful stop on SIGINT or SIGTERM: no new connections, requests in flight finish,
 * the jobs' runs in progress commit, then the hub, Redis and the database close; within
 * STOP_DEADLINE_MS whatever is down or goes down meanwhile (Redis, PostgreSQL, both).
 */
export function stopOnSignal(app: FastifyInstance): void {
  onStopSignal((signal) => {
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error(
        `still stopping after ${STOP_DEADLINE_MS / 1000} s (the database or Redis not answering); ending now`,
      );
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'the stop failed');
        process.exit(1);
      },
    );
  });
}
