import { devices, expect, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import jsQR from 'jsqr';
import { displayBoardResponse, type DisplayBoardResponse, type DisplayItem, type HubMessage } from '@gavel/domain';
import type { EventInput, ItemInput } from '../../testkit/documents';
import { importEvent, testEvent } from './api';
import { fill, openSignedIn } from './page';

/** Helpers for the display board's journeys: its gala, opening it, what it shows, its heap. */

/** A logo or picture as the organizer might upload one: a coloured bar with a word, as an SVG data URL (240x80 unless sized). */
export function logoImage(colour: string, word: string, width = 240, height = 80): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${Math.round(height / 10)}" fill="${colour}"/><text x="${width / 2}" y="${Math.round(height * 0.65)}" font-size="${Math.round(height * 0.4)}" text-anchor="middle" fill="#fff">${word}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * A screen's browser: a desktop one, not the config's phone, whose pixel ratio and mobile zoom
 * would lie about what a TV shows. Give it the screen's viewport beside it.
 */
export const TV = {
  userAgent: devices['Desktop Chrome'].userAgent,
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
};

/** The board's room. */
export const MAIN_HALL = 'Main Hall';

/**
 * Eight items: five bid items in the Main Hall (the first with Buy It Now, a value and a donor;
 * three with pictures), two Buy It Now only items in the Lobby (one unlimited), and a bid item on
 * the Terrace.
 */
export const BOARD_ITEMS: ItemInput[] = [
  {
    itemnum: '1',
    name: 'Weekend in Napa Valley',
    location: MAIN_HALL,
    startingbid: 600,
    minimumbidincrease: 50,
    buyitnowavailable: true,
    buyitnowprice: 1400,
    fairmarketvalue: 1200,
    donatedby: 'Vineyard Partners',
    description: 'Two nights at a vineyard inn, with a private tasting.',
    imageurl: logoImage('#8a5a2b', 'Napa'),
  },
  {
    itemnum: '2',
    name: "Chef's Table for Eight",
    location: MAIN_HALL,
    startingbid: 800,
    minimumbidincrease: 50,
    imageurl: logoImage('#b03a2e', 'Chef'),
  },
  {
    itemnum: '3',
    name: 'Signed Guitar',
    location: MAIN_HALL,
    startingbid: 300,
    minimumbidincrease: 25,
    imageurl: logoImage('#1e8449', 'Guitar'),
  },
  { itemnum: '4', name: 'Spa Day for Two', location: MAIN_HALL, startingbid: 200, minimumbidincrease: 20 },
  { itemnum: '5', name: 'Hot Air Balloon Ride', location: MAIN_HALL, startingbid: 400, minimumbidincrease: 25 },
  {
    itemnum: '6',
    name: "Coffee Lover's Basket",
    location: 'Lobby',
    buyitnowonly: true,
    buyitnowprice: 90,
    quantity: 10,
  },
  {
    itemnum: '7',
    name: 'Wine Tasting Pass',
    location: 'Lobby',
    buyitnowonly: true,
    buyitnowprice: 45,
    unlimitedquantity: true,
  },
  { itemnum: '8', name: 'Golf Foursome', location: 'Terrace', startingbid: 500, minimumbidincrease: 50 },
];

/** The event of the board's journeys: a goal, an organizer's line, a logo and three sponsors. */
export async function importBoardGala(
  request: APIRequestContext,
  code: string,
  over: { items?: ItemInput[]; event?: Partial<EventInput> } = {},
): Promise<void> {
  await importEvent(
    request,
    testEvent(code, {
      items: over.items ?? BOARD_ITEMS,
      event: {
        logourl: logoImage('#7a3cc3', 'Gala'),
        sponsorurl: [logoImage('#1f6feb', 'Acme'), logoImage('#2da44e', 'Birch'), logoImage('#bf3989', 'Cobalt')],
        display: { goal: 25_000, message: 'Scan the code to bid from your phone' },
        ...over.event,
      },
    }),
  );
}

/** What the board's call answers now (amounts in cents). */
export async function boardData(
  request: APIRequestContext,
  code: string,
  location = '',
): Promise<DisplayBoardResponse> {
  const res = await request.get(`/api/displayboard?eventcode=${code}&location=${encodeURIComponent(location)}`);
  expect(res.ok(), await res.text()).toBe(true);
  return displayBoardResponse.parse(await res.json());
}

/** An item of the board's answer by name. */
export function itemNamed(board: DisplayBoardResponse, name: string): DisplayItem {
  const item = board.items.find((i) => i.name === name);
  if (!item) throw new Error(`no item '${name}' on the board`);
  return item;
}

/** The board's root. */
export function boardRoot(page: Page): Locator {
  return page.getByTestId('board');
}

/** The list view's card of an item. */
export function cardOf(page: Page, itemid: number): Locator {
  return page.locator(`[data-testid="board-card"][data-itemid="${itemid}"]`);
}

/**
 * Opens a board address and waits until it shows items and, unless `live` is false, until its
 * live connection is up.
 */
export async function openBoard(page: Page, path: string, { live = true } = {}): Promise<Locator> {
  await page.goto(path);
  const board = boardRoot(page);
  await expect(board).toHaveAttribute('data-page', /^\d+$/);
  if (live) await expect(board).toHaveAttribute('data-live', 'connected');
  return board;
}

/** Counts the page's GETs of /api/displayboard from now on, and those not answered yet. */
export function countBoardLoads(page: Page): { readonly count: number; readonly pending: number } {
  let count = 0;
  let done = 0;
  const isLoad = (r: Request) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/displayboard';
  page.on('request', (r) => {
    if (isLoad(r)) count += 1;
  });
  const answered = (r: Request) => {
    if (isLoad(r)) done += 1;
  };
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  return {
    get count() {
      return count;
    },
    get pending() {
      return count - done;
    },
  };
}

/**
 * Bids `amount` dollars on an item from a phone, through the bid page, and returns once the
 * phone has the bid's answer (the moment the board's clock starts).
 */
export async function bidFromPhone(
  phone: Page,
  code: string,
  itemid: number,
  token: string,
  amount: number,
): Promise<void> {
  await openSignedIn(phone, `/${code}/place-bid/${itemid}`, token);
  await fill(phone, 'bid-amount', String(amount));
  await phone.locator('[data-testid="submit-bid"]:visible').click();
  await expect(phone.locator('[data-testid="confirm-question"]:visible')).toContainText(
    `Bid $${amount.toLocaleString('en-US')}.00 on`,
  );
  const answered = phone.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/submitbid',
  );
  await phone.locator('[data-testid="confirm-bid"]:visible').click();
  expect((await answered).ok()).toBe(true);
}

