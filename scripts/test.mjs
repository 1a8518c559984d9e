// `npm test`: the whole suite, stopping at the first phase that fails, and how long each took:
// unit, property and integration tests on PGlite; the production web build; then, side by side,
// the browser journeys in Chromium and the server suite again on PostgreSQL when TEST_PG_URL is
// set (scripts/test-pg.mjs). The journeys spend much of their time waiting (a hold's minutes, an
// animation, a live message) and the PostgreSQL pass on its database server, so together they
// take little longer than the journeys alone; the PostgreSQL pass's report is printed when it ends.
import { spawn, spawnSync } from 'node:child_process';

const times = [];
const seconds = (started) => Math.round((Date.now() - started) / 1000);
const note = (name, started, status) => {
  times.push(`phase ${name}: ${seconds(started)} s${status ? ` (failed, exit ${status})` : ''}`);
  console.log(times.at(-1));
};
const finish = (status) => {
  console.log(`\n${times.join('\n')}`);
  process.exit(status);
};

for (const [name, command, args] of [
  ['pglite', 'npm', ['run', '--silent', 'test:unit']],
  ['build', 'npm', ['run', '--silent', 'build']],
]) {
  const started = Date.now();
  const status = spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
  note(name, started, status);
  if (status) finish(status);
}

/** The PostgreSQL pass in the background, its output kept for when it ends. */
function postgresPass() {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', 'test:pg'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      note('postgresql', started, code ?? 1);
      resolve(code ?? 1);
    }),
  );
}

function journeys() {
  const started = Date.now();
  const child = spawn('npx', ['playwright', 'test'], { stdio: 'inherit' });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      note('e2e', started, code ?? 1);
      resolve(code ?? 1);
    }),
  );
}

const [pg, e2e] = await Promise.all([postgresPass(), journeys()]);
finish(pg || e2e);
