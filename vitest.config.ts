import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit, property and server integration tests. Each server test file builds its own app on a
// fresh in-memory PGlite (or a fresh schema on PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    include: ['domain/src/**/*.test.ts', 'server/src/**/*.test.ts', 'web/src/**/*.test.ts', 'testkit/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // A file per core (Vitest's default leaves one core idle; a file's database work waits on I/O too).
    maxWorkers: availableParallelism(),
    // One migrated PGlite database per run, copied by each test file's app (server/src/test/harness.ts).
    globalSetup: ['server/src/test/pglite-snapshot.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
