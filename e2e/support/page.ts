import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** No serious or critical accessibility violations on the page as it stands. */
export async function expectAccessible(page: Page): Promise<void> {
  // Page transitions fade colours in; judge contrast once they have finished.
  // A transition about to start has its classes set before its animations run: wait for both.
  await page.waitForFunction(
    () =>
      !document.querySelector('.header-transitioning, .ion-page-invisible') &&
      document.getAnimations().every((a) => a.playState !== 'running'),
  );
  // An element that starts fading in while axe reads the page (a notice queued by an answer that
  // arrives just then) would be judged half-transparent: while axe reads, CSS animations and
  // transitions end as they start, so each element is judged as it will look.
  const instant = await page.addStyleTag({
    content:
      '*, *::before, *::after { animation-duration: 0s !important; animation-delay: 0s !important; transition-duration: 0s !important; transition-delay: 0s !important; }',
  });
  const result = await new AxeBuilder({ page })
    .analyze()
    .finally(() => instant.evaluate((style) => style.parentNode?.removeChild(style)));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''} ${n.html.slice(0, 200)}`).join(', ')})`,
    ),
  ).toEqual([]);
}

/** Where the app keeps the login token of an event (one per event code). */
export function tokenKey(eventcode: string): string {
  return `gavel.token:${eventcode.toLowerCase()}`;
}

/** The event code a login token is for, read from its payload. */
export function tokenEventcode(token: string): string {
  const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  if (
    typeof payload !== 'object' ||
    payload === null ||
    !('eventcode' in payload) ||
    typeof payload.eventcode !== 'string'
  )
    throw new Error('a login token without an event code');
  return payload.eventcode;
}

/** The token the app holds for an event, or null. */
export async function storedToken(page: Page, eventcode: string): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), tokenKey(eventcode));
}

/** Opens an event page already signed in with a token (kept under its event, as the app keeps it). */
export async function openSignedIn(page: Page, path: string, token: string): Promise<void> {
  await page.addInitScript(
    ({ key, t }) => {
      if (!sessionStorage.getItem('gavel.e2e.token-set')) {
        localStorage.setItem(key, t);
        sessionStorage.setItem('gavel.e2e.token-set', '1');
      }
    },
    { key: tokenKey(tokenEventcode(token)), t: token },
  );
  await page.goto(path);
}

/** Types into an Ionic input by its test id. */
export async function fill(page: Page, testId: string, value: string): Promise<void> {
  await page.getByTestId(testId).locator('input').fill(value);
}
