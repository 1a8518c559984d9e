// `npm test`: the whole suite, and how long each phase took. First the production web build (once,
// shared by the build's own tests and the browser journeys); then two lanes side by side: the
// Vitest lane (unit, property and integration tests on PGlite, then the server suite again on
// PostgreSQL when TEST_PG_URL is set: scripts/test-pg.mjs) and the browser journeys in Chromium.
// Each lane stops at its first failing phase. At the end, the ten slowest files or journeys of each
// phase (scripts/slowest.mjs).
//
// Why side by side: each lane alone leaves the two cores idle a tenth of its time (the journeys
// waiting a real minute for a cart's hold, a test file waiting on the servers it started, a
// phase's start and its last file), and the other lane fills it. The journeys print as they run;
// the Vitest lane's output is kept and printed whole when each of its phases ends, so that the two
// never interleave line by line. TEST_LANES=1 runs the phases one after another instead.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { printSlowest } from './slowest.mjs';

const root = new URL('..', import.meta.url).pathname;
/** Where each phase's runner writes its timings (JSON) and the Vitest lane its output, read at the end. */
const timings = join(root, 'test-timings');
rmSync(timings, { recursive: true, force: true });
mkdirSync(timings, { recursive: true });
const vitestJson = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(timings, `${name}.json`)}`,
];
const env = (extra = {}) => ({ ...process.env, WEB_BUILD_FOR_TESTS: join(root, 'web', 'dist'), ...extra });
const started = Date.now();
const times = [];

function record(name, since, status) {
  const line = `phase ${name}: ${Math.round((Date.now() - since) / 1000)} s${status ? ` (failed, exit ${status})` : ''}`;
  times.push(line);
  return line;
}

/** Runs a phase with its output on this terminal, or (`kept`) into a file printed whole when it ends. */
function run(name, command, args, extra, kept) {
  const since = Date.now();
  return new Promise((resolve) => {
    const log = kept ? join(timings, `${name}.log`) : '';
    const out = kept ? createWriteStream(log) : undefined;
    const child = spawn(command, args, { env: env(extra), stdio: kept ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const line = record(name, since, status);
      const finish = () => {
        if (kept) process.stdout.write(`\n--- ${name} (ran beside the journeys) ---\n${readFileSync(log, 'utf8')}`);
        console.log(line);
        resolve(status);
      };
      if (out) out.end(finish);
      else finish();
    });
  });
}

/** Runs the phases of a lane one after another, stopping at the first that fails. */
async function lane(phases) {
  for (const [name, command, args, extra, kept] of phases) {
    const status = await run(name, command, args, extra, kept);
    if (status) return status;
  }
  return 0;
}

// With NODE_ENV=development exported, as a shell may have it: the web build is for production
// whatever it says, which scripts/web-build.test.ts checks on this very build (WEB_BUILD_FOR_TESTS).
const buildSince = Date.now();
const build = spawnSync('npm', ['run', '--silent', 'build'], {
  stdio: 'inherit',
  env: env({ NODE_ENV: 'development' }),
});
console.log(record('build', buildSince, build.status ?? 1));
let failed = build.status ?? 1;

if (!failed) {
  const sideBySide = process.env.TEST_LANES !== '1';
  const vitestLane = [
    ['pglite', 'npm', ['run', '--silent', 'test:unit', '--', ...vitestJson('pglite')], {}, sideBySide],
    ['postgresql', 'npm', ['run', '--silent', 'test:pg', '--', ...vitestJson('postgresql')], {}, sideBySide],
  ];
  const journeys = [['e2e', 'npx', ['playwright', 'test'], { TEST_TIMINGS_DIR: timings }, false]];
  const statuses = sideBySide
    ? await Promise.all([lane(vitestLane), lane(journeys)])
    : [await lane([...vitestLane, ...journeys])];
  failed = statuses.find((status) => status !== 0) ?? 0;
}

printSlowest(timings, 10);
console.log(`\n${times.join('\n')}\nall phases: ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed);