/** A bid through the API, as another phone would place it. */
export async function apiBid(
  request: APIRequestContext,
  code: string,
  token: string,
  itemid: number,
  amount: number,
): Promise<void> {
  const res = await request.post('/api/submitbid', {
    headers: { authorization: `Bearer ${token}` },
    data: { eventcode: code, itemid, bid: amount },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A bidder's number as the board shows it ('Bidder #12'), from their profile. */
export async function bidderNumber(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/userprofile', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  const profile: unknown = await res.json();
  if (
    typeof profile !== 'object' ||
    profile === null ||
    !('bidderdisplaynumber' in profile) ||
    typeof profile.bidderdisplaynumber !== 'number'
  )
    throw new Error('a profile without a bidder number');
  return profile.bidderdisplaynumber;
}

/** Has the bidder bid anonymously from now on (their profile's choice). */
export async function bidAnonymously(request: APIRequestContext, token: string, firstname: string): Promise<void> {
  const res = await request.put('/api/userprofile', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstname, lastname: 'Bidder', zip: '60601', setupcomplete: true, bidanonymously: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * An `itemupdate` as the hub sends it after a bid of `cents` (the bid's history entry included,
 * so the ticker takes it), for an item of the board's answer.
 */
export function bidUpdate(
  board: DisplayBoardResponse,
  item: DisplayItem,
  cents: number,
  bids: number,
  biddernumber: number | null,
  at: Date,
): HubMessage {
  return {
    type: 'itemupdate',
    eventcode: board.eventcode,
    auctioncode: board.auctioncode,
    item: {
      itemid: item.itemid,
      currentbid: cents,
      lastbid: cents,
      minimumnextbid: cents + 2500,
      numberofbids: bids,
      closing: item.closing,
      closingcst: '',
      bidstatus: 'biddingopen',
      quantityavailable: item.quantityavailable,
      buyitnowavailable: item.buyitnowavailable,
    },
    history: [
      {
        bidno: bids,
        biddername: 'Never Shown',
        biddernumber,
        bidtime: at.toISOString(),
        bidtimecst: '',
        amount: cents,
        isauto: false,
      },
    ],
  };
}

/** The JS heap in use after a full collection, in bytes (Chromium's DevTools protocol). */
export async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // Twice: the second collection frees what the first only finalised (the first reading was up to 100 KB higher).
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  } finally {
    await cdp.detach();
  }
}

/** Elements in the document. */
export async function domNodes(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

/**
 * What the board's QR code says: the <img> drawn onto a canvas in the page (white behind, four
 * pixels a module or more), its pixels read back and decoded here.
 */
export async function decodeQr(qr: Locator): Promise<string | null> {
  const size = 400;
  const rgba = await qr.evaluate((img, side) => {
    if (!(img instanceof HTMLImageElement)) throw new Error('the QR code is not an <img>');
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d canvas');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, side, side);
    g.imageSmoothingEnabled = false;
    g.drawImage(img, 0, 0, side, side);
    // As base64: an array of 640,000 numbers is slow to carry across.
    const bytes = g.getImageData(0, 0, side, side).data;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, size);
  return jsQR(new Uint8ClampedArray(Buffer.from(rgba, 'base64')), size, size)?.data ?? null;
}

export interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Ancestors that clip (overflow other than visible) and do not wholly contain the element. */
  clippedBy: string[];
}

/** The boxes of the board's always-on parts, by test id, with what clips each. */
export async function partBoxes(page: Page, testIds: string[]): Promise<Box[]> {
  return page.evaluate((ids) => {
    const within = (a: DOMRect, b: DOMRect) =>
      a.left >= b.left - 1 && a.top >= b.top - 1 && a.right <= b.right + 1 && a.bottom <= b.bottom + 1;
    return ids.map((id) => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      if (!el) throw new Error(`no ${id} on the board`);
      const r = el.getBoundingClientRect();
      const clippedBy: string[] = [];
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        if (!within(r, a.getBoundingClientRect())) clippedBy.push(a.className || a.tagName);
      }
      return { name: id, x: r.x, y: r.y, width: r.width, height: r.height, clippedBy };
    });
  }, testIds);
}

/** Do two boxes share any area (a pixel of touching allowed)? */
export function overlap(a: Box, b: Box): boolean {
  return a.x + a.width > b.x + 1 && b.x + b.width > a.x + 1 && a.y + a.height > b.y + 1 && b.y + b.height > a.y + 1;
}

/** The visible elements of these test ids whose text is wider than they are (cut off, or ended with an ellipsis). */
export async function cutText(page: Page, testIds: string[]): Promise<string[]> {
  return page.evaluate((ids) => {
    const cut: string[] = [];
    for (const id of ids) {
      for (const el of document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)) {
        if (!el.checkVisibility()) continue;
        // Across only: a line cut short (an ellipsis). Tall glyphs may overhang a tight line height by a pixel or two.
        if (el.scrollWidth > el.clientWidth + 1)
          cut.push(`${id} '${el.textContent ?? ''}' needs ${el.scrollWidth}px of ${el.clientWidth}px`);
      }
    }
    return cut;
  }, testIds);
}

/** The smallest computed font size of any visible element with text of its own, and where. */
export async function smallestText(page: Page): Promise<{ px: number; text: string }> {
  return page.evaluate(() => {
    let smallest = { px: Infinity, text: '' };
    for (const el of document.body.querySelectorAll('*')) {
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!own || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const px = parseFloat(getComputedStyle(el).fontSize);
      if (px < smallest.px) smallest = { px, text: own.slice(0, 60) };
    }
    return smallest;
  });
}

/** Waits until the page's animations (the board's fades) have finished, for a still screenshot. */
export async function settledBoard(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.fonts.status === 'loaded' && document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

/** How many lines of text an element shows: its height inside the padding over its line height. */
export async function linesShown(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const s = getComputedStyle(node);
    const inner = node.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom);
    return Math.round(inner / parseFloat(s.lineHeight));
  });
}

