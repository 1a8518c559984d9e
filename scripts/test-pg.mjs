// Runs the server suite again on real PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the server suite ran on PGlite only.');
  process.exit(0);
}
console.log(`Server suite on PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`);
const run = spawnSync('npx', ['vitest', 'run', 'server/src'], { stdio: 'inherit', env: process.env });
process.exit(run.status ?? 1);
