// npm start: build the web app the first time (or when its sources changed), then run the server,
// which applies migrations, seeds the demo into an empty database and prints the URLs to open.
// PROCESSES=n (or auto, one per core) runs n server processes on the one port, with DATABASE_URL
// and REDIS_URL (server/src/cluster.ts); a signal to this script reaches them all.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'web', 'dist', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function webIsStale() {
  if (!existsSync(dist)) return true;
  const built = statSync(dist).mtimeMs;
  const sources = Math.max(newestMtime(join(root, 'web', 'src')), newestMtime(join(root, 'domain', 'src')));
  return sources > built;
}

if (!process.argv.includes('--no-build') && webIsStale()) {
  console.log('Building the web app (first start, or its sources changed)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'src', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { WEB_DIST: join(root, 'web', 'dist'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
