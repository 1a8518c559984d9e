import { expect, test, type Page } from './support/test';
import { BOARD_SPONSORS_PER_PAGE, BOARD_SPONSOR_PAGE_MS, type DisplayBoardResponse } from '@gavel/domain';
import type { ItemInput } from '../testkit/documents';
import { uniqueCode } from './support/api';
import {
  boardData,
  boardRoot,
  cardOf,
  importBoardGala,
  itemNamed,
  logoImage,
  MAIN_HALL,
  openBoard,
} from './support/board';
import { brokenAddressParts, linesShown, partBoxes, settledBoard, sponsorLogos } from './support/board-screen';
import { fakeHub } from './support/fake-hub';
import { DESKTOP, lookAt } from './support/page';

// The board's items as a room reads them (docs/display.md, "What it shows"): each with its number
// and its close ('Closes in 12m', marked closing soon in the last ten minutes, kept up to date by the
// board's one clock), long names on two lines, what is left only where it tells something, sponsors
// large enough to read, and a bid address that never breaks inside a word on a portrait screen.

const LONG_NAME =
  'A Private Tasting Dinner for Twelve in the Historic Riverside Mansion Ballroom, with Wine Pairings and a String Quartet';
const hall = encodeURIComponent(MAIN_HALL);

/** Six items of the Main Hall (one page): single items, one closing in three and a half minutes, units for sale, a live-auction item. */
function hallItems(): ItemInput[] {
  const closesSoon = new Date(Date.now() + 3.5 * 60_000).toISOString();
  return [
    {
      itemnum: '12',
      name: 'Weekend in Napa Valley',
      location: MAIN_HALL,
      startingbid: 600,
      minimumbidincrease: 50,
      imageurl: logoImage('#8a5a2b', 'Napa'),
    },
    {
      itemnum: '7',
      name: LONG_NAME,
      location: MAIN_HALL,
      startingbid: 800,
      minimumbidincrease: 50,
      imageurl: logoImage('#b03a2e', 'Dinner'),
    },
    {
      itemnum: '3',
      name: 'Signed Guitar',
      location: MAIN_HALL,
      startingbid: 300,
      minimumbidincrease: 25,
      closing: closesSoon,
    },
    { itemnum: '21', name: 'Candle Set', location: MAIN_HALL, buyitnowonly: true, buyitnowprice: 40, quantity: 10 },
    {
      itemnum: '22',
      name: 'Wine Tasting Pass',
      location: MAIN_HALL,
      buyitnowonly: true,
      buyitnowprice: 45,
      unlimitedquantity: true,
    },
    { itemnum: '30', name: 'Jazz Quartet', location: MAIN_HALL, itemisliveonly: true, startingbid: 0 },
  ];
}

async function hallGala(page: Page, prefix: string): Promise<{ gala: string; data: DisplayBoardResponse }> {
  const gala = uniqueCode(prefix);
  await importBoardGala(page.request, gala, { items: hallItems() });
  return { gala, data: await boardData(page.request, gala) };
}

/** The board's clock stands still from before it loads; only runFor moves it (less than the five-minute reload, which would set it by the server's clock again). */
async function stillClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

async function shot(page: Page, name: string): Promise<void> {
  await settledBoard(page);
  await lookAt(page, `board-${name}`);
}

