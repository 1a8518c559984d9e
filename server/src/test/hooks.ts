import { afterAll, beforeAll, beforeEach } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';

/**
 * One app for a whole test file, its clock at `start`, emptied before each test so counts and
 * ids are the test's own. `use` receives the app once it is built.
 */
export function useEmptiedApp(start: Date, use: (t: TestApp) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp({}, start);
    use(app);
  });
  afterAll(async () => app?.close());
  beforeEach(async () => {
    await app?.ctx.db.execute(sql`truncate organizations, media restart identity cascade`);
  });
}
