// npm run dev: the API server restarting on change (tsx watch) and Vite with hot reload, which
// proxies /api, /media and /hubs to the server. Open the Vite URL it prints.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const port = process.env.PORT ?? '8080';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  spawn('npx', ['vite', '--host'], {
    cwd: join(root, 'web'),
    stdio: 'inherit',
    env: { ...process.env, GAVEL_API_PORT: port },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
