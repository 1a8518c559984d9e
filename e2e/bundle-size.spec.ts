import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * The JavaScript the event home loads first (the entry script and every module it preloads)
 * stays at or under 250 KB gzip: a phone on venue Wi-Fi must open the event quickly.
 */
const BUDGET = 250 * 1024;
const dist = join(process.cwd(), 'web', 'dist');

export function firstLoadFiles(html: string): string[] {
  const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1] ?? '');
  const preload = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? '');
  return [...new Set([...entry, ...preload])].filter(Boolean);
}

test('the event home first loads at most 250 KB of gzipped JavaScript', () => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = firstLoadFiles(html);
  expect(files.length).toBeGreaterThan(0);
  const total = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f.replace(/^\//, '')))).length, 0);
  console.log(`first-load JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${files.length} files (budget 250 KB)`);
  expect(total).toBeLessThanOrEqual(BUDGET);
});
