import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifiedBidder } from '../../../testkit/bidders';
import { bearer, expectOk } from '../../../testkit/transport';
import { eventDocument } from '../test/documents';
import {
  SERVER_ADMIN_TOKEN,
  fetchTransport,
  freePort,
  isRunning,
  started,
  startServer,
  stop,
  waitHealthy,
} from '../test/server-process';
import { notTheDatabase } from '../test/passes';

/**
 * Security finding 8, replayed: the embedded database's files (password hashes, personal data,
 * processor keys) were world-readable and mostly world-writable (0666). Started the way `npm
 * start` starts it, under a umask that would leave everything open, the server keeps DATA_DIR and
 * everything in it to its owner, files that were there before included.
 */
const dirs: string[] = [];
afterAll(async () => {
  for (const server of started) if (isRunning(server)) server.child.kill('SIGKILL');
  await Promise.all(started.map((s) => s.exited));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Every path under `dir` (itself included) whose mode lets anyone but the owner in, with its mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) found.push(`${relative(dir, path) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

describe.skipIf(notTheDatabase)('DATA_DIR', () => {
  it(
    'is its owner’s alone once the server has started and written to it, whatever the umask',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'gavel-private-'));
      dirs.push(dataDir);
      // What an older version, or a copy, left behind: open to everyone.
      chmodSync(dataDir, 0o777);
      mkdirSync(join(dataDir, 'backups'), { mode: 0o777 });
      chmodSync(join(dataDir, 'backups'), 0o777);
      writeFileSync(join(dataDir, 'backups', 'old.json'), '{}');
      chmodSync(join(dataDir, 'backups', 'old.json'), 0o666);
      expect(openToOthers(dataDir).length).toBe(3);

      // The server inherits a umask that would leave every new file open (0666, 0777).
      const umask = process.umask(0);
      const server = startServer(dataDir, await freePort());
      process.umask(umask);
      await waitHealthy(server);
      const transport = fetchTransport(server.origin);
      await expectOk(
        'import',
        transport.post('/api/admin/import', eventDocument(new Date()), bearer(SERVER_ADMIN_TOKEN)),
      );
      await verifiedBidder(transport, { eventcode: 'gala', email: 'private@example.org' });
      expect(openToOthers(dataDir)).toEqual([]);
      // The database's own files are there, and closed.
      expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(['pglite', 'server.pid', 'backups']));
      expect(await stop(server)).toBe(0);
      expect(openToOthers(dataDir)).toEqual([]);
    },
  );
});
