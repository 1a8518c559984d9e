import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, test } from './support/test';
import { eventDocument, item, timesAround } from '../testkit/documents';
import { verifiedBidder } from '../testkit/bidders';
import { bearer, expectOk, numberField, type Transport } from '../testkit/transport';
import { importEvent, uniqueCode } from './support/api';
import {
  atEverySize,
  type ConsoleSession,
  lookAt,
  newOrganization,
  openConsole,
  organizationTransport,
} from './support/console';
import { DESKTOP, expectAccessible } from './support/page';

/**
 * Reports after the night: the owner reads the summary (the figures and the chart of raised by
 * source), downloads its CSV, and filters the items report by location. The night is made through
 * the API: a bid, Buy It Now, a live sale and cash at the desk.
 */
interface Setup {
  origin: string;
  eventcode: string;
  session: ConsoleSession;
}

async function night(
  api: Transport,
  eventcode: string,
  ownerToken: string,
  { token: bidderToken, userid, email }: { token: string; userid: number; email: string },
) {
  const items = await expectOk('items', api.post('/api/auctionitems', { eventcode }, bearer(bidderToken)));
  const ids = new Map(
    (items as { auctionitems: Array<{ itemnum: string; itemid: number }> }).auctionitems.map((i) => [
      i.itemnum,
      i.itemid,
    ]),
  );
  await expectOk(
    'bid',
    api.post('/api/submitbid', { eventcode, itemid: ids.get('101'), bid: 550 }, bearer(bidderToken)),
  );
  await expectOk(
    'buy it now',
    api.post('/api/submitbid', { eventcode, itemid: ids.get('102'), buyitnow: true, quantity: 1 }, bearer(bidderToken)),
  );
  const staff = (key: string) => ({ ...bearer(ownerToken), 'idempotency-key': uniqueCode(key) });
  const found = await expectOk(
    'desk lookup',
    api.get(`/api/console/events/${eventcode}/desk?q=${encodeURIComponent(email)}`, bearer(ownerToken)),
  );
  const number = numberField((found as { bidders: unknown[] }).bidders[0], 'biddernumber');
  await expectOk(
    'live sale',
    api.post(
      `/api/console/events/${eventcode}/live-sales`,
      { itemnum: '201', biddernumber: number, amount: 1500 },
      staff('sale'),
    ),
  );
  await expectOk(
    'cash at the desk',
    api.post(
      `/api/console/events/${eventcode}/bidders/${userid}/payments`,
      { method: 'cash', amount: 500 },
      staff('cash'),
    ),
  );
}

async function setUp(request: APIRequestContext): Promise<Setup> {
  const org = await newOrganization(request, { name: 'Reports Foundation', prefix: 'rep' });
  const eventcode = uniqueCode('rgala');
  await importEvent(
    request,
    eventDocument(timesAround(new Date(), { biddingcloses: 48, eventcloses: 72 }), {
      auctioncode: org.auctioncode,
      orgname: org.name,
      eventcode,
      eventname: 'Spring Gala',
      event: { ccfeespercent: 0 },
      items: [
        item('101', { name: 'Wine Tasting', location: 'Table 1', fairmarketvalue: 400, startingbid: 100 }),
        item('102', {
          name: 'Gala Tote',
          location: 'Table 2',
          buyitnowonly: true,
          buyitnowprice: 25,
          quantity: 20,
          startingbid: 0,
        }),
        item('103', { name: 'Cooking Class', location: 'Table 2', fairmarketvalue: 80 }),
        item('201', { name: 'Tuscany Villa', location: 'Stage', itemisliveonly: true, startingbid: 1000 }),
      ],
    }),
  );
  const api = organizationTransport(request, org.origin);
  const bidder = await verifiedBidder(api, {
    eventcode,
    email: `ann-${eventcode}@example.org`,
    profile: { firstname: 'Ann', lastname: 'Lee', zip: '60601', setupcomplete: true },
  });
  await night(api, eventcode, org.owner.token, bidder);
  return { origin: org.origin, eventcode, session: org.owner.session };
}

test.use({ ...DESKTOP, viewport: { width: 1280, height: 800 } });

test('the owner reads the summary, downloads its CSV, and filters the items by location', async ({ page, request }) => {
  const s = await setUp(request);
  await openConsole(page, { origin: s.origin, path: `/${s.eventcode}/console/reports`, session: s.session });
  await expect(page).toHaveURL(/\/console\/reports\/summary$/);
  // The Buy It Now tote and the live sale so far (the bid leads; it is won at the close).
  await expect(page.getByTestId('summary-raised')).toHaveText('$1,525.00');
  await expect(page.getByTestId('summary-collected')).toHaveText('$500.00');
  await expect(page.getByTestId('summary-outstanding')).toHaveText('$1,025.00');
  await expect(page.getByTestId('summary-sources-row').filter({ hasText: 'Live sales' })).toContainText('$1,500.00');
  await expect
    .poll(() =>
      page
        .getByTestId('summary-chart')
        .locator('canvas')
        .evaluate((c: HTMLCanvasElement) => c.width),
    )
    .toBeGreaterThan(100);
  await expectAccessible(page);
  await atEverySize(page, 'reports-summary');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reports-download').click()]);
  expect(download.suggestedFilename()).toBe(`${s.eventcode}-summary.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('"Part","Line","Amount"');
  expect(csv).toContain('"Totals","Raised","1525.00"');

  await page.getByTestId('reports-tab-items').click();
  await expect(page).toHaveURL(/\/console\/reports\/items$/);
  const rows = page.getByTestId('items-report-row');
  await expect(rows).toHaveCount(4);
  await page.getByTestId('reports-location').selectOption('Table 2');
  await expect(rows).toHaveCount(2);
  await expect(page).toHaveURL(/\/reports\/items\?location=Table\+2$/);
  await expect(rows.filter({ hasText: 'Gala Tote' })).toContainText('Sold');
  await expect(rows.filter({ hasText: 'Cooking Class' })).toContainText('No bids');
  await expectAccessible(page);
  await lookAt(page, 'reports-items-laptop');
  // On a phone the table scrolls sideways inside its frame; the page itself never does.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await lookAt(page, 'reports-items-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Bids over time: a line of bids per minute; and the payments as printed (no menu, tables whole).
  await page.getByTestId('reports-tab-bids-over-time').click();
  await expect(page.getByTestId('bids-total')).toContainText('1 bid');
  await expect(page.getByTestId('bids-chart')).toBeVisible();
  await lookAt(page, 'reports-bids-laptop');
  await page.getByTestId('reports-tab-payments').click();
  await expect(page.getByTestId('payments-report-row')).toHaveCount(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('console-menu')).toBeHidden();
  await lookAt(page, 'reports-payments-print');
});
