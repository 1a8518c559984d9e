import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** No serious or critical accessibility violations on the page as it stands. */
export async function expectAccessible(page: Page): Promise<void> {
  // Page transitions fade colours in; judge contrast once they have finished.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""} ${n.html.slice(0, 200)}`).join(", ")})`)).toEqual([]);
}

/** Opens an event page already signed in with a token (as the app stores it). */
export async function openSignedIn(page: Page, path: string, token: string): Promise<void> {
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('gavel.e2e.token-set')) {
      localStorage.setItem('gavel.token', t);
      sessionStorage.setItem('gavel.e2e.token-set', '1');
    }
  }, token);
  await page.goto(path);
}

/** Types into an Ionic input by its test id. */
export async function fill(page: Page, testId: string, value: string): Promise<void> {
  await page.getByTestId(testId).locator('input').fill(value);
}
