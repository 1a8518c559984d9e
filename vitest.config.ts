import { defineConfig } from 'vitest/config';

// Unit, property and server integration tests. Each server test file builds its own app on a
// fresh in-memory PGlite (or a fresh schema on PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    include: ['domain/src/**/*.test.ts', 'server/src/**/*.test.ts', 'web/src/**/*.test.ts', 'testkit/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
