import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir, runningServer } from './pidfile';
import { notTheDatabase } from '../test/passes';

/**
 * The embedded database's guard: taken atomically before the database opens, by exactly one of
 * several starters, taken over from a process that is gone or is not ours, released only by its owner.
 * Claims by other processes run in small child processes (node with tsx, as the server runs).
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const pidfileModule = fileURLToPath(new URL('./pidfile.ts', import.meta.url));

// Loads the module and says 'ready'; then claims each directory it is sent ("dir [port]") and says
// the outcome, holding what it won until it is told 'exit' or its input closes.
const CLAIMER = `
import { createInterface } from 'node:readline';
const { claimDataDir } = await import(process.env.PIDFILE);
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'exit') break;
  const [dir, port] = line.split(' ');
  const taken = await claimDataDir(dir);
  if (taken.ok && port) taken.claim.listening(Number(port));
  console.log(taken.ok ? 'won' : 'lost ' + taken.holder.pid);
}
process.exit(0);
`;

interface Claimer {
  child: ChildProcess;
  pid: number;
  /** Claims `dir` in the child; answers 'won' or 'lost <pid of the holder>'. */
  claim(dir: string, port?: number): Promise<string>;
  send(line: string): void;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-pidfile-'));
  dirs.push(dir);
  return dir;
}

/** Child processes that have loaded the module and wait for directories to claim. */
async function spawnClaimers(n: number): Promise<Claimer[]> {
  return Promise.all(Array.from({ length: n }, spawnClaimer));
}

async function spawnClaimer(): Promise<Claimer> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CLAIMER], {
    cwd: root,
    env: { ...process.env, PIDFILE: pidfileModule },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const queue: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const take = waiting.shift();
    if (take) take(line);
    else queue.push(line);
  });
  child.once('exit', () => waiting.splice(0).forEach((take) => take('exited')));
  const next = () => {
    const line = queue.shift();
    return line !== undefined ? Promise.resolve(line) : new Promise<string>((resolve) => waiting.push(resolve));
  };
  const send = (line: string) => child.stdin?.write(line + '\n');
  expect(await next()).toBe('ready');
  const claim = (dir: string, port?: number) => {
    send(port ? `${dir} ${port}` : dir);
    return next();
  };
  return { child, pid: child.pid ?? 0, send, claim };
}

async function claimedBy(dir: string, port?: number): Promise<Claimer> {
  const [claimer] = await spawnClaimers(1);
  if (!claimer) throw new Error('no claimer');
  expect(await claimer.claim(dir, port)).toBe('won');
  return claimer;
}

const exited = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
  );
const guard = (dir: string) => join(dir, 'server.pid');

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

