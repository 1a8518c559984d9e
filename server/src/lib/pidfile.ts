import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, linkSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { uptime } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The embedded database belongs to one process. Before it opens the database, the server takes
 * DATA_DIR/server.pid with an exclusive create, so that of two servers started together on one
 * directory exactly one runs; once it listens it adds its port, so that `npm run import` goes
 * through the running server's API instead of opening the files too.
 *
 * A file left by a process that is gone (killed, or the machine restarted) is taken over. The file
 * names its process by pid, start time (Linux) and boot, so a pid reused by another program does
 * not block a start. Taking over goes through a mark file named after the stale content, created
 * exclusively: of several starters that find the same stale file, one removes it.
 */
export interface RunningServer {
  pid: number;
  /** Absent while that server is starting: it writes its port once it listens. */
  port: number | undefined;
}

export interface DataDirClaim {
  /** Records the port the server listens on, for `npm run import`. */
  listening(port: number): void;
  /** Removes the file if it is still this claim's; also done when the process exits. */
  release(): void;
}

export type ClaimResult = { ok: true; claim: DataDirClaim } | { ok: false; holder: RunningServer };

/** Who wrote a file: enough to tell that process from a later one given the same pid. */
const holderSchema = z.object({
  pid: z.number().int().positive(),
  port: z.number().int().positive().optional(),
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), on Linux. */
  started: z.string().optional(),
  /** Linux's boot id; elsewhere `t` and the boot time in seconds. */
  boot: z.string().optional(),
  /** Tells this process's claims apart. */
  nonce: z.string().optional(),
});
type Holder = z.infer<typeof holderSchema>;

const fileIn = (dataDir: string) => join(dataDir, 'server.pid');
/** Without hard links a file is written just after it is created: this young and unreadable, it is being written. */
const WRITE_GRACE_MS = 5_000;
const PAUSE_MS = 20;
const MAX_ATTEMPTS = 500;
/** Boot times computed from the uptime drift by a few seconds; a restarted machine is further off. */
const BOOT_TOLERANCE_S = 30;
/** How a Gavel server's command line names its entry (npm start and the tests run server/src/main.ts). */
const GAVEL_COMMAND = /server[\\/](src|dist)[\\/]main\.[cm]?[jt]s/;

/** Nonces of the claims this process holds (a pid equal to ours is ours only with one of them). */
const ours = new Set<string>();

const errorCode = (err: unknown) => (err as NodeJS.ErrnoException).code;
const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat; the command name before it may hold spaces, so count after its ')'. */
function startTime(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function bootMark(): string {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? `t${Math.round(Date.now() / 1000 - uptime())}`;
}

function sameBoot(a: string, b: string): boolean {
  if (a.startsWith('t') && b.startsWith('t'))
    return Math.abs(Number(a.slice(1)) - Number(b.slice(1))) <= BOOT_TOLERANCE_S;
  return a === b;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errorCode(err) === 'EPERM';
  }
}

/** Whether the process that wrote `h` is still running: the same process, not a later one with its pid. */
function isRunning(h: Holder): boolean {
  if (h.pid === process.pid) return h.nonce !== undefined && ours.has(h.nonce);
  if (!pidAlive(h.pid)) return false;
  if (h.boot !== undefined && !sameBoot(h.boot, bootMark())) return false;
  if (startTime(process.pid) === undefined) return true; // no /proc: a live pid of this boot
  const started = startTime(h.pid);
  // Unreadable: it has just ended, or /proc hides other users' processes (then a live pid must do).
  if (started === undefined) return pidAlive(h.pid);
  // A file from before start times were recorded: the command line must be a Gavel server's.
  if (h.started === undefined)
    return GAVEL_COMMAND.test((readProc(`/proc/${h.pid}/cmdline`) ?? '').replaceAll('\0', ' '));
  return h.started === started;
}

function parseHolder(text: string): Holder | undefined {
  // The format before start times: "pid port".
  const old = /^(\d+) (\d+)\s*$/.exec(text);
  if (old) return { pid: Number(old[1]), port: Number(old[2]) };
  try {
    const parsed = holderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

interface Seen {
  text: string;
  holder: Holder | undefined;
  live: boolean;
}

/** Reads a claim or mark file and judges whether its writer still runs; undefined when there is none. */
function look(path: string): Seen | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const text = readFileSync(fd, 'utf8');
    const holder = parseHolder(text);
    const live = holder ? isRunning(holder) : Date.now() - fstatSync(fd).mtimeMs < WRITE_GRACE_MS;
    return { text, holder, live };
  } finally {
    closeSync(fd);
  }
}

