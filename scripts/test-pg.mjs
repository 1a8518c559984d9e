// Runs the server suite a second time on real PostgreSQL when TEST_PG_URL is set (.ci/run sets
// it, with TEST_REDIS_URL for the several-processes test). The first pass of `npm test` ran on PGlite.
// Only server/src: the domain's, the web's and the scripts' tests touch no database. Each test file
// gets a database copied from one migrated template (server/src/test/pg-template.ts).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const url = process.env.TEST_PG_URL;
if (!url) {
  console.log('TEST_PG_URL is not set: the server suite ran on PGlite only.');
  process.exit(0);
}
console.log(`Server suite on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')})`);
// One worker more than cores: here the tests wait on the database server, a process of its own
// (on two cores, three workers took 117 s where two took 133).
const workers = String(availableParallelism() + 1);

/**
 * A test file can reach a database only through what it imports: the test harness and fixtures,
 * the testkit, the app, or db/. A file importing none of them (a pure rule of lib/, the config's
 * parsing) learned all it can in the first pass, so this pass leaves it out.
 */
const reachesDatabase = /from '[^']*(\/test\/|testkit|\/db\/|\/app'|harness|fixtures)/;
const files = readdirSync('server/src', { recursive: true })
  .map((f) => join('server/src', String(f)))
  .filter((f) => f.endsWith('.test.ts') && reachesDatabase.test(readFileSync(f, 'utf8')));
// Arguments after `--` go to Vitest (npm test adds a JSON report of the timings).
const run = spawnSync('npx', ['vitest', 'run', ...files, '--maxWorkers', workers, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
