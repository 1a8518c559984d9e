import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, pause, startServer, stop, waitHealthy, type ServerProcess } from '../test/server-process';

/**
 * Gavel past one machine, on this one: two servers on their own ports (as two machines would be),
 * sharing one PostgreSQL and one Redis, behind HAProxy from Debian's packages, which passes the
 * live hub's WebSockets through and tells the servers who the client is (X-Forwarded-For, read
 * with TRUST_PROXY=true). The topology test drives it (topology.test.ts), and so can a person or a
 * benchmark: `npm run topology` (bench/topology.ts) starts it with a PostgreSQL and a Redis of its own.
 */
export const hasHaproxy = spawnSync('haproxy', ['-v']).status === 0;

export interface Topology {
  /** The balancer's address: what phones, boards and the console would open. */
  url: string;
  /** Each server's own address, behind the balancer. */
  servers: ServerProcess[];
  stop(): Promise<void>;
}

export interface TopologyOptions {
  databaseUrl: string;
  redisUrl: string;
  /** More of each server's environment (the Stripe API of a test, its admin token). */
  env?: Record<string, string>;
  /** The balancer's port; a free one by default. */
  port?: number;
}

/**
 * The balancer's configuration: round robin over both servers, each checked at /api/health every
 * second (a stopped server leaves the rotation), WebSockets kept open for an hour of silence.
 */
export function haproxyConfig(port: number, servers: number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    // An open WebSocket is a tunnel: its own, longer idle timeout (the hub pings every 20 s anyway).
    '  timeout tunnel 1h',
    'frontend gavel',
    `  bind 127.0.0.1:${port}`,
    '  default_backend servers',
    'backend servers',
    '  balance roundrobin',
    // HTTP/1.1 with a Host the servers answer for (HAProxy's default check is HTTP/1.0 without one).
    '  option httpchk',
    '  http-check send meth GET uri /api/health ver HTTP/1.1 hdr Host 127.0.0.1',
    '  http-check expect status 200',
    ...servers.map((p, i) => `  server gavel${i + 1} 127.0.0.1:${p} check inter 1s fall 2 rise 1`),
    '',
  ].join('\n');
}

export async function startTopology({ databaseUrl, redisUrl, env = {}, port }: TopologyOptions): Promise<Topology> {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let balancer: ChildProcess | undefined;
  const stopAll = async () => {
    balancer?.kill('SIGTERM');
    await Promise.all(servers.map((s) => stop(s)));
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  };
  try {
    // One after the other: the first applies the migrations, which two at once would race to do.
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(join(tmpdir(), 'gavel-topology-'));
      dirs.push(dir);
      const server = startServer(dir, await freePort(), {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        TRUST_PROXY: 'true',
        ...env,
      });
      servers.push(server);
      await waitHealthy(server);
    }
    const listen = port ?? (await freePort());
    const conf = join(dirs[0] ?? tmpdir(), 'haproxy.cfg');
    writeFileSync(
      conf,
      haproxyConfig(
        listen,
        servers.map((s) => s.port),
      ),
    );
    let said = '';
    balancer = spawn('haproxy', ['-f', conf, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    balancer.stderr?.on('data', (d: Buffer) => (said += d.toString()));
    const url = `http://127.0.0.1:${listen}`;
    // Ready once it answers (both servers were healthy before it started: it counts them up from the start).
    for (
      let i = 0;
      !(await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    ) {
      if (balancer.exitCode !== null || i > 200) throw new Error(`HAProxy did not serve: ${said}`);
      await pause(50);
    }
    return { url, servers, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
