import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a freshly migrated PGlite database (dumpDataDir), or '' on PostgreSQL. */
    pgliteSnapshot: string;
  }
}

/**
 * Vitest's global setup: migrates one in-memory PGlite database per run and writes its dump to a
 * file, so every test file's database starts from a copy of it (half a second) instead of a new
 * cluster plus every migration (over two seconds each). The harness still runs the migrations on
 * the copy (a no-op when nothing is new), so a copy can never lag the migrations folder.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return () => undefined;
  }
  const database = await openDatabase({});
  if (database.driver.kind !== 'pglite') throw new Error('expected PGlite');
  const dump = await database.driver.client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'gavel-pglite-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
