import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { z } from 'zod';

/**
 * A flood of bad requests at /api/submitbid from one address, as fast as it goes: malformed JSON,
 * a 2 MB body (over the 1 MB limit), the wrong content type and a made-up token, in turn on each
 * connection. It runs in a process of its own (`node --import tsx bench/bid-flood.ts PORT SECONDS
 * CONNECTIONS`) so its CPU is not the good bidders' generator's; it prints one line of JSON.
 */
const BAD = {
  'malformed JSON': { headers: { 'content-type': 'application/json' }, body: '{"eventcode":"bench","itemid":' },
  '2 MB body': {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ eventcode: 'bench', itemid: 1, bid: 10, note: 'x'.repeat(2 * 1024 * 1024) }),
  },
  'text/plain': { headers: { 'content-type': 'text/plain' }, body: 'eventcode=bench&itemid=1&bid=10' },
  'made-up token': {
    headers: {
      'content-type': 'application/json',
      authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiIsImJpZGRlcmlkIjo0Mn0.bm90LWEtcmVhbC1zaWduYXR1cmU',
    },
    body: JSON.stringify({ eventcode: 'bench', itemid: 1, bid: 10 }),
  },
} as const;

const kindResult = z.object({
  /** Answers by status. */
  answers: z.record(z.string(), z.number()),
  /** Connection errors (a refused 2 MB body closes its connection while it is still being sent). */
  errors: z.number(),
  timeouts: z.number(),
  sent: z.number(),
});

export const floodResult = z.object({
  kinds: z.record(z.string(), kindResult),
  seconds: z.number(),
  /** The flood's own CPU, % of one core. */
  cpuCore: z.number(),
});
export type FloodResult = z.infer<typeof floodResult>;

function run(options: autocannon.Options, onStart: () => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err: unknown, r) =>
      err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(r),
    );
    instance.once('start', onStart);
  });
}

/**
 * One autocannon per kind of bad request, the connections shared out, each with its one request:
 * its status counts are then that kind's (autocannon's per-request hooks lose count of which
 * request an answer belongs to once a connection is cut, as the 2 MB bodies' are).
 */
async function flood(port: number, seconds: number, connections: number): Promise<FloodResult> {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const kinds = Object.entries(BAD);
  let starting = kinds.length;
  const results = await Promise.all(
    kinds.map(([, r], i) =>
      run(
        {
          url: `http://127.0.0.1:${port}/api/submitbid`,
          connections: Math.floor(connections / kinds.length) + (i < connections % kinds.length ? 1 : 0),
          duration: seconds,
          timeout: 10,
          method: 'POST',
          headers: { ...r.headers },
          body: r.body,
        },
        () => --starting === 0 && console.log('flooding'),
      ),
    ),
  );
  const cpu = process.cpuUsage(cpu0);
  const byKind = Object.fromEntries(
    results.map((r, i) => [
      kinds[i]?.[0] ?? '?',
      {
        answers: Object.fromEntries(
          Object.entries(r.statusCodeStats ?? {}).map(([status, s]) => [status, s.count ?? 0]),
        ),
        errors: r.errors,
        timeouts: r.timeouts,
        sent: r.requests.sent,
      },
    ]),
  );
  return { kinds: byKind, seconds, cpuCore: ((cpu.user + cpu.system) / 1000 / (performance.now() - wall0)) * 100 };
}

/** Starts the flood in its own process; `started` resolves once it sends, `result` when it ends. */
export function startFlood(
  port: number,
  seconds: number,
  connections: number,
): { started: Promise<void>; result: Promise<FloodResult> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), String(port), String(seconds), String(connections)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  let onStart: () => void = () => undefined;
  let onFail: (err: Error) => void = () => undefined;
  const started = new Promise<void>((resolve, reject) => {
    onStart = resolve;
    onFail = reject;
  });
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.includes('flooding')) onStart();
  });
  const result = new Promise<FloodResult>((resolve, reject) =>
    child.once('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      const failed = new Error(`the flood exited with ${code ?? 'a signal'}`);
      onFail(failed);
      if (code === 0) resolve(floodResult.parse(JSON.parse(last)));
      else reject(failed);
    }),
  );
  // Whoever awaits `result` hears of a failure; this only stops it counting as unhandled here.
  result.catch(() => undefined);
  return { started, result };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, seconds, connections] = process.argv.slice(2).map(Number);
  flood(port ?? 0, seconds ?? 10, connections ?? 50)
    .then((r) => console.log(JSON.stringify(r)))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
