import { expect, test, type Locator, type Page } from './support/test';
import { apiBidder, importEvent, testEvent, uniqueCode, uniqueEmail } from './support/api';
import { DESKTOP, expectAccessible, lookAt, openSignedIn } from './support/page';

// Issue 26, item 9: a laptop gets a laptop's layout (the catalog uses the width, the photo sits
// beside the item's details); a phone keeps its own.
const code = uniqueCode('laptop');
const colours = ['#8a2be2', '#2e8b57', '#b8860b', '#c0392b', '#1f6f8b', '#6d4c41', '#455a64', '#ad1457'];
const svg = (fill: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="${fill}"/></svg>`).toString('base64')}`;
const names = [
  'Weekend in Napa Valley',
  'Harbor Cruise',
  'Chef Dinner at Home',
  'Signed Jersey',
  'Spa Day',
  'Wine Tasting for Six',
  'Golf Foursome',
  'Art Class',
];
const items = names.map((name, i) => ({
  itemnum: String(i + 1),
  name,
  startingbid: 50 + 10 * i,
  minimumbidincrease: 5,
  imageurl: svg(colours[i] ?? '#888'),
  photos: [svg(colours[i] ?? '#888')],
}));

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
};

/** A screenshot in the test's output folder (under test-results/, git-ignored), to look at. */
async function shot(page: Page, name: string): Promise<void> {
  await lookAt(page, `laptop-${name}`);
}

/** Waits for the page transitions to end, so what is measured and shot is the page arrived at. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('.ion-page-invisible') &&
      document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

/** How many of the cards share the first card's row (same top, within a pixel). */
async function firstRow(page: Page): Promise<number> {
  const cards = page.getByTestId('item-card');
  await expect(cards).toHaveCount(items.length);
  const tops = await Promise.all((await cards.all()).map(async (c) => (await box(c)).y));
  return tops.filter((y) => Math.abs(y - (tops[0] ?? 0)) < 1).length;
}

test.beforeAll(async ({ request }) => {
  await importEvent(request, testEvent(code, { items }));
});

test.describe('at 1280x800', () => {
  test.use({
    ...DESKTOP,
    viewport: { width: 1280, height: 800 },
  });

  test('the catalog uses the width and the item page puts the photo beside the details', async ({ page, request }) => {
    const ann = await apiBidder(request, code, uniqueEmail('ann'), 'Ann');
    await openSignedIn(page, `/${code}/auction-items`, ann.token);
    const perRow = await firstRow(page);
    expect(perRow).toBeGreaterThanOrEqual(3);
    expect(perRow).toBeLessThanOrEqual(4);
    const list = await box(page.getByTestId('item-list'));
    expect(list.width).toBeGreaterThan(1000);
    await shot(page, 'catalog-1280');

    // The list layout uses the width too.
    await page.getByTestId('layout-toggle').click();
    await expect(page.getByTestId('item-list')).toHaveAttribute('data-layout', 'list');
    expect(await firstRow(page)).toBeGreaterThanOrEqual(2);
    await shot(page, 'rows-1280');
    await page.getByTestId('layout-toggle').click();

    await page.getByTestId('item-card').filter({ hasText: 'Harbor Cruise' }).click();
    await expect(page.locator('[data-testid="item-title"]:visible')).toHaveText('Harbor Cruise');
    await settled(page);
    const photos = page.locator('[data-testid="item-photos"]:visible');
    const detailsBox = page.locator('[data-testid="item-details"]:visible');
    // The item page's styles come with its lazily loaded chunk: on a busy machine the first layout
    // can be measured before they apply, so wait for the side-by-side layout, then check it.
    await expect
      .poll(async () => {
        const [p, d] = [await box(photos), await box(detailsBox)];
        return p.x + p.width <= d.x;
      })
      .toBe(true);
    const photo = await box(photos);
    const details = await box(detailsBox);
    // Side by side: the photo ends before the details begin, and they share the top of the page.
    expect(photo.x + photo.width).toBeLessThanOrEqual(details.x);
    expect(Math.abs(photo.y - details.y)).toBeLessThan(40);
    expect(photo.width).toBeGreaterThan(400);
    await expectAccessible(page);
    await shot(page, 'item-1280');
  });
});

test('a phone keeps two cards a row and the photo above the details', async ({ page, request }) => {
  const bob = await apiBidder(request, code, uniqueEmail('bob'), 'Bob');
  await openSignedIn(page, `/${code}/auction-items`, bob.token);
  expect(await firstRow(page)).toBe(2);
  await shot(page, 'catalog-390');
  await page.getByTestId('item-card').filter({ hasText: 'Harbor Cruise' }).click();
  await expect(page.locator('[data-testid="item-title"]:visible')).toHaveText('Harbor Cruise');
  await settled(page);
  const photo = await box(page.locator('[data-testid="item-photos"]:visible'));
  const details = await box(page.locator('[data-testid="item-details"]:visible'));
  expect(photo.y + photo.height).toBeLessThanOrEqual(details.y);
  // The photo runs to the screen's edges, as before.
  expect(photo.width).toBeGreaterThanOrEqual(380);
  await shot(page, 'item-390');
});
