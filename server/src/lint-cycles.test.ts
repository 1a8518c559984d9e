import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { notTheDatabase } from './test/passes';

// `npm run lint:cycles` runs dependency-cruiser with the repository's .dependency-cruiser.mjs over server/,
// web/ and domain/. The fixtures (outside those folders, so the real lint never sees them) prove the rule:
// `cycle/` closes a cycle of `import type`s only, the kind the old context.ts cycle was made of.
const root = join(import.meta.dirname, '..', '..');
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

async function cruise(fixture: string): Promise<{ failed: boolean; output: string }> {
  const args = [depcruise, '--config', '.dependency-cruiser.mjs', `scripts/lint-fixtures/${fixture}`];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { cwd: root });
    return { failed: false, output: stdout + stderr };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { failed: true, output: stdout + stderr };
  }
}

describe.skipIf(notTheDatabase)('the import-cycle lint', () => {
  it('fails on a cycle, type-only imports included, and names its files', async () => {
    const { failed, output } = await cruise('cycle');
    expect(failed).toBe(true);
    expect(output).toContain('no-cycle');
    expect(output).toContain('scripts/lint-fixtures/cycle/bid.ts');
    expect(output).toContain('scripts/lint-fixtures/cycle/notice.ts');
  });

  it('passes the same files without the edge back', async () => {
    const { failed, output } = await cruise('no-cycle');
    expect(output).not.toContain('no-cycle:');
    expect(failed).toBe(false);
  });
});