/**
 * Creates `path` holding `text` unless it exists. The text goes to a file of our own first and is
 * hard-linked into place, so nobody ever reads the file half written.
 */
function createExclusive(path: string, text: string): boolean {
  const own = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(own, text);
  try {
    linkSync(own, path);
    return true;
  } catch (err) {
    if (errorCode(err) === 'EEXIST') return false;
    // A filesystem without hard links: an exclusive create, then the write (see WRITE_GRACE_MS).
    try {
      writeFileSync(path, text, { flag: 'wx' });
      return true;
    } catch (second) {
      if (errorCode(second) === 'EEXIST') return false;
      throw second;
    }
  } finally {
    rmSync(own, { force: true });
  }
}

/**
 * Removes `path` if it still holds `text`, written by a process that is gone. Only the creator of
 * the mark for that text may remove it, so two starters never remove one another's fresh claim;
 * a mark whose creator died midway is itself stale and removed the same way. Answers false when
 * another process is taking over right now.
 */
function removeStale(path: string, text: string, me: string): boolean {
  const mark = `${path}.${createHash('sha256').update(text).digest('hex').slice(0, 16)}.taking`;
  if (!createExclusive(mark, me)) {
    const taker = look(mark);
    return taker === undefined || (!taker.live && removeStale(mark, taker.text, me));
  }
  try {
    // Nobody else may replace this text while we hold its mark: reading it again is enough.
    if (look(path)?.text === text) rmSync(path);
  } finally {
    rmSync(mark, { force: true });
  }
  return true;
}

function hold(file: string, me: Holder & { nonce: string }): DataDirClaim {
  const { nonce } = me;
  // A stop signal before the server listens ends the process at once; the exit releases the file.
  const stopStarting = (signal: NodeJS.Signals) => process.exit(signal === 'SIGINT' ? 130 : 143);
  const forgetSignals = () => {
    process.off('SIGINT', stopStarting);
    process.off('SIGTERM', stopStarting);
  };
  const isOurs = () => look(file)?.holder?.nonce === nonce;
  const release = () => {
    forgetSignals();
    process.off('exit', release);
    try {
      if (isOurs()) rmSync(file);
    } catch {
      // already gone
    } finally {
      ours.delete(nonce);
    }
  };
  process.once('SIGINT', stopStarting);
  process.once('SIGTERM', stopStarting);
  process.once('exit', release);
  return {
    listening(port) {
      forgetSignals();
      if (!isOurs()) return;
      const own = `${file}.${nonce}.tmp`;
      writeFileSync(own, JSON.stringify({ ...me, port }) + '\n');
      renameSync(own, file);
    },
    release,
  };
}

/**
 * Takes DATA_DIR for this process, or answers the running server that holds it. Call it before the
 * database opens; the claim lasts until `release` or the process's exit.
 */
export async function claimDataDir(dataDir: string): Promise<ClaimResult> {
  const file = fileIn(dataDir);
  const nonce = randomBytes(8).toString('hex');
  const me = { pid: process.pid, started: startTime(process.pid), boot: bootMark(), nonce };
  const text = JSON.stringify(me) + '\n';
  ours.add(nonce);
  let won = false;
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (createExclusive(file, text)) {
        won = true;
        return { ok: true, claim: hold(file, me) };
      }
      const seen = look(file);
      if (seen?.live && seen.holder) return { ok: false, holder: { pid: seen.holder.pid, port: seen.holder.port } };
      if (seen && (seen.live || !removeStale(file, seen.text, text))) await pause();
    }
    throw new Error(`could not take ${file}: another process kept changing it`);
  } finally {
    if (!won) ours.delete(nonce);
  }
}

/** The running server that holds DATA_DIR, other than this process; undefined when none does. */
export function runningServer(dataDir: string): RunningServer | undefined {
  const seen = look(fileIn(dataDir));
  if (!seen?.holder || !seen.live || seen.holder.pid === process.pid) return undefined;
  return { pid: seen.holder.pid, port: seen.holder.port };
}