/**
 * The bid address's pieces that are broken across lines or stick out of its box: none when the
 * address only breaks between pieces (after a '/', before a '.') and each piece fits whole.
 */
export async function brokenAddressParts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const box = document.querySelector('[data-testid="board-bidurl"]');
    if (!box) throw new Error('no bid address on the board');
    const room = box.getBoundingClientRect();
    const broken: string[] = [];
    for (const part of box.querySelectorAll('[data-testid="board-bidurl-part"]')) {
      const rects = part.getClientRects();
      const r = part.getBoundingClientRect();
      if (rects.length !== 1) broken.push(`'${part.textContent ?? ''}' on ${rects.length} lines`);
      else if (r.left < room.left - 1 || r.right > room.right + 1)
        broken.push(
          `'${part.textContent ?? ''}' sticks out (${Math.round(r.left)}-${Math.round(r.right)} of ${Math.round(room.left)}-${Math.round(room.right)})`,
        );
    }
    if (box.scrollWidth > box.clientWidth + 1)
      broken.push(`the address needs ${box.scrollWidth}px of ${box.clientWidth}px`);
    return broken;
  });
}

/**
 * The sponsors' logos on screen: the height the picture is drawn at, and whether its shape is kept
 * (its box has the picture's own proportions, or the box draws it whole inside with `contain`).
 */
export async function sponsorLogos(
  page: Page,
): Promise<Array<{ src: string; drawnHeight: number; shapeKept: boolean }>> {
  return page.getByTestId('board-sponsor').evaluateAll((imgs) =>
    imgs.map((img) => {
      if (!(img instanceof HTMLImageElement)) throw new Error('a sponsor is not an <img>');
      const r = img.getBoundingClientRect();
      const own = img.naturalWidth / img.naturalHeight;
      const fit = getComputedStyle(img).objectFit;
      const shapeKept = Math.abs(r.width / r.height - own) < 0.02 * own || fit === 'contain' || fit === 'scale-down';
      return {
        src: img.src.slice(0, 40),
        drawnHeight: fit === 'contain' ? Math.min(r.height, r.width / own) : r.height,
        shapeKept,
      };
    }),
  );
}
