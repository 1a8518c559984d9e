import { expect, test, type APIRequestContext } from './support/test';
import { eventDocument, item, timesAround, type EventHours } from '../testkit/documents';
import { apiBidder, importEvent, uniqueCode, uniqueEmail } from './support/api';
import { expectAccessible, fill, lookAt } from './support/page';

/**
 * Issue 26, item 17: the home of an event whose bidding has ended says so, thanks the bidders, and
 * leads a past bidder to what is still theirs to do (see and pay for what they won, their orders)
 * instead of offering 'Join the Fun' alone.
 */
const ORG = 'Riverbend Community Foundation';
const HOUR = 1;
const MINUTE = HOUR / 60;

function gala(eventcode: string, hours: Partial<EventHours>) {
  return eventDocument(timesAround(new Date(), hours), {
    orgname: ORG,
    eventcode,
    eventname: `Autumn Gala ${eventcode}`,
    event: { homemessage: '<p>Welcome to our autumn gala.</p>' },
    items: [item('1', { name: 'Harbor Cruise', startingbid: 50, minimumbidincrease: 5 })],
  });
}

async function itemIdOf(request: APIRequestContext, eventcode: string, token: string, name: string): Promise<number> {
  const res = await request.post('/api/auctionitems', {
    headers: { authorization: `Bearer ${token}` },
    data: { eventcode },
  });
  const body = (await res.json()) as { auctionitems: Array<{ name: string; itemid: number }> };
  const found = body.auctionitems.find((i) => i.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found.itemid;
}

test('after bidding ends, the home thanks the bidders and a winner signs in to pay for what they won', async ({
  page,
  request,
}) => {
  const code = uniqueCode('ended');
  await importEvent(request, gala(code, {}));
  const ann = await apiBidder(request, code, uniqueEmail('ann'), 'Ann');
  const cruise = await itemIdOf(request, code, ann.token, 'Harbor Cruise');
  const bid = await request.post('/api/submitbid', {
    headers: ann.auth,
    data: { eventcode: code, itemid: cruise, bid: 50 },
  });
  expect(bid.ok(), await bid.text()).toBe(true);
  // The organizer closes bidding now (docs/import.md), as at the end of the night.
  await importEvent(request, gala(code, { biddingcloses: -MINUTE }));

  await page.goto(`/${code}`);
  const ended = page.getByTestId('event-ended');
  await expect(ended.getByRole('heading', { name: 'Bidding has ended' })).toBeVisible();
  await expect(page.getByTestId('event-ended-thanks')).toHaveText(`Thank you for supporting ${ORG}.`);
  await expect(ended).toContainText('see what you won and pay for it');
  await expect(ended).toContainText('find your receipts in Order History');
  await expect(page.getByTestId('event-message')).toHaveText('Welcome to our autumn gala.');
  await expect(page.getByTestId('join-button')).toHaveText('Sign In');
  await expect(page.getByText('Join the Fun')).toHaveCount(0);
  await expect(page.getByTestId('bidding-opens')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await lookAt(page, 'event-home-ended');
  await expectAccessible(page);

  // An email with no account is told so, not sent to make one for an auction that is over.
  await fill(page, 'join-email', uniqueEmail('nobody'));
  await page.getByTestId('join-button').click();
  await expect(page.getByTestId('join-error')).toHaveText(
    'Error : No bidder account uses this email. Please check the email you bid with.',
  );
  await expect(page).toHaveURL(new RegExp(`/${code}$`));

  // The winner signs in and finds the item waiting in the cart.
  await fill(page, 'join-email', ann.email);
  await page.getByTestId('join-button').click();
  await expect(page).toHaveURL(new RegExp(`/${code}/login$`));
  await fill(page, 'login-password', ann.password);
  await page.getByTestId('sign-in').click();
  await expect(page).toHaveURL(new RegExp(`/${code}/welcome/?$`));
  const toCheckout = page.locator('[data-testid="header-countdown"]:visible');
  await expect(toCheckout).toHaveText(/Go to Checkout/);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // The home the bidder came through stays mounted under these pages; its event being fetched
  // again as bidding is found closed must not pull the bidder back to welcome.
  const eventFetched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/event');
  await toCheckout.click();
  await expect(page).toHaveURL(new RegExp(`/${code}/cart$`));
  await eventFetched;
  await expect(page.locator('[data-testid="cart-line"]:visible')).toContainText('Harbor Cruise');
  await expect(page).toHaveURL(new RegExp(`/${code}/cart$`));
});

test('once the whole event has closed, the home says the event has ended', async ({ page, request }) => {
  const code = uniqueCode('closed');
  await importEvent(request, gala(code, { eventopens: -5, biddingopens: -4, biddingcloses: -2, eventcloses: -1 }));
  await page.goto(`/${code}`);
  await expect(page.getByTestId('event-ended').getByRole('heading', { name: 'This event has ended' })).toBeVisible();
  await expect(page.getByTestId('event-ended-thanks')).toHaveText(`Thank you for supporting ${ORG}.`);
  await expect(page.getByTestId('join-button')).toHaveText('Sign In');
});

test('a home left open as bidding closes changes to say so, without a reload', async ({ page, request }) => {
  const code = uniqueCode('closing');
  // Bidding closes ten minutes from now. The page changes by a timer of its own, set from the
  // event's times on the server's clock: the page's clock is moved past the close, not waited for.
  await importEvent(request, gala(code, { biddingcloses: 10 * MINUTE }));
  await page.clock.install();
  await page.goto(`/${code}`);
  await expect(page.getByTestId('join-button')).toHaveText('Join the Fun');
  await expect(page.getByTestId('event-ended')).toHaveCount(0);
  await page.clock.fastForward('11:00');
  await expect(page.getByTestId('event-ended').getByRole('heading', { name: 'Bidding has ended' })).toBeVisible();
  await expect(page.getByTestId('join-button')).toHaveText('Sign In');
});

test.describe('at laptop size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the ended home reads well on a laptop', async ({ page, request }) => {
    const code = uniqueCode('endedl');
    await importEvent(request, gala(code, { biddingcloses: -MINUTE }));
    await page.goto(`/${code}`);
    await expect(page.getByTestId('event-ended')).toBeVisible();
    const card = await page.getByTestId('event-ended').boundingBox();
    // In the page's column, not stretched across the screen.
    expect(card && card.width <= 560).toBe(true);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await lookAt(page, 'event-home-ended-laptop');
  });
});
