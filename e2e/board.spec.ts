import { expect, test, type Page } from './support/test';
import { displayBoardResponse } from '@gavel/domain';
import { apiBidder, uniqueCode, uniqueEmail } from './support/api';
import {
  apiBid,
  bidAnonymously,
  bidderNumber,
  bidFromPhone,
  boardData,
  boardRoot,
  cardOf,
  countBoardLoads,
  importBoardGala,
  itemNamed,
  MAIN_HALL,
  openBoard,
} from './support/board';
import {
  brokenAddressParts,
  type Box,
  cutText,
  decodeQr,
  overlap,
  partBoxes,
  settledBoard,
  smallestText,
} from './support/board-screen';
import { fakeHub } from './support/fake-hub';
import { DESKTOP, lookAt } from './support/page';

// The venue display board (docs/display.md): a bid on a phone reaches the board within a second;
// its addresses choose the view, the location, the page size and the pace; it fits a TV at both
// sizes it is laid out for; its QR code is the bid address; and it survives a dropped connection.

const code = uniqueCode('board');
const mainHall = encodeURIComponent(MAIN_HALL);

test.beforeAll(async ({ request }) => {
  // A few bids, so the ticker and the total have something to show.
  await importBoardGala(request, code);
  const board = await boardData(request, code);
  const lee = await apiBidder(request, code, uniqueEmail('lee'), 'Lee');
  await apiBid(request, code, lee.token, itemNamed(board, 'Signed Guitar').itemid, 325);
  await apiBid(request, code, lee.token, itemNamed(board, 'Spa Day for Two').itemid, 220);
  await apiBid(request, code, lee.token, itemNamed(board, 'Golf Foursome').itemid, 550);
});

/**
 * The always-on parts must be seen whole, apart, and without scrolling; the text must be readable
 * across a room. Soft checks, so one run lists every problem of the layout.
 */
async function expectFitsScreen(page: Page, view: 'list' | 'detail', width: number, height: number): Promise<void> {
  await settledBoard(page);
  await lookAt(page, `board-${view}-${width}x${height}`);

  const scroll = await page.evaluate(() => {
    const s = document.scrollingElement ?? document.documentElement;
    return { height: s.scrollHeight, width: s.scrollWidth, innerHeight, innerWidth };
  });
  expect.soft(scroll.height).toBeLessThanOrEqual(scroll.innerHeight);
  expect.soft(scroll.width).toBeLessThanOrEqual(scroll.innerWidth);

  const boxes = await partBoxes(page, ['board-qr', 'board-total', 'board-countdown', 'board-title', 'board-ticker']);
  const where = (b: Box) =>
    `${b.name} at ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)}`;
  const outside = boxes.filter(
    (b) => b.width * b.height === 0 || b.x < 0 || b.y < 0 || b.x + b.width > width || b.y + b.height > height,
  );
  expect.soft(outside.map(where), `parts not wholly on the ${width}x${height} screen`).toEqual([]);
  expect
    .soft(boxes.filter((b) => b.clippedBy.length > 0).map((b) => `${b.name} cut off by ${b.clippedBy.join(', ')}`))
    .toEqual([]);
  const overlapping = boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter((b) => overlap(a, b))
      .map((b) => `${a.name} / ${b.name}`),
  );
  expect.soft(overlapping).toEqual([]);
  // Across a room a price cut to '$6…' is a wrong price, and one spilling out of its box looks broken.
  const amounts = [
    'board-total',
    'card-price',
    'card-buynow',
    'item-price',
    'item-buynow',
    'item-fmv',
    'item-bids',
    'item-quantity',
  ];
  expect.soft(await cutText(page, ['board-title', 'board-countdown', 'board-bidurl', ...amounts])).toEqual([]);
  expect.soft(await brokenAddressParts(page), 'the bid address broken inside a word').toEqual([]);

  expect.soft(await page.evaluate(() => getComputedStyle(document.body).cursor)).toBe('none');
  const smallest = await smallestText(page);
  expect.soft(smallest.px, `the smallest text is '${smallest.text}'`).toBeGreaterThanOrEqual(18);
}

