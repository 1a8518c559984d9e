import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, expectOk } from '../../../../testkit/transport';
import {
  SERVER_ADMIN_TOKEN,
  fetchTransport,
  freePort,
  isRunning,
  started,
  startServer,
  stop,
  waitHealthy,
} from '../../test/server-process';
import { eventDocument, item } from '../../test/documents';
import { onPostgres } from '../../test/passes';
import { listBackups } from './archive';
import { cleanUp, tempDir } from './backup-fixtures';
import { entryArgs } from '../../test/built-server';
import { withMigratedDatabase } from '../../test/migrated-dir';

/**
 * `npm run backup` and `npm run restore` as an operator runs them, against the real server as a
 * child process on the embedded database: the backup goes through the running server, a restore
 * onto it is refused, the backup is made directly once it has stopped, and a server started on
 * the restored DATA_DIR serves the event.
 */
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const now = new Date();

afterAll(async () => {
  for (const server of started) if (isRunning(server)) server.child.kill('SIGKILL');
  await Promise.all(started.map((s) => s.exited));
  await cleanUp();
});

interface Ran {
  code: number | null;
  out: string;
  err: string;
}

/** Runs `npm run <name> -- args` as npm does (the CLI's source, from the run's bundle: test/built-server.ts), in an environment of the embedded default. */
function cli(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Ran> {
  const base: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', ...env };
  for (const unset of ['DATABASE_URL', 'TEST_DATABASE_URL', 'ADMIN_TOKEN', 'JWT_SECRET'])
    if (!(unset in env)) delete base[unset];
  const child = spawn(process.execPath, [...entryArgs(name), ...args], {
    cwd: root,
    env: base,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out: out.trim(), err: err.trim() })));
}

describe.skipIf(onPostgres)('the backup and restore commands', () => {
  it('back up through a running server, alone once it stopped, and restore into an empty DATA_DIR', async () => {
    const dataDir = await withMigratedDatabase(tempDir());
    let server = startServer(dataDir, await freePort());
    await waitHealthy(server);
    const doc = eventDocument(now, { eventcode: 'kept', items: [item('1')] });
    await expectOk('import', fetchTransport(server.origin).post('/api/admin/import', doc, bearer(SERVER_ADMIN_TOKEN)));

    // While it runs, the server makes the file; the command moves it where it was asked.
    const out = tempDir();
    const env = { DATA_DIR: dataDir, ADMIN_TOKEN: SERVER_ADMIN_TOKEN };
    const first = await cli('backup', [out], env);
    expect(first, first.err).toMatchObject({ code: 0 });
    const made = /^Backup written: (\S+) \(.+; by the running server on port (\d+)\)$/.exec(first.out);
    expect(made?.[2]).toBe(String(server.port));
    const file = made?.[1] ?? '';
    expect(listBackups(out).map((b) => b.path)).toEqual([file]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(listBackups(join(dataDir, 'backups'))).toEqual([]);

    // A second one at once is refused: a loop calling the server must not fill its disk.
    const again = await cli('backup', [out], env);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/^A backup was started \d+ seconds ago; the next one may be made in \d+ seconds\.$/);

    const onto = await cli('restore', [file], { DATA_DIR: dataDir });
    expect(onto.code).toBe(1);
    expect(onto.err).toBe(
      `A Gavel server (pid ${server.pid}) is using ${dataDir}: stop it, and restore into an empty data directory.`,
    );

    expect(await stop(server)).toBe(0);
    const alone = await cli('backup', [], { DATA_DIR: dataDir });
    expect(alone, alone.err).toMatchObject({ code: 0 });
    expect(alone.out).toMatch(/^Backup written: .+ \(.+; the embedded database\)$/);
    expect(listBackups(join(dataDir, 'backups'))).toHaveLength(1);

    const target = tempDir();
    const restored = await cli('restore', [file], { DATA_DIR: target });
    expect(restored, restored.err).toMatchObject({ code: 0 });
    expect(restored.out.split('\n')).toEqual([
      expect.stringMatching(
        /^Restored the backup of the embedded database made .+ into .+\/pglite \(database migration .+\)\.$/,
      ),
      `Kept secrets put back in ${target}: vapid-keys.`,
      'Start Gavel (npm start) on it: any newer migrations are applied then, as at every start.',
    ]);
    // The push keys are the backup's, so the devices' subscriptions still work.
    expect(readFileSync(join(target, 'vapid-keys'), 'utf8')).toBe(readFileSync(join(dataDir, 'vapid-keys'), 'utf8'));
    expect(statSync(join(target, 'vapid-keys')).mode & 0o777).toBe(0o600);

    const twice = await cli('restore', [file], { DATA_DIR: target });
    expect(twice.code).toBe(1);
    expect(twice.err).toBe(
      `${target} already holds an embedded database (${join(target, 'pglite')}): restore into an empty data directory (another DATA_DIR), or move that folder away first.`,
    );
    const usage = await cli('restore', [], { DATA_DIR: target });
    expect(usage.code).toBe(2);
    expect(usage.err).toBe('Usage: npm run restore -- path/to/gavel-2026-11-26T15-40-00Z.tar.gz');

    // A server started on the restored directory serves what was there.
    server = startServer(target, await freePort());
    await waitHealthy(server);
    const event = await expectOk('event', fetchTransport(server.origin).post('/api/event', { eventcode: 'kept' }));
    expect(event).toMatchObject({ status: 'success' });
    expect(await stop(server)).toBe(0);
    expect(basename(file)).toMatch(/^gavel-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
  }, 240_000);
});