test.describe('at 1920x1080', () => {
  test.use({ ...DESKTOP, viewport: { width: 1920, height: 1080 } });

  test("cards show each item's number and close, mark the one closing within ten minutes, and count down as time passes", async ({
    page,
  }) => {
    const { gala, data } = await hallGala(page, 'boardclose');
    // The fake hub keeps one connection however far the clock runs (a reconnect would reload the
    // board, and the reload set its clock by the server's again).
    const hub = await fakeHub(page);
    await stillClock(page);
    await openBoard(page, `/${gala}/list`);
    await expect(page.getByTestId('board-card')).toHaveCount(6);

    for (const item of data.items) {
      const card = cardOf(page, item.itemid);
      await expect(card.getByTestId('card-number')).toHaveText(`#${item.itemnum}`);
      await expect(card.getByTestId('card-name')).toHaveText(`#${item.itemnum} ${item.name}`);
    }
    const napa = cardOf(page, itemNamed(data, 'Weekend in Napa Valley').itemid);
    const guitar = cardOf(page, itemNamed(data, 'Signed Guitar').itemid);
    const jazz = cardOf(page, itemNamed(data, 'Jazz Quartet').itemid);
    // The event closes in 48 hours; the guitar has its own close, three and a half minutes away.
    await expect(napa.getByTestId('card-closes')).toHaveText('Closes in 1d 23h');
    await expect(cardOf(page, itemNamed(data, 'Wine Tasting Pass').itemid).getByTestId('card-closes')).toHaveText(
      'Closes in 1d 23h',
    );
    await expect(guitar.getByTestId('card-closes')).toHaveText(/^Closes in [23]m$/);
    await expect(guitar).toHaveAttribute('data-closing-soon', 'true');
    await expect(guitar.getByTestId('card-soon')).toHaveText('Closing soon');
    await expect(page.getByTestId('card-soon')).toHaveCount(1);
    await expect(napa).toHaveAttribute('data-closing-soon', 'false');
    // A live-auction item closes in the room: no line.
    await expect(jazz.getByTestId('card-closes')).toHaveCount(0);
    await shot(page, 'items-list-1920x1080');

    // The one clock moves every card's line: a minute later, a minute less.
    const before = Number(/(\d)m$/.exec((await guitar.getByTestId('card-closes').textContent()) ?? '')?.[1]);
    await page.clock.runFor(60_000);
    await expect(guitar.getByTestId('card-closes')).toHaveText(`Closes in ${before - 1}m`);
    await expect(napa.getByTestId('card-closes')).toHaveText('Closes in 1d 23h');
    // And past its close the guitar says so, and is no longer marked.
    await page.clock.runFor(3 * 60_000);
    await expect(guitar.getByTestId('card-closes')).toHaveText('Closed');
    await expect(guitar).toHaveAttribute('data-closing-soon', 'false');
    await expect(page.getByTestId('card-soon')).toHaveCount(0);
    expect(hub.connections).toBe(1);
  });

  test("a long name wraps to two lines; what is left shows only for items sold in units, never '1 available'", async ({
    page,
  }) => {
    const { gala, data } = await hallGala(page, 'boardname');
    await openBoard(page, `/${gala}/list`, { live: false });
    const long = cardOf(page, itemNamed(data, LONG_NAME).itemid).getByTestId('card-name');
    expect(await linesShown(long)).toBe(2);
    // Two lines of it, the rest cut: the name has more than the two lines show.
    expect(await long.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    // The prices of its row stay level with its own, below its second line.
    const firstRow = await page
      .getByTestId('card-price')
      .evaluateAll((els) => els.slice(0, 3).map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(firstRow).size, `price tops ${firstRow.join(', ')}`).toBe(1);

    await expect(cardOf(page, itemNamed(data, 'Candle Set').itemid).getByTestId('card-quantity')).toHaveText(
      '10 available',
    );
    await expect(cardOf(page, itemNamed(data, 'Wine Tasting Pass').itemid).getByTestId('card-quantity')).toHaveText(
      'Unlimited',
    );
    for (const single of ['Weekend in Napa Valley', LONG_NAME, 'Signed Guitar', 'Jazz Quartet']) {
      await expect(cardOf(page, itemNamed(data, single).itemid).getByTestId('card-quantity')).toHaveCount(0);
    }
    await expect(boardRoot(page)).not.toContainText('1 available');
  });

  test('the detail view shows the number and the close, marks an item closing soon, and what is left only of units', async ({
    page,
  }) => {
    const { gala } = await hallGala(page, 'boarddetail');
    await stillClock(page);
    const board = await openBoard(page, `/${gala}/detail/${hall}/5`, { live: false });
    const item = page.getByTestId('board-item');
    await expect(item.getByTestId('item-number')).toHaveText('#12');
    await expect(item.getByTestId('item-closes')).toHaveText('Closes in 1d 23h');
    await expect(item.getByTestId('item-quantity')).toHaveCount(0);
    await expect(item).toHaveAttribute('data-closing-soon', 'false');

    await page.clock.runFor(10_000);
    await expect(board).toHaveAttribute('data-page', '2');
    await expect(item.getByTestId('item-name')).toHaveText('Signed Guitar');
    await expect(item.getByTestId('item-number')).toHaveText('#3');
    await expect(item).toHaveAttribute('data-closing-soon', 'true');
    await expect(item.getByTestId('item-soon')).toHaveText('Closing soon');
    await expect(item.getByTestId('item-closes')).toHaveText(/^Closes in [23]m$/);
    await shot(page, 'items-detail-1920x1080');

    await page.clock.runFor(5_000);
    await expect(item.getByTestId('item-name')).toHaveText('Candle Set');
    await expect(item.getByTestId('item-quantity')).toHaveText(/^Available\s*10$/);
  });

  test('sponsor logos are tall enough to read across the room, keep their shape, and take turns when there are many', async ({
    page,
  }) => {
    const gala = uniqueCode('boardsponsor');
    const sponsors = [
      logoImage('#1f6feb', 'Acme'),
      logoImage('#2da44e', 'Birch', 60, 20),
      logoImage('#bf3989', 'Cobalt Wide Banner Logo', 900, 90),
      logoImage('#9a6700', 'Delta', 200, 200),
      logoImage('#0969da', 'Echo', 400, 100),
      logoImage('#cf222e', 'Foxtrot', 300, 120),
    ];
    await importBoardGala(page.request, gala, { event: { sponsorurl: sponsors } });
    await stillClock(page);
    await openBoard(page, `/${gala}/list`, { live: false });
    await expect(page.getByTestId('board-sponsor')).toHaveCount(BOARD_SPONSORS_PER_PAGE);
    await page.waitForFunction(() => [...document.querySelectorAll('img')].every((i) => i.complete));
    const first = await sponsorLogos(page);
    // The tiny 60x20 logo is drawn as tall as the rest, and the banner ten times as wide as it is tall too.
    for (const logo of first) {
      expect(logo.shapeKept, logo.src).toBe(true);
      expect(logo.drawnHeight, logo.src).toBeGreaterThanOrEqual(60);
    }
    const boxes = await partBoxes(page, ['board-sponsors']);
    expect(boxes[0]?.clippedBy).toEqual([]);
    await shot(page, 'items-sponsors-1920x1080');

    await page.clock.runFor(BOARD_SPONSOR_PAGE_MS);
    await expect(page.getByTestId('board-sponsor')).toHaveCount(sponsors.length - BOARD_SPONSORS_PER_PAGE);
    await page.clock.runFor(BOARD_SPONSOR_PAGE_MS);
    await expect(page.getByTestId('board-sponsor')).toHaveCount(BOARD_SPONSORS_PER_PAGE);
  });
});

// A vertical display: the cards two abreast, the code and the total beneath.
test.describe('on a portrait TV (1080x1920)', () => {
  test.use({ ...DESKTOP, viewport: { width: 1080, height: 1920 } });

  for (const view of ['list', 'detail'] as const) {
    test(`the ${view} view's bid address breaks only between its parts, and the items show their numbers and closes`, async ({
      page,
    }) => {
      // A long event code makes a long address.
      const gala = uniqueCode('portraitaddressboard');
      await importBoardGala(page.request, gala, { items: hallItems() });
      await openBoard(page, `/${gala}/${view}`, { live: false });
      const data = await boardData(page.request, gala);
      await expect(page.getByTestId('board-bidurl')).toHaveText(data.bidurlshort);
      expect(await brokenAddressParts(page)).toEqual([]);
      const font = await page.getByTestId('board-bidurl').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(font).toBeGreaterThanOrEqual(18);

      const scroll = await page.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        width: document.documentElement.scrollWidth,
      }));
      expect(scroll).toEqual({ height: 1920, width: 1080 });
      const boxes = await partBoxes(page, ['board-qr', 'board-total', 'board-countdown', 'board-title']);
      expect(
        boxes
          .filter(
            (b) => b.width * b.height === 0 || b.x < 0 || b.y < 0 || b.x + b.width > 1080 || b.y + b.height > 1920,
          )
          .map((b) => b.name),
      ).toEqual([]);
      const prefix = view === 'list' ? 'card' : 'item';
      await expect(page.getByTestId(`${prefix}-number`).first()).toHaveText('#12');
      await expect(page.getByTestId(`${prefix}-closes`).first()).toHaveText('Closes in 1d 23h');
      await shot(page, `items-${view}-1080x1920`);
    });
  }
});