describe.skipIf(notTheDatabase)('the embedded database guard', () => {
  it('claims a free directory, refuses a second claim, and frees it on release', async () => {
    const dir = tempDir();
    const first = await claimDataDir(dir);
    expect(first.ok).toBe(true);
    expect(JSON.parse(readFileSync(guard(dir), 'utf8'))).toMatchObject({ pid: process.pid });

    const second = await claimDataDir(dir);
    expect(second).toEqual({ ok: false, holder: { pid: process.pid, port: undefined } });

    if (first.ok) first.claim.release();
    expect(existsSync(guard(dir))).toBe(false);
    const third = await claimDataDir(dir);
    expect(third.ok).toBe(true);
    if (third.ok) third.claim.release();
  });

  it("refuses while another process holds it, starting and then listening, and names that server's port", async () => {
    const dir = tempDir();
    const holder = await claimedBy(dir);
    expect(runningServer(dir)).toEqual({ pid: holder.pid, port: undefined });
    expect(await claimDataDir(dir)).toEqual({ ok: false, holder: { pid: holder.pid, port: undefined } });

    const listeningDir = tempDir();
    const listening = await claimedBy(listeningDir, 4321);
    expect(runningServer(listeningDir)).toEqual({ pid: listening.pid, port: 4321 });
    expect(await claimDataDir(listeningDir)).toEqual({ ok: false, holder: { pid: listening.pid, port: 4321 } });
  });

  it('takes over the guard of a process that was killed', async () => {
    const dir = tempDir();
    const killed = await claimedBy(dir, 4321);
    killed.child.kill('SIGKILL');
    await exited(killed.child);
    expect(existsSync(guard(dir))).toBe(true);
    expect(runningServer(dir)).toBeUndefined();

    const taken = await claimDataDir(dir);
    expect(taken.ok).toBe(true);
    expect(JSON.parse(readFileSync(guard(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    if (taken.ok) taken.claim.release();
  });

  it('takes over a guard whose pid now belongs to another program or is from before a restart', async () => {
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(sleeper);
    const pid = sleeper.pid ?? 0;
    const boot = await thisBoot();
    const guards = [
      `${pid} 8080\n`, // the format before start times: the command line is not a Gavel server's
      JSON.stringify({ pid, port: 8080, started: '1', boot, nonce: 'gone' }), // same pid, another process
      JSON.stringify({ pid, port: 8080, boot: 'another-boot', nonce: 'gone' }), // written before the machine restarted
    ];
    for (const text of guards) {
      const dir = tempDir();
      writeFileSync(guard(dir), text);
      expect(runningServer(dir)).toBeUndefined();
      const taken = await claimDataDir(dir);
      expect(taken.ok).toBe(true);
      if (taken.ok) taken.claim.release();
    }
  });

  it('respects a guard in the format before start times while its process is a Gavel server', async () => {
    // A server of the previous version still running: its command line names the server's entry.
    const old = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)', join(root, 'server/src/main.ts')], {
      stdio: 'ignore',
    });
    children.push(old);
    const dir = tempDir();
    writeFileSync(guard(dir), `${old.pid} 8080\n`);
    expect(runningServer(dir)).toEqual({ pid: old.pid, port: 8080 });
    expect(await claimDataDir(dir)).toEqual({ ok: false, holder: { pid: old.pid, port: 8080 } });
  });

  it('lets exactly one of several starters win, on a free directory and on a stale guard', async () => {
    const stale = tempDir();
    const killed = await claimedBy(stale);
    killed.child.kill('SIGKILL');
    await exited(killed.child);
    const staleGuard = readFileSync(guard(stale), 'utf8');

    const claimers = await spawnClaimers(5);
    for (let round = 0; round < 60; round++) {
      const dir = tempDir();
      if (round % 4 !== 0) writeFileSync(guard(dir), staleGuard);
      const outcomes = await Promise.all(claimers.map((c) => c.claim(dir)));
      const winner = claimers[outcomes.indexOf('won')];
      expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
      expect(outcomes.filter((o) => o === `lost ${winner?.pid}`)).toHaveLength(claimers.length - 1);
      // The marks of a takeover are gone, and nothing half written stays.
      expect(readdirSync(dir)).toEqual(['server.pid']);
    }
  });

  it('releases only its own guard, and on exit and on a stop signal before listening', async () => {
    const dir = tempDir();
    const mine = await claimDataDir(dir);
    const other = JSON.stringify({ pid: 1, port: 8080, nonce: 'someone-else' });
    writeFileSync(guard(dir), other);
    if (mine.ok) mine.claim.release();
    expect(readFileSync(guard(dir), 'utf8')).toBe(other);

    const exitingDir = tempDir();
    const exiting = await claimedBy(exitingDir);
    exiting.send('exit');
    await exited(exiting.child);
    expect(existsSync(guard(exitingDir))).toBe(false);

    const stoppedDir = tempDir();
    const stopped = await claimedBy(stoppedDir);
    stopped.child.kill('SIGTERM');
    await exited(stopped.child);
    expect(stopped.child.exitCode).toBe(143);
    expect(existsSync(guard(stoppedDir))).toBe(false);
  });
});

/** The boot a claim made now records, read from a real claim. */
async function thisBoot(): Promise<string> {
  const dir = tempDir();
  const held = await claimDataDir(dir);
  if (!held.ok) throw new Error('expected to claim a fresh directory');
  const { boot } = JSON.parse(readFileSync(guard(dir), 'utf8')) as { boot: string };
  held.claim.release();
  return boot;
}
