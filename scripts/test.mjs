// `npm test`: the whole suite, one phase after another, stopping at the first that fails, and
// how long each took: the production web build (once, shared by the build's own tests and the
// browser journeys); unit, property and integration tests on PGlite; the server suite again on
// PostgreSQL when TEST_PG_URL is set (scripts/test-pg.mjs); the browser journeys in Chromium. At the
// end, the ten slowest files or journeys of each phase (scripts/slowest.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { printSlowest } from './slowest.mjs';

const root = new URL('..', import.meta.url).pathname;
/** Where each phase's runner writes its timings (JSON), read at the end for the slowest. */
const timings = join(root, 'test-timings');
rmSync(timings, { recursive: true, force: true });
mkdirSync(timings, { recursive: true });
const vitestJson = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(timings, `${name}.json`)}`,
];

const phases = [
  // With NODE_ENV=development exported, as a shell may have it: the web build is for production
  // whatever it says, which scripts/web-build.test.ts checks on this very build (WEB_BUILD_FOR_TESTS).
  ['build', 'npm', ['run', '--silent', 'build'], { NODE_ENV: 'development' }],
  ['pglite', 'npm', ['run', '--silent', 'test:unit', '--', ...vitestJson('pglite')]],
  ['postgresql', 'npm', ['run', '--silent', 'test:pg', '--', ...vitestJson('postgresql')]],
  ['e2e', 'npx', ['playwright', 'test'], { TEST_TIMINGS_DIR: timings }],
];
const times = [];
let failed = 0;
for (const [name, command, args, env = {}] of phases) {
  const started = Date.now();
  const run = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, WEB_BUILD_FOR_TESTS: join(root, 'web', 'dist'), ...env },
  });
  const status = run.status ?? 1;
  times.push(
    `phase ${name}: ${Math.round((Date.now() - started) / 1000)} s${status ? ` (failed, exit ${status})` : ''}`,
  );
  console.log(times.at(-1));
  if (status) {
    failed = status;
    break;
  }
}
printSlowest(timings, 10);
console.log(`\n${times.join('\n')}`);
process.exit(failed);