test.describe('at 1920x1080', () => {
  test.use({ ...DESKTOP, viewport: { width: 1920, height: 1080 } });

  test("a bid from a phone shows on the board's card, total and ticker within a second; an anonymous bidder is 'Anonymous'", async ({
    page,
    browser,
    request,
  }) => {
    const gala = uniqueCode('boardbid');
    await importBoardGala(request, gala);
    const napa = itemNamed(await boardData(request, gala), 'Weekend in Napa Valley');
    const ann = await apiBidder(request, gala, uniqueEmail('ann'), 'Annabel');
    const quincy = await apiBidder(request, gala, uniqueEmail('quincy'), 'Quincy');
    await bidAnonymously(request, quincy.token, 'Quincy');
    const annNumber = await bidderNumber(request, ann.token);

    await openBoard(page, `/${gala}/list`);
    const card = cardOf(page, napa.itemid);
    await expect(card.getByTestId('card-price')).toHaveText('Starting Bid $600');
    await expect(card).toHaveAttribute('data-highlight', 'false');
    await expect(page.getByTestId('board-total')).toHaveText('$0');

    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await phoneContext.newPage();
    await bidFromPhone(phone, gala, napa.itemid, ann.token, 650);
    // All started the moment the phone has its answer: each must hold within the second.
    const ticker = page.getByTestId('board-ticker');
    await Promise.all([
      expect(card).toHaveAttribute('data-highlight', 'true', { timeout: 1000 }),
      expect(card.getByTestId('card-price')).toHaveText('Current Bid $650', { timeout: 1000 }),
      expect(card.getByTestId('card-bids')).toHaveText('1 bid', { timeout: 1000 }),
      expect(page.getByTestId('board-total')).toHaveText('$650', { timeout: 1000 }),
      expect(ticker.getByTestId('board-bid').first()).toHaveText(
        new RegExp(`^Bidder #${annNumber}\\s*\\$650\\s*Weekend in Napa Valley$`),
        { timeout: 1000 },
      ),
    ]);
    await expect(page.getByTestId('board-goal')).toHaveAttribute('aria-valuenow', '2');
    await phoneContext.close();

    await apiBid(request, gala, quincy.token, napa.itemid, 700);
    await expect(ticker.getByTestId('board-bid').first()).toHaveText(/^Anonymous\s*\$700\s*Weekend in Napa Valley$/);
    await expect(card.getByTestId('card-price')).toHaveText('Current Bid $700');
    await expect(page.getByTestId('board-total')).toHaveText('$700');
    await expect(ticker.getByTestId('board-bid')).toHaveCount(2);
    // Names are nowhere on the board.
    await expect(boardRoot(page)).not.toContainText('Quincy');
    await expect(boardRoot(page)).not.toContainText('Annabel');
  });

  test("the title names the location; a location without items says so; 'Loading Auction Data...' shows until the answer", async ({
    page,
  }) => {
    await openBoard(page, `/${code}/list`, { live: false });
    await expect(page.getByTestId('board-title')).toHaveText('All Items');
    await expect(page.getByTestId('board-pages')).toHaveText('Page 1 of 2');
    await expect(page.getByTestId('board-card')).toHaveCount(6);

    await openBoard(page, `/${code}/detail/${mainHall}`, { live: false });
    await expect(boardRoot(page)).toHaveAttribute('data-view', 'detail');
    await expect(page.getByTestId('board-title')).toHaveText('Main Hall items');
    const item = page.getByTestId('board-item');
    await expect(item.getByTestId('item-name')).toHaveText('Weekend in Napa Valley');
    await expect(item.getByTestId('item-donor')).toContainText('Vineyard Partners');
    await expect(item.getByTestId('item-price')).toHaveText('Starting Bid $600');
    await expect(item.getByTestId('item-buynow')).toContainText('$1,400');
    await expect(item.getByTestId('item-fmv')).toContainText('$1,200');
    await expect(item.getByTestId('item-message')).toHaveText('Scan the code to bid from your phone');

    await page.goto(`/${code}/list/Nowhere%20Room`);
    await expect(page.getByTestId('board-empty')).toHaveText('No items found. Please check your URL.');
    await page.goto(`/${uniqueCode('nosuch')}/detail`);
    await expect(page.getByTestId('board-empty')).toHaveText('No items found. Please check your URL.');

    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/displayboard?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/${code}/list/${mainHall}`);
    await expect(page.getByTestId('board-loading')).toHaveText('Loading Auction Data...');
    release();
    await expect(page.getByTestId('board-card')).toHaveCount(5);
    await expect(page.getByTestId('board-title')).toHaveText('Main Hall items');
    await expect(page.getByTestId('board-loading')).toHaveCount(0);
  });

  test('the page size comes from the address or the query, and the lobby cards say Buy It Now, Unlimited and how many', async ({
    page,
  }) => {
    await openBoard(page, `/${code}/list/pc/2`, { live: false });
    await expect(page.getByTestId('board-card')).toHaveCount(2);
    await expect(page.getByTestId('board-pages')).toHaveText('Page 1 of 4');

    await openBoard(page, `/${code}/list/${mainHall}/5/3`, { live: false });
    await expect(page.getByTestId('board-card')).toHaveCount(3);
    await expect(page.getByTestId('board-pages')).toHaveText('Page 1 of 2');

    await openBoard(page, `/${code}/list?pagecount=4&timeframe=20`, { live: false });
    await expect(page.getByTestId('board-card')).toHaveCount(4);

    await openBoard(page, `/${code}/list/Lobby`, { live: false });
    const basket = page.getByTestId('board-card').filter({ hasText: "Coffee Lover's Basket" });
    await expect(basket.getByTestId('card-price')).toHaveText('Buy It Now $90');
    await expect(basket.getByTestId('card-quantity')).toHaveText('10 available');
    await expect(basket.getByTestId('card-bids')).toHaveCount(0);
    await expect(
      page.getByTestId('board-card').filter({ hasText: 'Wine Tasting Pass' }).getByTestId('card-quantity'),
    ).toHaveText('Unlimited');
    await expect(page.getByTestId('board-pages')).toHaveCount(0);
  });

  test('pages turn every timeframe, and the detail view goes item by item', async ({ page }) => {
    // The clock stands still from before the board loads, so its slideshow starts at a known moment
    // and only runFor moves it: a timeframe of clock is exactly one turn.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    const board = await openBoard(page, `/${code}/list/${mainHall}/5/3`, { live: false });
    await expect(board).toHaveAttribute('data-page', '0');
    await expect(page.getByTestId('board-card')).toHaveCount(3);
    await page.clock.runFor(5000);
    await expect(board).toHaveAttribute('data-page', '1');
    await expect(page.getByTestId('board-pages')).toHaveText('Page 2 of 2');
    await expect(page.getByTestId('board-card')).toHaveCount(2);
    await page.clock.runFor(5000);
    await expect(board).toHaveAttribute('data-page', '0');

    // Eight items, two a page, seven seconds a page, from the query.
    await openBoard(page, `/${code}/list?pagecount=2&timeframe=7`, { live: false });
    await expect(board).toHaveAttribute('data-page', '0');
    await page.clock.runFor(7000);
    await expect(board).toHaveAttribute('data-page', '1');
    await expect(page.getByTestId('board-pages')).toHaveText('Page 2 of 4');
    await page.clock.runFor(14_000);
    await expect(board).toHaveAttribute('data-page', '3');

    await openBoard(page, `/${code}/detail/${mainHall}/4`, { live: false });
    const names = [
      'Weekend in Napa Valley',
      "Chef's Table for Eight",
      'Signed Guitar',
      'Spa Day for Two',
      'Hot Air Balloon Ride',
    ];
    await expect(page.getByTestId('board-item').getByTestId('item-name')).toHaveText(names[0] ?? '');
    for (let step = 1; step <= names.length; step++) {
      await page.clock.runFor(4000);
      const index = step % names.length;
      await expect(board).toHaveAttribute('data-page', String(index));
      await expect(page.getByTestId('board-item').getByTestId('item-name')).toHaveText(names[index] ?? '');
    }
  });

  for (const view of ['list', 'detail'] as const) {
    test(`the ${view} view fits 1920x1080 without scrolling or overlaps, with no cursor and large text`, async ({
      page,
    }) => {
      await openBoard(page, `/${code}/${view}`);
      await expectFitsScreen(page, view, 1920, 1080);
    });
  }

  test('the QR code is the bid address, and the short address is printed', async ({ page, request }) => {
    const data = await boardData(request, code);
    await openBoard(page, `/${code}/list`, { live: false });
    await expect(page.getByTestId('board-bidurl')).toHaveText(data.bidurlshort);
    expect(data.bidurl).toMatch(new RegExp(`^https?://[^/]+/${code}$`));
    expect(await decodeQr(page.getByTestId('board-qr'))).toBe(data.bidurl);
  });

  test('after a dropped connection it offers Reconnect now, comes back by itself and reloads what changed meanwhile', async ({
    page,
    request,
  }) => {
    const gala = uniqueCode('boarddrop');
    await importBoardGala(request, gala);
    const guitar = itemNamed(await boardData(request, gala), 'Signed Guitar');
    const hub = await fakeHub(page);
    const loads = countBoardLoads(page);
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/displayboard');
    const board = await openBoard(page, `/${gala}/list`);
    // The live connection signs in with the board token of the board's answer.
    expect(hub.token).toBe(displayBoardResponse.parse(await (await answer).json()).token);
    expect(loads.count).toBe(1);

    hub.close({ refuse: true });
    await expect(page.getByTestId('board-reconnect')).toBeVisible();
    await expect(board).not.toHaveAttribute('data-live', 'connected');
    // The bid goes to the real hub, which this page no longer hears: only a reload can show it.
    const sam = await apiBidder(request, gala, uniqueEmail('sam'), 'Sam');
    await apiBid(request, gala, sam.token, guitar.itemid, 340);
    await expect(cardOf(page, guitar.itemid).getByTestId('card-price')).toHaveText('Starting Bid $300');
    await expect.poll(() => hub.refused).toBeGreaterThan(0);
    expect(loads.count).toBe(1);

    hub.accept();
    await expect(board).toHaveAttribute('data-live', 'connected', { timeout: 15_000 });
    await expect(page.getByTestId('board-reconnect')).toHaveCount(0);
    await expect.poll(() => loads.count).toBe(2);
    const price = cardOf(page, guitar.itemid).getByTestId('card-price');
    await expect(price).toHaveText('Current Bid $340');
    await expect(page.getByTestId('board-total')).toHaveText('$340');
    expect(hub.connections).toBe(2);

    // Down again: whoever stands by the screen presses Reconnect now, which reloads at once.
    hub.close({ refuse: true });
    const tia = await apiBidder(request, gala, uniqueEmail('tia'), 'Tia');
    await apiBid(request, gala, tia.token, guitar.itemid, 400);
    await page.getByTestId('board-reconnect').click();
    await expect.poll(() => loads.count).toBe(3);
    await expect(price).toHaveText('Current Bid $400');
    expect(hub.connected).toBe(0);
    hub.accept();
    await expect(board).toHaveAttribute('data-live', 'connected', { timeout: 15_000 });
  });

  test('while the hub refuses (live updates paused), the board reloads what it shows every 15 seconds, and no longer once it is back', async ({
    page,
    request,
  }) => {
    const gala = uniqueCode('boardpause');
    await importBoardGala(request, gala);
    const guitar = itemNamed(await boardData(request, gala), 'Signed Guitar');
    const hub = await fakeHub(page);
    const loads = countBoardLoads(page);
    await page.clock.install();
    const board = await openBoard(page, `/${gala}/list`);
    hub.close({ refuse: true });
    await expect(board).not.toHaveAttribute('data-live', 'connected');
    // A bid the page cannot hear: the next reload shows it, fifteen seconds on, not five minutes.
    const sam = await apiBidder(request, gala, uniqueEmail('sam'), 'Sam');
    await apiBid(request, gala, sam.token, guitar.itemid, 340);
    const paused = loads.count;
    await page.clock.fastForward(15_000);
    await expect.poll(() => loads.count).toBe(paused + 1);
    // (The list turns its pages as the clock runs: the total, always shown, tells the reload came.)
    await expect(page.getByTestId('board-total')).toHaveText('$340');
    await page.clock.fastForward(15_000);
    await expect.poll(() => loads.count).toBe(paused + 2);
    hub.accept();
    await page.clock.fastForward(6_000);
    await expect(board).toHaveAttribute('data-live', 'connected');
    await expect.poll(() => loads.pending).toBe(0);
    const back = loads.count;
    await page.clock.fastForward(31_000);
    expect(loads.count).toBe(back);
  });
});

