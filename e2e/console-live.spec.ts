import { devices, expect, type Page, test } from './support/test';
import { eventDocument, item, timesAround } from '../testkit/documents';
import { importEvent, uniqueCode } from './support/api';
import { addStaff, consoleOk, type ConsoleStaffMember, newOrganization, openConsole } from './support/console';
import { expectAccessible, lookAt as shoot } from './support/page';

/**
 * The live auction at a tablet: a clerk enters two sales as the auctioneer calls them (the second
 * below its starting bid, saved anyway) and undoes one; a fund-a-need takes three paddles and shows
 * its running total. Each screen is checked by axe and looked at on a tablet and a phone.
 */
const TABLET = {
  userAgent: devices['Desktop Chrome'].userAgent,
  isMobile: false,
  hasTouch: true,
  deviceScaleFactor: 1,
  viewport: { width: 1024, height: 768 },
};
test.use(TABLET);

interface Night {
  origin: string;
  eventcode: string;
  clerk: ConsoleStaffMember;
}

/** An organization with a live gala (two live lots and a fund-a-need), three bidders (101-103) and a clerk. */
async function setUp(request: Parameters<typeof newOrganization>[0]): Promise<Night> {
  const org = await newOrganization(request, { name: 'Live Night Foundation', prefix: 'live' });
  const eventcode = uniqueCode('lgala');
  await importEvent(
    request,
    eventDocument(timesAround(new Date(), { biddingcloses: 48, eventcloses: 72 }), {
      auctioncode: org.auctioncode,
      orgname: org.name,
      eventcode,
      eventname: 'Live Gala',
      items: [
        item('201', { name: 'Two Weeks in Tuscany', itemisliveonly: true, startingbid: 2000, location: 'Main Stage' }),
        item('202', { name: 'Dinner with the Mayor', itemisliveonly: true, startingbid: 500, location: 'Main Stage' }),
        item('300', {
          name: 'Books for Every Classroom',
          itemisliveonly: true,
          startingbid: 0,
          paddlelevels: [5000, 1000, 500, 100],
        }),
      ],
    }),
  );
  const people = [
    ['Ann', 'Lee', 101],
    ['Bob', 'Stone', 102],
    ['Cara', 'Diaz', 103],
  ] as const;
  for (const [firstname, lastname, bidderdisplaynumber] of people)
    await consoleOk(request, `adding ${firstname}`, {
      origin: org.origin,
      method: 'POST',
      path: `/api/console/events/${eventcode}/bidders`,
      body: { firstname, lastname, email: `${firstname.toLowerCase()}.${eventcode}@example.org`, bidderdisplaynumber },
      token: org.owner.token,
    });
  const clerk = await addStaff(request, { origin: org.origin, ownerToken: org.owner.token, role: 'staff' });
  return { origin: org.origin, eventcode, clerk };
}

/** Axe and a screenshot at the tablet's size and the phone's, back at the tablet's after. */
async function lookAt(page: Page, name: string): Promise<void> {
  for (const size of [
    { name: 'tablet', width: 1024, height: 768 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expectAccessible(page);
    await shoot(page, `${name}-${size.name}`);
  }
  await page.setViewportSize(TABLET.viewport);
}

test('a clerk enters two live sales, saves one below its start anyway, and undoes one', async ({ page, request }) => {
  const { origin, eventcode, clerk } = await setUp(request);
  await openConsole(page, { origin, path: `/${eventcode}/console/live`, session: clerk.session });
  await expect(page.getByTestId('live-lot-name')).toHaveText('Two Weeks in Tuscany');
  await expect(page.getByTestId('live-itemnum')).toHaveValue('201');
  await expect(page.getByTestId('live-bidder')).toBeFocused();

  // The first lot: paddle 101 at $2,500, Enter saves; the queue moves to the next lot.
  await page.getByTestId('live-bidder').fill('101');
  await page.getByTestId('live-amount').fill('2,500');
  await page.getByTestId('live-amount').press('Enter');
  await expect(page.getByTestId('live-notice')).toHaveText(
    'Sold item 201 (Two Weeks in Tuscany) to bidder 101 (Ann Lee) for $2,500.00.',
  );
  await expect(page.getByTestId('live-lot-name')).toHaveText('Dinner with the Mayor');
  await expect(page.getByTestId('live-bidder')).toBeFocused();

  // The second: below its starting bid, the clerk is told why and saves anyway.
  await page.getByTestId('live-bidder').fill('102');
  await page.getByTestId('live-amount').fill('400');
  await page.getByTestId('live-amount').press('Enter');
  await expect(page.getByTestId('live-warning')).toContainText('$400.00 is below the starting bid of $500.00.');
  await lookAt(page, 'live-warning');
  await page.getByTestId('live-save-anyway').click();
  await expect(page.getByTestId('live-notice')).toHaveText(
    'Sold item 202 (Dinner with the Mayor) to bidder 102 (Bob Stone) for $400.00.',
  );
  await expect(page.getByTestId('live-recent-row')).toHaveCount(2);
  await expect(page.getByTestId('live-lot-left')).toHaveText('Sold');
  await lookAt(page, 'live-sales');

  // Undo the newest: the lot is for sale again.
  await page.getByTestId('live-recent-row').first().getByTestId('live-undo').click();
  await expect(page.getByTestId('live-notice')).toHaveText(
    'Undid the sale of item 202 (Dinner with the Mayor) to bidder 102 (Bob Stone).',
  );
  await expect(page.getByTestId('live-recent-row')).toHaveCount(1);
  await expect(page.getByTestId('live-recent-row')).toContainText('Two Weeks in Tuscany');
  await expect(page.getByTestId('live-lot-left')).toHaveText('For sale');
});

test('a fund-a-need takes three paddles and shows the running total', async ({ page, request }) => {
  const { origin, eventcode, clerk } = await setUp(request);
  await openConsole(page, { origin, path: `/${eventcode}/console/fund-a-need`, session: clerk.session });
  await expect(page.getByTestId('fund-total')).toHaveText('$0');
  await expect(page.getByTestId('fund-level')).toHaveCount(4);

  await page.getByTestId('fund-level').filter({ hasText: '$1,000' }).click();
  await expect(page.getByTestId('fund-bidder')).toBeFocused();
  for (const paddle of ['101', '102']) {
    await page.getByTestId('fund-bidder').fill(paddle);
    await page.getByTestId('fund-bidder').press('Enter');
    await expect(page.getByTestId('fund-chip').filter({ hasText: `#${paddle}` })).toBeVisible();
  }
  await page.getByTestId('fund-level').filter({ hasText: '$500' }).click();
  await page.getByTestId('fund-bidder').fill('103');
  await page.getByTestId('fund-bidder').press('Enter');

  await expect(page.getByTestId('fund-total')).toHaveText('$2,500');
  await expect(page.getByTestId('fund-count')).toHaveText('3 paddles');
  await expect(page.getByTestId('fund-chip')).toHaveCount(3);
  await expect(page.getByTestId('fund-level').filter({ hasText: '$1,000' })).toContainText('2 paddles');
  await lookAt(page, 'fund-a-need');

  // A paddle typed by mistake is taken back.
  await page.getByTestId('fund-chip').filter({ hasText: '#103' }).getByTestId('fund-undo').click();
  await expect(page.getByTestId('fund-total')).toHaveText('$2,000');
  await expect(page.getByTestId('fund-chip')).toHaveCount(2);
});
