import { gzipSync } from 'node:zlib';
import { devices, expect, test, type Response } from './support/test';

/**
 * The JavaScript a phone fetches to show the event home stays at or under 200 KB gzip: a phone on
 * venue Wi-Fi must open the event quickly. Measured in the browser, not from the build's HTML, so a
 * chunk the entry loads right after it counts too. Each script is gzipped here, so the figure is the
 * same whether or not the server compresses. The service worker's script counts as well (issue 31).
 */
const BUDGET_KB = 200;

interface Script {
  path: string;
  gzip: number;
}

async function gzipSize(response: Response): Promise<Script | null> {
  const body = await response.body().catch(() => null);
  if (!body) return null;
  return { path: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length };
}

/** The phones the budget holds for: the app's pages are the same, but each gets its own first load. */
const PHONES = [
  ['iPhone', devices['iPhone 13'].userAgent],
  ['Android', devices['Pixel 7'].userAgent],
] as const;

// The service worker's script counts too: a phone downloads it on its first visit.
test.use({ serviceWorkers: 'allow' });

for (const [phone, userAgent] of PHONES)
  test.describe(phone, () => {
    test.use({ userAgent });

    test(`the event home loads at most ${BUDGET_KB} KB of gzipped JavaScript, its service worker included`, async ({
      page,
    }) => {
      const pending: Array<Promise<Script | null>> = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') pending.push(gzipSize(response));
      });

      await page.goto('/demo');
      // Settled: the home's content is shown (its name, message and join form), its service worker
      // registered (after the first paint) and nothing more is fetched.
      await expect(page.getByTestId('event-name')).toBeVisible();
      await expect(page.getByTestId('event-message')).toBeVisible();
      await expect(page.getByTestId('join-button')).toBeVisible();
      await expect(page.getByTestId('guest-link')).toBeVisible();
      const workerUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
      await page.waitForLoadState('networkidle');

      // The worker's script is fetched by the browser, not the page: read it as the browser did. It
      // imports nothing (everything it runs is in this one file), so it is all there is to count.
      const worker = await page.request.get(workerUrl);
      const workerBody = await worker.body();
      expect(workerBody.toString()).not.toContain('importScripts(');
      const scripts = (await Promise.all(pending))
        .filter((s): s is Script => s !== null)
        .concat({ path: new URL(workerUrl).pathname, gzip: gzipSync(workerBody, { level: 9 }).length })
        .sort((a, b) => b.gzip - a.gzip);
      const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
      const kb = (bytes: number) => (bytes / 1024).toFixed(1);
      console.log(
        `${phone}: event home JavaScript: ${kb(total)} KB gzip in ${scripts.length} files (budget ${BUDGET_KB} KB)`,
      );
      for (const s of scripts) console.log(`  ${kb(s.gzip).padStart(6)} KB  ${s.path}`);
      expect(scripts.length).toBeGreaterThan(1);
      expect(total).toBeLessThanOrEqual(BUDGET_KB * 1024);
    });
  });

/**
 * The scripts every visit runs at start (the page names them: its entry and the modules it
 * preloads) open with V8's per-file compile hint, so Chrome compiles them as they stream in rather
 * than on the main thread as they first run (web/compile-hints.ts); another screen's, loaded later,
 * does not (most of its code may never run).
 */
test('the first load carries the compile hint, a screen loaded later does not', async ({ page }) => {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  const bodies = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      bodies.set(
        new URL(response.url()).pathname,
        response.text().catch(() => ''),
      );
  });
  await page.goto('/demo');
  await expect(page.getByTestId('join-button')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // As the page was served (the app's own loader adds preloads of its lazy parts to the document later).
  const html = await (await page.request.get('/demo')).text();
  const named = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  expect(named.length).toBeGreaterThan(5);
  const unhinted = [];
  for (const path of named) if (!(await bodies.get(path))?.startsWith(HINT)) unhinted.push(path);
  expect(unhinted).toEqual([]);

  bodies.clear();
  await page.getByTestId('join-email').locator('input').fill(`hint-${Date.now()}@example.org`);
  await page.getByTestId('join-button').click();
  await expect(page.locator('input[type=password]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const later = await Promise.all([...bodies].map(async ([path, body]) => [path, await body] as const));
  // The account screens' own file (the item pages', fetched ahead while the phone is idle, are hinted).
  const accounts = later.filter(([path]) => /\/accountPages-[\w-]+\.js$/.test(path));
  expect(accounts.length).toBe(1);
  expect(accounts.filter(([, body]) => body.startsWith(HINT))).toEqual([]);
});