test.describe('at 1280x720', () => {
  test.use({ ...DESKTOP, viewport: { width: 1280, height: 720 } });

  for (const view of ['list', 'detail'] as const) {
    test(`the ${view} view fits 1280x720 without scrolling or overlaps, with no cursor and text of 18px or more`, async ({
      page,
    }) => {
      await openBoard(page, `/${code}/${view}`);
      await expectFitsScreen(page, view, 1280, 720);
    });
  }
});

// Not what the board is for, but a vertical display, or an organizer checking on a phone, must
// still see whole prices, the code and the total without scrolling.
test.describe('on a portrait screen (390x844)', () => {
  for (const view of ['list', 'detail'] as const) {
    test(`the ${view} view fits without scrolling, with whole prices, the code and the total`, async ({ page }) => {
      await openBoard(page, `/${code}/${view}`);
      await settledBoard(page);
      await lookAt(page, `board-${view}-390x844`);
      const scroll = await page.evaluate(() => {
        const s = document.scrollingElement ?? document.documentElement;
        return { height: s.scrollHeight, width: s.scrollWidth, innerHeight, innerWidth };
      });
      expect(scroll.height).toBeLessThanOrEqual(scroll.innerHeight);
      expect(scroll.width).toBeLessThanOrEqual(scroll.innerWidth);
      const boxes = await partBoxes(page, ['board-qr', 'board-total', 'board-countdown', 'board-title']);
      expect(
        boxes
          .filter((b) => b.width * b.height === 0 || b.x < 0 || b.y < 0 || b.x + b.width > 390 || b.y + b.height > 844)
          .map((b) => b.name),
      ).toEqual([]);
      expect(
        await cutText(page, ['board-total', 'board-countdown', 'board-bidurl', 'card-price', 'item-price']),
      ).toEqual([]);
      // The bid address breaks only between its parts ('…/' then the code), never inside a word.
      expect(await brokenAddressParts(page)).toEqual([]);
    });
  }
});
