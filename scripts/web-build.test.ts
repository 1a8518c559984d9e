import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The web app is built for production whatever NODE_ENV the shell exported: with
 * NODE_ENV=development a build once shipped React's development runtime (157 KB gzip more on the
 * event home). `npm test` builds the web app once, with that variable set, before this runs, and
 * names the folder in WEB_BUILD_FOR_TESTS (scripts/test.mjs): these tests read the very build the
 * browser journeys then use. Run alone, the file builds it the way `npm start` does, into a folder
 * of its own (a few seconds).
 */
const root = new URL('..', import.meta.url).pathname;
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
/** The event home's budget (e2e/bundle-size.spec.ts); its first load alone must fit in it. */
const BUDGET_KB = 200;
/** What only React's development build contains. */
const developmentRuntime = ['jsxDEV', 'jsx-dev-runtime', 'Download the React DevTools'];

const shared = process.env.WEB_BUILD_FOR_TESTS;
let outDir = shared ?? '';

beforeAll(() => {
  if (shared) return;
  outDir = mkdtempSync(join(tmpdir(), 'gavel-web-build-'));
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: join(root, 'web'),
      env: { ...process.env, NODE_ENV: 'development' },
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
}, 120_000);

afterAll(() => {
  if (!shared) rmSync(outDir, { recursive: true, force: true });
});

describe('the web build with NODE_ENV=development in the environment', () => {
  it('contains no development runtime', () => {
    const assets = join(outDir, 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const found = scripts.flatMap((name) => {
      const code = readFileSync(join(assets, name), 'utf8');
      return developmentRuntime.filter((marker) => code.includes(marker)).map((marker) => `${name}: ${marker}`);
    });
    expect(found).toEqual([]);
  });

  it(`loads at most ${BUDGET_KB} KB of gzipped script before the event home's own chunks`, () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const firstLoad = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
    expect(firstLoad.length).toBeGreaterThan(0);
    const gzip = firstLoad.reduce(
      (sum, path) => sum + gzipSync(readFileSync(join(outDir, path)), { level: 9 }).length,
      0,
    );
    expect(gzip).toBeLessThanOrEqual(BUDGET_KB * 1024);
  });
});

describe("the other pages' files", () => {
  /** What a page loads at once: its entry and every chunk that one imports, with their styles. */
  function loadsAtOnce(entry: string): { chunks: string[]; styles: string[] } {
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { imports?: string[]; css?: string[] }
    >;
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of manifest[key]?.imports ?? []) visit(next);
    };
    visit(entry);
    return { chunks: [...seen], styles: [...seen].flatMap((key) => manifest[key]?.css ?? []) };
  }

  // A shared file that imported the bidder app's entry once took its start and Ionic's stylesheets
  // into the console, whose pages then no longer scrolled.
  it.each(['console.html', 'board.html', 'card-form.html'])(
    "%s loads nothing of the bidder app's entry or its stylesheets",
    (page) => {
      const bidder = loadsAtOnce('index.html');
      const { chunks, styles } = loadsAtOnce(page);
      expect(chunks).not.toContain('index.html');
      expect(styles.filter((style) => bidder.styles.includes(style) && /\/main-/.test(style))).toEqual([]);
    },
  );
});
