import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { entryArgs } from './built-server';
import { linkSecret } from '../../../testkit/bidders';
import { bearer, expectOk, parseBody, stringField, type Headers, type Transport } from '../../../testkit/transport';

/**
 * The real server as a child process: main.ts as `npm start` runs it, from the run's bundle in
 * Vitest (test/built-server.ts) or through tsx elsewhere (a benchmark), on the embedded database in a directory of the caller's unless `extra` says otherwise: for the
 * crash, shutdown, topology and backup tests, and for every benchmark (bench/lib.ts).
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
export const SERVER_ADMIN_TOKEN = 'crash-admin-token-0123456789';

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  origin: string;
  /** What it printed, stdout and stderr together. */
  output(): string;
  /** Resolves when the process has ended, with its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** Every server started, so the test's afterAll can stop what is left. */
export const started: ServerProcess[] = [];

/** A port nobody listens on now: the system hands one out and it is closed again at once. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

export interface StartOptions {
  /** Node's own flags before the entry point (a benchmark's `--cpu-prof`). */
  nodeArgs?: string[];
  /** Also pass the server's stderr (its warnings and errors) on to this process's (a benchmark shows them). */
  echo?: boolean;
}

/** `extra` comes last: a test of several servers gives them PostgreSQL and Redis (reliability/topology.ts). */
export function startServer(
  dataDir: string,
  port: number,
  extra: Record<string, string> = {},
  options: StartOptions = {},
): ServerProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ADMIN_TOKEN: SERVER_ADMIN_TOKEN,
    JWT_SECRET: 'crash-test-jwt-secret-0123456789abcdefghijkl',
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
  };
  // The embedded default, whatever the suite around it runs on.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'PROCESSES', 'WEB_DIST']) delete env[name];
  Object.assign(env, extra);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entryArgs('main')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    if (options.echo) process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, pid: child.pid ?? 0, port, origin: `http://127.0.0.1:${port}`, output: () => text, exited };
  started.push(server);
  return server;
}

export const isRunning = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null;
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function healthy(server: ServerProcess): Promise<boolean> {
  return fetch(`${server.origin}/api/health`)
    .then((r) => r.ok)
    .catch(() => false);
}

/**
 * Waits until `ready` holds, for at most `tries` looks 50 ms apart; throws with the server's
 * output when it ends first or never gets there. `what` says what was awaited.
 */
async function waitFor(
  server: ServerProcess,
  { ready, what, tries }: { ready: () => boolean | Promise<boolean>; what: string; tries: number },
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await ready()) return;
    if (!isRunning(server))
      throw new Error(`the server ended (${server.child.exitCode}) before it ${what}:\n${server.output()}`);
    await pause(50);
  }
  throw new Error(`the server never ${what}:\n${server.output()}`);
}

/** Waits until the server answers /api/health (two minutes at most). */
export function waitHealthy(server: ServerProcess): Promise<void> {
  return waitFor(server, { ready: () => healthy(server), what: 'served /api/health', tries: 2400 });
}

/**
 * Waits until the server has printed `text` (its start line, "Gavel is running", comes once every
 * process of a cluster listens), a minute at most.
 */
export function waitPrinted(server: ServerProcess, text: string): Promise<void> {
  return waitFor(server, { ready: () => server.output().includes(text), what: `printed "${text}"`, tries: 1200 });
}

/** Stops a server: `signal`, then waits for the process to end. */
export async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (isRunning(server)) server.child.kill(signal);
  return server.exited;
}

/** The kit's calls (bidders, mailbox) over real HTTP. */
export function fetchTransport(origin: string): Transport {
  const call = async (method: string, path: string, body?: object, headers: Headers = {}) => {
    const res = await fetch(origin + path, {
      method,
      headers: body ? { 'content-type': 'application/json', ...headers } : headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: parseBody(await res.text()) };
  };
  return {
    get: (path, headers) => call('GET', path, undefined, headers),
    post: (path, body, headers) => call('POST', path, body, headers),
    put: (path, body, headers) => call('PUT', path, body, headers),
  };
}

/** An owner of the organization `demo` of a real server: made by the operator, the mailed invitation accepted. */
export async function consoleOwner(transport: Transport, owneremail: string): Promise<{ authorization: string }> {
  await expectOk(
    'organization',
    transport.post(
      '/api/admin/organizations',
      { auctioncode: 'demo', name: 'Test Foundation', owneremail },
      bearer(SERVER_ADMIN_TOKEN),
    ),
  );
  const secret = await linkSecret(transport, owneremail, '/console/invitation/');
  const session = await expectOk(
    'accept',
    transport.post(`/api/console/invitations/${secret}`, { name: 'Olive Owner', password: 'correct horse battery' }),
  );
  return bearer(stringField(session, 'token'));
}
