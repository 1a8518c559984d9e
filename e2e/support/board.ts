import { expect, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { displayBoardResponse, type DisplayBoardResponse, type DisplayItem, type HubMessage } from '@gavel/domain';
import type { EventInput, ItemInput } from '../../testkit/documents';
import { importEvent, testEvent } from './api';
import { fill, openSignedIn } from './page';

/** Helpers for the display board's journeys: its gala, opening it, its data and bids (what it shows, measured: board-screen.ts). */

/** A logo or picture as the organizer might upload one: a coloured bar with a word, as an SVG data URL (240x80 unless sized). */
export function logoImage(colour: string, word: string, width = 240, height = 80): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${Math.round(height / 10)}" fill="${colour}"/><text x="${width / 2}" y="${Math.round(height * 0.65)}" font-size="${Math.round(height * 0.4)}" text-anchor="middle" fill="#fff">${word}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

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
