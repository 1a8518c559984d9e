import { type Browser, devices, expect, type Page, test } from './support/test';
import { verifiedBidder } from '../testkit/bidders';
import { eventDocument, item, timesAround } from '../testkit/documents';
import { bearer, expectOk } from '../testkit/transport';
import { importEvent, uniqueCode } from './support/api';
import {
  type ConsoleOrganization,
  lookAt,
  newOrganization,
  openConsole,
  organizationTransport,
} from './support/console';
import { DESKTOP, expectAccessible, openSignedIn } from './support/page';

/**
 * The close on auction night (issue 29): on a tablet the owner closes one location early and
 * extends another, each after a confirmation naming what changes and how many items; a bidder's
 * phone, open on the items in another browser, shows both at once, without a reload.
 */
test.use({ ...DESKTOP, timezoneId: 'America/Chicago', viewport: { width: 1024, height: 768 } });

const eventcode = uniqueCode('close');
let org: ConsoleOrganization;
let bidderToken: string;

test.beforeAll(async ({ request }) => {
  org = await newOrganization(request, { prefix: 'cls' });
  await importEvent(
    request,
    eventDocument(timesAround(new Date(), { biddingcloses: 2, eventcloses: 6 }), {
      auctioncode: org.auctioncode,
      orgname: org.name,
      eventcode,
      eventname: 'Riverbend Spring Gala',
      items: [
        item('1', { name: 'Harbor Cruise', location: 'Front Hall' }),
        item('2', { name: 'Cooking Class', location: 'Front Hall' }),
        item('3', { name: 'Spa Day', location: 'Back Hall' }),
        item('4', { name: 'Wine Crate', location: 'Back Hall' }),
      ],
    }),
  );
  const api = organizationTransport(request, org.origin);
  const bidder = await verifiedBidder(api, {
    eventcode,
    email: `pat-${eventcode}@example.org`,
    profile: { firstname: 'Pat', lastname: 'Phone', zip: '60601', setupcomplete: true },
  });
  bidderToken = bidder.token;
  const listed = (await expectOk('items', api.post('/api/auctionitems', { eventcode }, bearer(bidderToken)))) as {
    auctionitems: Array<{ itemid: number; itemnum: string }>;
  };
  const cruise = listed.auctionitems.find((i) => i.itemnum === '1');
  await expectOk(
    'a bid on the cruise',
    api.post('/api/submitbid', { eventcode, itemid: cruise?.itemid, bid: 75 }, bearer(bidderToken)),
  );
});

/** A bidder's phone in a browser of its own, signed in on the event's items. */
async function bidderPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...devices['iPhone 13'], timezoneId: 'America/Chicago' });
  const phone = await context.newPage();
  await openSignedIn(phone, `${org.origin}/${eventcode}/auction-items`, bidderToken);
  await expect(phone.locator('[data-testid="item-card"]:visible')).toHaveCount(4);
  // Marked once loaded: a reload would lose the mark.
  await phone.evaluate(() => document.documentElement.setAttribute('data-e2e-loaded', 'once'));
  return phone;
}

const card = (phone: Page, name: string) =>
  phone.locator('[data-testid="item-card"]:visible').filter({ hasText: name }).getByTestId('item-closing');
/** What reaches the phone live must show within a second or so: no reload, a short wait. */
const LIVE = { timeout: 3_000 };

test('the owner closes one location early and extends another; a bidder’s phone shows both at once', async ({
  page,
  browser,
}) => {
  const phone = await bidderPhone(browser);
  await expect(card(phone, 'Harbor Cruise')).toHaveText(/^1h 5\dm left$/);
  await expect(card(phone, 'Spa Day')).toHaveText(/^1h 5\dm left$/);

  await openConsole(page, { origin: org.origin, path: `/${eventcode}/console/close`, session: org.owner.session });
  await expect(page.getByTestId('live-state')).toHaveText('Live');
  const front = page.getByTestId('close-location').filter({ hasText: 'Front Hall' });
  const back = page.getByTestId('close-location').filter({ hasText: 'Back Hall' });
  await expect(front.getByTestId('close-location-counts')).toHaveText('2 open · 0 closed');
  await expect(front.getByTestId('close-countdown')).toHaveText(/^1h 5\dm$/);
  await expect(page.getByTestId('close-without')).toHaveText('3');
  await expect(page.getByTestId('close-items-row').filter({ hasText: 'Harbor Cruise' })).toContainText('Pat Phone');
  await expectAccessible(page);
  await lookAt(page, 'close-tablet');

  // Close now at the front: the confirmation names the place and the count.
  await front.getByTestId('close-location-close').click();
  const dialog = page.getByTestId('close-dialog');
  await expect(dialog.getByTestId('close-question')).toHaveText(
    'Close the items at Front Hall now: 2 open items? Bidding on them ends at once and each leader wins.',
  );
  await expect(dialog.getByTestId('close-dialog-confirm')).toHaveText('Close 2 items');
  await expectAccessible(page);
  await lookAt(page, 'close-confirm-tablet', { fullPage: false });
  await dialog.getByTestId('close-dialog-confirm').click();
  await expect(page.getByTestId('close-said')).toHaveText('Closed 2 items: the items at Front Hall.');
  await expect(card(phone, 'Harbor Cruise')).toHaveText('Closed', LIVE);
  await expect(card(phone, 'Cooking Class')).toHaveText('Closed', LIVE);
  await expect(card(phone, 'Spa Day')).toHaveText(/^1h 5\dm left$/);
  await expect(front.getByTestId('close-location-counts')).toHaveText('0 open · 2 closed');
  await expect(front.getByTestId('close-location-time')).toHaveText('Closed');

  // Extend the back by an hour.
  await back.getByTestId('close-location-extend').click();
  await dialog.getByTestId('close-minutes').fill('60');
  await expect(dialog.getByTestId('close-question')).toHaveText(
    'Extend the items at Back Hall (2 open items) by 60 minutes? Phones and the board show the new time at once.',
  );
  await dialog.getByTestId('close-minutes').press('Enter');
  await expect(page.getByTestId('close-said')).toHaveText('Extended 2 items by 60 minutes.');
  await expect(card(phone, 'Spa Day')).toHaveText(/^2h 5\dm left$/, LIVE);
  await expect(card(phone, 'Wine Crate')).toHaveText(/^2h 5\dm left$/, LIVE);
  await expect(back.getByTestId('close-countdown')).toHaveText(/^2h 5\dm$/);
  await expect(phone.locator('html')).toHaveAttribute('data-e2e-loaded', 'once');

  const rows = page.getByTestId('close-items-row');
  await expect(rows.filter({ hasText: 'Harbor Cruise' }).getByTestId('close-item-state')).toContainText('Closed');
  await expect(rows.filter({ hasText: 'Harbor Cruise' }).getByTestId('close-item-reopen')).toBeVisible();
  await lookAt(page, 'close-after-tablet');
  await lookAt(phone, 'close-bidder-phone');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await lookAt(page, 'close-phone');
  await phone.context().close();
});
