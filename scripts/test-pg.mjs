// Runs the server suite a second time on real PostgreSQL when TEST_PG_URL is set (.ci/run sets
// it, with TEST_REDIS_URL for the several-processes test). The first pass of `npm test` ran on PGlite.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_PG_URL;
if (!url) {
  console.log('TEST_PG_URL is not set: the server suite ran on PGlite only.');
  process.exit(0);
}
console.log(`Server suite on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')})`);
const run = spawnSync('npx', ['vitest', 'run', 'server/src'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
