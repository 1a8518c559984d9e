import { expect, test, type Page } from './support/test';
import { importEvent, testEvent, uniqueCode } from './support/api';
import { fakeHub } from './support/fake-hub';
import { storedToken } from './support/page';

// The fake live hub (support/fake-hub.ts) against the bidder app, which uses the same client as the
// display board: its messages reach the page, its heartbeat holds through a long fake clock, and a
// drop it makes is a drop the client recovers from.

const code = uniqueCode('hub');
const auctioncode = 'demo';

test.beforeAll(async ({ request }) => {
  await importEvent(
    request,
    testEvent(code, {
      items: [{ itemnum: '1', name: 'Harbor Cruise', startingbid: 50, minimumbidincrease: 5 }],
      event: { eventallowguestentry: true },
    }),
  );
});

/** Enters the event as a guest and waits for the live connection. Answers the card's id. */
async function enterAsGuest(page: Page): Promise<number> {
  await page.goto(`/${code}`);
  await page.getByTestId('guest-link').click();
  const card = page.getByTestId('item-card').filter({ hasText: 'Harbor Cruise' });
  await expect(card.getByTestId('item-price')).toContainText('Starting Bid $50.00');
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected');
  return Number(await card.getAttribute('data-itemid'));
}

/** Harbor Cruise after one bid of `cents`, as the hub tells everyone. */
function bidUpdate(itemid: number, cents: number) {
  return {
    type: 'itemupdate' as const,
    eventcode: code,
    auctioncode,
    item: {
      itemid,
      currentbid: cents,
      lastbid: cents,
      minimumnextbid: cents + 500,
      numberofbids: 1,
      closing: new Date(Date.now() + 86_400_000).toISOString(),
      closingcst: '',
      bidstatus: 'biddingopen' as const,
      quantityavailable: 1,
      buyitnowavailable: false,
    },
  };
}

test("the fake hub's messages reach the page, its pings are answered, and after its drop the client reconnects and refetches", async ({
  page,
}) => {
  const hub = await fakeHub(page);
  let listed = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/auctionitems')) listed += 1;
  });
  const itemid = await enterAsGuest(page);
  expect(hub.connections).toBe(1);
  expect(hub.token).toBe(await storedToken(page, code));
  const price = page.getByTestId('item-card').filter({ hasText: 'Harbor Cruise' }).getByTestId('item-price');

  hub.send(bidUpdate(itemid, 7500));
  await expect(price).toContainText('Last Bid $75.00');
  hub.ping();
  await expect.poll(() => hub.pongs).toBe(1);

  // Refused while down, then taken again: the client comes back by itself and fetches what it missed,
  // which is the server's item (the fake's bid was never real).
  const before = listed;
  hub.close({ refuse: true });
  await expect(page.getByTestId('live-state')).toBeVisible();
  await expect.poll(() => hub.refused).toBeGreaterThan(0);
  expect(hub.connected).toBe(0);
  hub.accept();
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 15_000 });
  expect(hub.connections).toBe(2);
  await expect.poll(() => listed).toBeGreaterThan(before);
  await expect(price).toContainText('Starting Bid $50.00');
  hub.send(bidUpdate(itemid, 9000));
  await expect(price).toContainText('Last Bid $90.00');
});

test('the connection outlives an hour of fake clock by default, and a short heartbeat left unanswered drops it', async ({
  page,
  browser,
}) => {
  const hub = await fakeHub(page);
  await page.clock.install();
  await enterAsGuest(page);
  await page.clock.fastForward('01:00:00');
  hub.ping();
  await expect.poll(() => hub.pongs).toBe(1);
  expect(hub.connections).toBe(1);
  expect(hub.connected).toBe(1);

  // A phone of its own: sharing the first page's storage, it would first connect with that page's
  // guest token and then again with its own, and the count below would depend on which came first.
  const other = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const short = await fakeHub(other, { pingInterval: 10_000, pingTimeout: 5_000 });
  await other.clock.install();
  await enterAsGuest(other);
  await other.clock.fastForward(15_001);
  await expect.poll(() => short.connected).toBe(0);
  // The client retries after its reconnection delay (at most five seconds).
  await other.clock.fastForward(6_000);
  await expect.poll(() => short.connections).toBe(2);
  await expect(other.locator('html')).toHaveAttribute('data-live', 'connected');
});

test('while the hub refuses (live updates paused), the list is fetched every 15 seconds, and no longer once it is back', async ({
  page,
}) => {
  const hub = await fakeHub(page);
  await page.clock.install();
  let listed = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/auctionitems')) listed += 1;
  });
  await enterAsGuest(page);
  hub.close({ refuse: true });
  await expect(page.getByTestId('live-state')).toBeVisible();
  const paused = listed;
  await page.clock.fastForward(15_000);
  await expect.poll(() => listed).toBe(paused + 1);
  await page.clock.fastForward(15_000);
  await expect.poll(() => listed).toBe(paused + 2);
  // Back: the reconnect fetches once, and the timer stops.
  hub.accept();
  await page.clock.fastForward(6_000);
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected');
  await expect.poll(() => listed).toBeGreaterThan(paused + 2);
  const back = listed;
  await page.clock.fastForward(31_000);
  expect(listed).toBe(back);
});
