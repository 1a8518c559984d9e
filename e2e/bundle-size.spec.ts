import { gzipSync } from 'node:zlib';
import { expect, test, type Response } from '@playwright/test';

/**
 * The JavaScript a phone fetches to show the event home stays at or under 200 KB gzip: a phone on
 * venue Wi-Fi must open the event quickly. Measured in the browser, not from the build's HTML, so a
 * chunk the entry loads right after it counts too. Each script is gzipped here, so the figure is the
 * same whether or not the server compresses.
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

test(`the event home loads at most ${BUDGET_KB} KB of gzipped JavaScript`, async ({ page }) => {
  const pending: Array<Promise<Script | null>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') pending.push(gzipSize(response));
  });

  await page.goto('/demo');
  // Settled: the home's content is shown (its name, message and join form) and nothing more is fetched.
  await expect(page.getByTestId('event-name')).toBeVisible();
  await expect(page.getByTestId('event-message')).toBeVisible();
  await expect(page.getByTestId('join-button')).toBeVisible();
  await expect(page.getByTestId('guest-link')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const scripts = (await Promise.all(pending)).filter((s): s is Script => s !== null).sort((a, b) => b.gzip - a.gzip);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`event home JavaScript: ${kb(total)} KB gzip in ${scripts.length} files (budget ${BUDGET_KB} KB)`);
  for (const s of scripts) console.log(`  ${kb(s.gzip).padStart(6)} KB  ${s.path}`);
  expect(scripts.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(BUDGET_KB * 1024);
});
