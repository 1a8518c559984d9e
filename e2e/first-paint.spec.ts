import { expect, test } from './support/test';
import { item } from '../testkit/documents';
import { importEvent, testEvent, uniqueCode } from './support/api';
import { expectAccessible, lookAt, openSignedIn } from './support/page';

/**
 * Issue 31, item 2: the page carries the event's public data, so the home draws without its first
 * call; and a long item list draws only what is on screen, as it scrolls.
 */
test('the home draws the event from its page while the event call never answers', async ({ page, request }) => {
  const code = uniqueCode('paint');
  await importEvent(request, testEvent(code));
  let asked = 0;
  // The call is held for good: only the data written into the page can draw the home.
  await page.route('**/api/event', () => {
    asked += 1;
  });
  await page.goto(`/${code}`);
  await expect(page.getByTestId('event-name')).toHaveText(`Test Gala ${code}`);
  await expect(page.getByTestId('event-message')).toHaveText('Welcome to our test gala.');
  await expect(page.getByTestId('join-button')).toBeVisible();
  expect(asked).toBe(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test("the home and the list show their first screen while the app's scripts are held back, and the app takes over", async ({
  page,
  request,
}) => {
  const code = uniqueCode('first');
  const items = [
    item('1', { name: 'Hand-sewn Quilt', startingbid: 40 }),
    item('2', { name: 'Cabin Weekend', startingbid: 300, buyitnowavailable: true, buyitnowprice: 900 }),
    // A screenful and more: the first screen's six cards run past a phone's screen.
    ...['3', '4', '5', '6', '7'].map((n) => item(n, { name: `Lot ${n}`, startingbid: 10 })),
  ];
  await importEvent(request, testEvent(code, { items }));
  const guest = await request.post('/api/guestlogin', { data: { eventcode: code } });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto(`/${code}`);
  const home = page.locator('[data-first-screen="event"]');
  await expect(home.getByRole('heading', { level: 1 })).toHaveText(`Test Gala ${code}`);
  await expect(home).toContainText('Welcome to our test gala.');

  await openSignedIn(page, `/${code}/auction-items`, ((await guest.json()) as { token: string }).token);
  const first = page.locator('[data-first-screen="items"]');
  const quilt = first.getByRole('link', { name: /Hand-sewn Quilt/ });
  await expect(quilt).toContainText('Starting Bid $40.00');
  await expect(first.getByRole('link', { name: /Cabin Weekend/ })).toContainText('Buy It Now $900.00');
  expect(await quilt.getAttribute('href')).toMatch(new RegExp(`^/${code}/auction-items/\\d+$`));
  await lookAt(page, 'first-screen-list');
  // It scrolls, though Ionic's styles (which arrive before the scripts) fix the page's body in place.
  await quilt.hover();
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.locator('.gf-page').evaluate((box) => box.scrollTop)).toBeGreaterThan(0);

  release();
  await expect(page.getByTestId('items-page')).toBeVisible();
  await expect(first).toHaveCount(0);
  await expect(page.getByTestId('item-card').filter({ hasText: 'Hand-sewn Quilt' })).toContainText('$40.00');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a list of 300 items draws about a screenful, scrolls to its last, and comes back where it was', async ({
  page,
  request,
}) => {
  const code = uniqueCode('long');
  const count = 300;
  const items = Array.from({ length: count }, (_, i) =>
    item(String(i + 1), { name: `Lot ${String(i + 1).padStart(3, '0')}`, startingbid: 10 + i }),
  );
  await importEvent(request, testEvent(code, { items }));
  const guest = await request.post('/api/guestlogin', { data: { eventcode: code } });
  await openSignedIn(page, `/${code}/auction-items`, ((await guest.json()) as { token: string }).token);

  const cards = page.getByTestId('item-card');
  await expect(cards.first()).toBeVisible();
  const list = page.getByTestId('item-list');
  await expect(list).toHaveAttribute('role', 'list');
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(count));
  // Two cards a row: the rows on a 844 px screen and a few either side, nowhere near 300.
  expect(await cards.count()).toBeLessThanOrEqual(30);
  await expectAccessible(page);
  await lookAt(page, 'long-list-top', { fullPage: false });

  // Flicked down until the end: rows are measured as they come, so the end moves as they do.
  const last = list.locator(`[aria-posinset="${count}"]`);
  await page.mouse.move(195, 500);
  await expect(async () => {
    await page.mouse.wheel(0, 20_000);
    await expect(last).toBeInViewport({ timeout: 1_000 });
  }).toPass();
  await expect(last).toContainText('Lot 300');
  expect(await cards.count()).toBeLessThanOrEqual(30);
  await lookAt(page, 'long-list-end', { fullPage: false });

  // Back from an item, the list is where the bidder left it.
  await last.getByTestId('item-card').click();
  await expect(page.locator('[data-testid="item-title"]:visible')).toHaveText('Lot 300');
  await page.locator('[data-testid="back-button"]:visible').click();
  await expect(last).toBeInViewport();

  // Search still finds any item, drawn or not.
  await page.getByTestId('item-search').fill('Lot 007');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Lot 007');
});

test('a phone set to reduce motion opens an item without sliding the page in', async ({ page, request }) => {
  // The journeys' config reduces motion (playwright.config.ts), as such a phone's settings would.
  const code = uniqueCode('still');
  await importEvent(request, testEvent(code, { items: [item('1', { name: 'Quiet Lake Cabin' })] }));
  const guest = await request.post('/api/guestlogin', { data: { eventcode: code } });
  await openSignedIn(page, `/${code}/auction-items`, ((await guest.json()) as { token: string }).token);
  await expect(page.getByTestId('item-card')).toBeVisible();
  // Counts, every frame for a second and a half, the animations running on the app's pages.
  const watched = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let most = 0;
        const until = performance.now() + 1_500;
        const look = () => {
          // Ionic's own (made by element.animate), not the page's CSS (a spinner turning).
          const running = document
            .getAnimations()
            .filter(
              (a) =>
                !(a instanceof CSSAnimation) &&
                !(a instanceof CSSTransition) &&
                a.effect instanceof KeyframeEffect &&
                a.effect.target?.closest('.ion-page'),
            ).length;
          most = Math.max(most, running);
          if (performance.now() < until) requestAnimationFrame(look);
          else resolve(most);
        };
        requestAnimationFrame(look);
      }),
  );
  await page.getByTestId('item-card').click();
  await expect(page.getByTestId('item-title')).toHaveText('Quiet Lake Cabin');
  expect(await watched).toBe(0);
});

test("when the app's files cannot be fetched, the page says so and Try again loads it", async ({ page, request }) => {
  const code = uniqueCode('nofiles');
  await importEvent(request, testEvent(code));
  // The connection drops as the app loads: its own part (start.tsx and what it brings) never comes.
  let drop = true;
  await page.route('**/assets/start-*.js', (route) => (drop ? route.abort('internetdisconnected') : route.continue()));
  await page.goto(`/${code}`);
  const failed = page.getByRole('alert');
  await expect(failed).toContainText('The app could not load. Check your connection and try again.');
  await expectAccessible(page);
  await lookAt(page, 'start-failed', { fullPage: false });
  drop = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('join-button')).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
