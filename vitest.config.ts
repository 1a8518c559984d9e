import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Unit, property and server integration tests. Each server test file builds its own app on a
// fresh in-memory PGlite (or a fresh database on PostgreSQL when TEST_DATABASE_URL is set), copied
// from the one migrated database of the run (the global setups).
const here = fileURLToPath(new URL('.', import.meta.url));
const roots = ['domain/src', 'server/src', 'web/src', 'testkit', 'scripts'];
const include = roots.map((root) => `${root}/**/*.test.ts`);

/**
 * The test files that replace a module (vi.mock): the module must be loaded afresh for them, so
 * they run in a process of their own. Every other file shares its worker's loaded modules.
 */
function mockingFiles(): string[] {
  return roots.flatMap((root) =>
    readdirSync(join(here, root), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts') && !file.split('/').includes('node_modules'))
      .map((file) => join(root, file))
      .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(join(here, file), 'utf8'))),
  );
}
const mocking = mockingFiles();

/**
 * The files that take longest (three seconds or more of a worker on this machine, in either pass),
 * longest first, started before the rest so that no worker is left alone at the end with one of
 * them. Vitest orders by the timings of the last run, but a fresh clone (CI) has none, and the
 * rest keep the order of the folders.
 */
const slowest = [
  'server/src/venue.test.ts',
  'server/src/reliability/fuzz.test.ts',
  'server/src/reliability/crash.test.ts',
  'server/src/reliability/topology.test.ts',
  'server/src/features/backup/cli.test.ts',
  'server/src/features/console/chargeall/crash.test.ts',
  'server/src/cluster.test.ts',
  'server/src/reliability/shutdown.test.ts',
  'server/src/features/backup/during-bidding.test.ts',
  'server/src/reliability/redis-outage.test.ts',
  'server/src/security/private-data.test.ts',
  'server/src/features/console/chargeall/concurrency.test.ts',
  'server/src/lib/pidfile.test.ts',
  'server/src/features/store/concurrency.test.ts',
  'server/src/features/registration/links.test.ts',
  'server/src/features/display/display.test.ts',
  'server/src/features/registration/mail-caps.test.ts',
  'server/src/lib/counters.test.ts',
  'server/src/features/display/total.test.ts',
  'server/src/features/store/address-cap.test.ts',
  'server/src/security/slow-clients.test.ts',
  'server/src/features/console/events/events.test.ts',
  'server/src/reliability/db-restart.test.ts',
];
for (const file of slowest)
  if (!existsSync(join(here, file))) throw new Error(`vitest.config.ts: ${file} is gone; update "slowest"`);

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = slowest.findIndex((file) => spec.moduleId.endsWith(file));
      return at === -1 ? slowest.length : at;
    };
    // Within a project only: the base order keeps each project's files together.
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((spec) => spec.project))];
    return projects.flatMap((project) =>
      sorted.filter((spec) => spec.project === project).sort((a, b) => rank(a) - rank(b)),
    );
  }
}

/** What every project's files run with. */
const common = { environment: 'node', pool: 'forks', testTimeout: 30_000, hookTimeout: 60_000 } as const;

export default defineConfig({
  test: {
    // A file per core (Vitest's default leaves one core idle; a file's database work waits on I/O too).
    maxWorkers: availableParallelism(),
    // One migrated database per run, copied by each test file's app (server/src/test/harness.ts). Set
    // here only, not in the projects: a project's own setups would migrate it again.
    globalSetup: [
      'server/src/test/pglite-snapshot.ts',
      'server/src/test/pg-template.ts',
      'server/src/test/built-server.ts',
    ],
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        // A worker runs file after file with the modules it has loaded: importing the server anew
        // for each file (a new process) took half of the suite's time. Files share no state through
        // them: each builds its own app on its own database (module-level caches are keyed by app).
        test: { ...common, name: 'shared', include, exclude: mocking, isolate: false },
      },
      ...(mocking.length > 0 ? [{ test: { ...common, name: 'isolated', include: mocking, isolate: true } }] : []),
    ],
  },
});
