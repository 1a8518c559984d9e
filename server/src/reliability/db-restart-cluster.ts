import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A throwaway PostgreSQL cluster of the fault test's own (db-restart.test.ts), started from the
 * machine's PostgreSQL binaries in a temporary directory on a free port, so restarting it touches
 * no other test's database. Run as root (CI), its programs run as the postgres user, as .ci/run
 * starts its cluster.
 */
export interface Cluster {
  url: string;
  /** pg_ctl restart: 'fast' ends sessions cleanly, 'immediate' kills them as a crash would. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  /** pg_ctl stop -m fast: the database stays away until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its directory; safe to call twice or after a failed start. */
  destroy(): Promise<void>;
}

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin directory (as .ci/run picks it), or undefined. */
function postgresBin(): string | undefined {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((v) => existsSync(join(POSTGRES_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest === undefined ? undefined : join(POSTGRES_ROOT, newest, 'bin');
}

const isRoot = () => process.getuid?.() === 0;

/** The postgres user's uid and gid, which initdb needs when we are root (it refuses to run as root). */
function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/** Why no cluster can be started here, in words for the skipped test's name; undefined when one can. */
export function clusterUnavailable(): string | undefined {
  if (!postgresBin()) return `no PostgreSQL binaries under ${POSTGRES_ROOT} (install postgresql; .ci/run does)`;
  if (isRoot() && !postgresUser()) return 'running as root without a postgres user to run PostgreSQL as';
  return undefined;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no free port');
  return address.port;
}

export async function startCluster(): Promise<Cluster> {
  const bin = postgresBin();
  if (!bin) throw new Error(clusterUnavailable());
  const owner = isRoot() ? postgresUser() : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'gavel-db-restart-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const log = join(dir, 'log');
  // A postgres program, as the postgres user when we are root. -l sends the server's output to
  // its log file, so no pipe of ours stays open in the server.
  const pg = async (program: string, args: string[]) => {
    const path = join(bin, program);
    if (owner) await run('su', ['postgres', '-c', [path, ...args].map(quote).join(' ')]);
    else await run(path, args);
  };
  const port = await freePort();
  // fsync off: the test restarts the server, never the machine, so what was written survives either way.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  let started = false;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: (mode) => pg('pg_ctl', ['-D', data, '-l', log, '-m', mode, '-w', 'restart']),
    stop: () => pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start: () => pg('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', 'start']),
    async destroy() {
      if (started) await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      started = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    started = true;
    await cluster.start();
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}
