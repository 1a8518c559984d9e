import { expect, type Page, test } from './support/test';
import { expectAccessible, fill, storedToken, tokenKey } from './support/page';

// With the motion a phone shows by default (the journeys' config reduces it): pages and menus slide.
test.use({ reducedMotion: 'no-preference' });

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const fakeToken = (payload: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;

test('the bare root says the event was not found', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Error: Event Not Found')).toBeVisible();
  await expect(page.getByText('Please check the link provided to you by the Organization')).toBeVisible();
  await expectAccessible(page);
});

test('the demo event home shows the event, the join form and guest browsing', async ({ page, request }) => {
  const event = await (await request.post('/api/event/', { data: { eventcode: 'demo' } })).json();
  await page.goto('/demo');
  await expect(page.getByTestId('event-name')).toHaveText(event.eventname);
  await expect(page.getByTestId('event-message')).toContainText('Every bid funds');
  await expect(page.getByTestId('join-button')).toHaveText('Join the Fun');
  await expect(page.getByTestId('guest-link')).toHaveText('Browse auction as guest');
  await expect(page.getByTestId('version')).toHaveText('Version 1.0.2');
  await expectAccessible(page);
});

test('the join email is checked with the spec messages', async ({ page }) => {
  await page.goto('/demo');
  const error = page.getByTestId('join-error');
  for (const [email, message] of [
    ['a@b', 'Error : Email should be at least 5 charcters long'],
    ['nobody.example.org', 'Error : Email should contain a @'],
    ['ann@example', 'Error : Email should contain at least one dot'],
  ]) {
    await fill(page, 'join-email', email ?? '');
    await page.getByTestId('join-button').click();
    await expect(error).toHaveText(message ?? '');
  }
  await expect(page).toHaveURL(/\/demo$/);
});

test('an unknown event ends on its not-found page', async ({ page }) => {
  await page.goto('/no-such-event');
  await expect(page).toHaveURL(/\/no-such-event\/not-found\/?$/);
  await expect(page.getByText('Error: Event Not Found')).toBeVisible();
});

test('the privacy policy opens from the footer and Go Back returns', async ({ page }) => {
  await page.goto('/demo');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByTestId('privacy-html')).toContainText('We never sell your information');
  await expectAccessible(page);
  await page.getByTestId('go-back').click();
  await expect(page).toHaveURL(/\/demo$/);
});

test('the side menu offers guests Home and Auction Items, and closes on navigation', async ({ page }) => {
  await page.goto('/demo');
  await page.getByTestId('guest-link').click();
  await expect(page.getByTestId('items-page')).toBeVisible();
  // Not drawn with the page: the first press of its button draws it and opens it.
  const menu = page.getByTestId('side-menu');
  await expect(page.getByTestId('menu-button')).toBeVisible();
  await expect(menu).toHaveCount(0);
  await page.getByTestId('menu-button').click();
  await expect(menu.getByTestId('menu-home')).toBeVisible();
  await expect(menu.getByTestId('menu-items')).toBeVisible();
  await expect(menu.getByTestId('menu-cart')).toHaveCount(0);
  await menu.getByTestId('menu-home').click();
  await expect(page).toHaveURL(/\/demo$/);
  await expect(menu.getByTestId('menu-home')).toBeHidden();
  // Once drawn, the button opens and closes it as before.
  await page.goto('/demo/auction-items');
  await page.getByTestId('menu-button').click();
  await expect(menu.getByTestId('menu-items')).toBeVisible();
  // A tap beside the menu (on the page it covers) closes it; Ionic ignores a tap in the first
  // tenth of a second after the menu opened, so the tap is tried again until it lands.
  await expect(async () => {
    await page.mouse.click(375, 420);
    await expect(menu.getByTestId('menu-items')).toBeHidden({ timeout: 1_000 });
  }).toPass();
  await page.getByTestId('menu-button').click();
  await expect(menu.getByTestId('menu-items')).toBeVisible();
});

