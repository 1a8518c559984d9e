// `npm test`: the whole suite, one phase after another, stopping at the first that fails, and
// how long each took: unit, property and integration tests on PGlite; the server suite again on
// PostgreSQL when TEST_PG_URL is set (scripts/test-pg.mjs); the production web build; the browser
// journeys in Chromium.
import { spawnSync } from 'node:child_process';

const phases = [
  ['pglite', 'npm', ['run', '--silent', 'test:unit']],
  ['postgresql', 'npm', ['run', '--silent', 'test:pg']],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['e2e', 'npx', ['playwright', 'test']],
];
const times = [];
let failed = 0;
for (const [name, command, args] of phases) {
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
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
console.log(`\n${times.join('\n')}`);
process.exit(failed);
