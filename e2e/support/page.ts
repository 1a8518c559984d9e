import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type Page, type PageScreenshotOptions } from '@playwright/test';

/**
 * A desktop browser (a laptop, a TV), not the configuration's phone, whose pixel ratio of three and
 * mobile zoom would lie about a large screen and paint nine times the pixels. Give it a viewport beside it.
 */
export const DESKTOP = {
  userAgent: devices['Desktop Chrome'].userAgent,
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
};

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
  // By default axe reads each frame on its own and joins the results in a new blank page: the axe
  // source injected twice and a page opened per check (about 0.6 s here, several under load). With
  // no frame in the page, one axe.run in the page (legacy mode) gives the same results in a third of
  // the time; a page with a frame (the card form, Stripe's fields) keeps the default way.
  // Only the violations are read: axe then keeps no nodes for its passes and inapplicable rules,
  // which is most of its work on a long page (every rule still runs).
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (page.frames().length === 1) axe.setLegacyMode();
  const result = await axe.analyze().finally(() => instant.evaluate((style) => style.parentNode?.removeChild(style)));
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
      // A blank page (about:blank) has no storage of its own: reading it there throws.
      if (location.origin === 'null') return;
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

/**
 * Saves the whole page (or the screen, fullPage false) as `<name>.png` in the test's output folder
 * (under test-results/, git-ignored), to look at: one CSS pixel a pixel, as a phone's three would
 * paint and encode nine times the pixels. Screenshots are for a person to look at, and CI has none:
 * there (CI set) they are not taken unless E2E_SCREENSHOTS=1, which saves the suite about a
 * twentieth of its browser time. They are never an assertion.
 */
export async function lookAt(
  page: Page,
  name: string,
  { fullPage = true, clip }: Pick<PageScreenshotOptions, 'fullPage' | 'clip'> = {},
): Promise<void> {
  if (process.env.CI && !process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage, clip, scale: 'css' });
}

export interface ThanksScreen {
  thanks: string;
  order: string;
  message: string;
}

/**
 * The checkout's thanks screen as it showed, read in the page on the frame it appears: it leaves by
 * itself after three seconds, which a loaded machine's polling from the test can miss. Start it
 * before the tap that pays, await it after.
 */
export function thanksScreen(page: Page): Promise<ThanksScreen> {
  return page
    .waitForFunction(
      () => {
        const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
        const order = text('checkout-thanks-order');
        return order ? { thanks: text('checkout-thanks'), order, message: text('checkout-thanks-message') } : false;
      },
      undefined,
      { timeout: 20_000 },
    )
    .then(async (handle) => {
      const shown = await handle.jsonValue();
      if (!shown) throw new Error('the thanks screen was not seen');
      return shown;
    });
}