test("a stored token that expired is dropped on load; another event's token is not used here but is kept", async ({
  page,
}) => {
  const now = Math.floor(Date.now() / 1000);
  const expired = fakeToken({
    exp: now - 60,
    eventcode: 'demo',
    auctioncode: 'demo',
    isguest: false,
    email: 'x@example.org',
    userid: 1,
  });
  const other = fakeToken({
    exp: now + 3600,
    eventcode: 'other',
    auctioncode: 'demo',
    isguest: false,
    email: 'x@example.org',
    userid: 1,
  });
  await page.goto('/');
  await page.evaluate(
    ({ tokens }) => {
      for (const { key, token } of tokens) localStorage.setItem(key, token);
    },
    {
      tokens: [
        { key: tokenKey('demo'), token: expired },
        { key: tokenKey('other'), token: other },
      ],
    },
  );
  const sent: string[] = [];
  page.on('request', (r) => {
    const auth = r.headers().authorization;
    if (r.url().includes('/api/') && auth) sent.push(auth);
  });
  await page.goto('/demo');
  await expect(page.getByTestId('event-name')).toBeVisible();
  await expect(page.getByTestId('join-button')).toBeVisible();
  expect(await storedToken(page, 'demo')).toBeNull();
  expect(await storedToken(page, 'other')).toBe(other);
  expect(sent).toEqual([]);
});

test('a token kept under the single key of earlier versions moves to its own event', async ({ page }) => {
  const token = fakeToken({
    exp: Math.floor(Date.now() / 1000) + 3600,
    eventcode: 'Other',
    auctioncode: 'demo',
    isguest: false,
    email: 'x@example.org',
    userid: 1,
  });
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('gavel.token', t), token);
  await page.goto('/demo');
  await expect(page.getByTestId('join-button')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('gavel.token'))).toBeNull();
  expect(await storedToken(page, 'other')).toBe(token);
});

/** Where each page's plain header and its content stand, frame by frame, while pages slide. */
interface SlideFrame {
  page: string | null;
  header: number | null;
  content: number | null;
}

type Recorder = { slideFrames: SlideFrame[][]; slideDone: boolean };

/** Records every frame for a second and a half (an iOS slide takes 540 ms). */
async function recordSlide(page: Page): Promise<void> {
  // Only the page in view: the last slide has ended.
  await expect(page.locator('ion-router-outlet > .ion-page:not(.ion-page-hidden)')).toHaveCount(1);
  await page.evaluate(() => {
    const recorder = window as unknown as Recorder;
    recorder.slideFrames = [];
    recorder.slideDone = false;
    const left = (el: Element | null) => (el ? Math.round(el.getBoundingClientRect().left) : null);
    const until = performance.now() + 1_500;
    const tick = () => {
      recorder.slideFrames.push(
        [...document.querySelectorAll('ion-router-outlet > .ion-page:not(.ion-page-hidden)')].map((p) => ({
          page: p.getAttribute('data-testid'),
          header: left(p.querySelector(':scope > .gavel-header')),
          content: left(p.querySelector(':scope > ion-content')),
        })),
      );
      if (performance.now() < until) requestAnimationFrame(tick);
      else recorder.slideDone = true;
    };
    requestAnimationFrame(tick);
  });
}

/** The recorded frames of one page, once the recording has ended. */
async function slideFrames(page: Page, testId: string): Promise<SlideFrame[]> {
  await expect.poll(() => page.evaluate(() => (window as unknown as Recorder).slideDone)).toBe(true);
  return page.evaluate(
    (id) => (window as unknown as Recorder).slideFrames.flatMap((f) => f.filter((p) => p.page === id)),
    testId,
  );
}

test('a page slides in with its header, and back out with it, never its header standing over the last page', async ({
  page,
}) => {
  // The slide that moves the plain header (ui/pageSlide.ts) arrives a task after the first screen.
  const slideLoaded = page.waitForResponse((r) => /\/assets\/pageSlide-[^/]*\.js$/.test(r.url()));
  await page.goto('/demo');
  await page.getByTestId('guest-link').click();
  await expect(page.getByTestId('item-card').first()).toBeVisible();
  await slideLoaded;

  await recordSlide(page);
  await page.getByTestId('item-card').first().click();
  await expect(page.getByTestId('item-page')).toBeVisible();
  const forward = await slideFrames(page, 'item-page');
  // It came in from the right, header and content together, and ended in place.
  expect(forward.some((f) => (f.header ?? 0) > 50)).toBe(true);
  for (const f of forward) expect(Math.abs((f.header ?? 0) - (f.content ?? 0))).toBeLessThanOrEqual(1);
  expect(forward.at(-1)).toMatchObject({ header: 0, content: 0 });

  await recordSlide(page);
  await page.getByTestId('back-button').click();
  await expect(page.getByTestId('items-page')).toBeVisible();
  const back = await slideFrames(page, 'item-page');
  // Going back, the item page leaves to the right with its header.
  expect(back.some((f) => (f.header ?? 0) > 50)).toBe(true);
  for (const f of back) expect(Math.abs((f.header ?? 0) - (f.content ?? 0))).toBeLessThanOrEqual(1);
});
