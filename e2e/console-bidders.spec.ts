import { devices, expect, type Page, test } from './support/test';
import { eventDocument, timesAround } from '../testkit/documents';
import { importEvent, uniqueCode } from './support/api';
import {
  addStaff,
  consoleOk,
  type ConsoleOrganization,
  type ConsoleStaffMember,
  lookAt,
  newOrganization,
  openConsole,
} from './support/console';
import { DESKTOP, expectAccessible } from './support/page';

/**
 * The console's bidders: staff search, stop a bidder, give another number (a taken one is refused
 * with who has it), and add a bidder without a phone past the look-alike warning; volunteers read
 * the list. Screens at a laptop's, a tablet's and a phone's size.
 */
interface Setup {
  org: ConsoleOrganization;
  eventcode: string;
  volunteer: ConsoleStaffMember;
}

/** A new organization with an event and three bidders added through the API (101 Ann Lee, 102 Bob Stone, 103 Cara Diaz). */
async function setUp(request: Parameters<typeof newOrganization>[0]): Promise<Setup> {
  const org = await newOrganization(request, { name: 'Bidders Foundation', prefix: 'bid' });
  const eventcode = uniqueCode('bgala');
  await importEvent(
    request,
    eventDocument(timesAround(new Date(), { biddingcloses: 48, eventcloses: 72 }), {
      auctioncode: org.auctioncode,
      orgname: org.name,
      eventcode,
      eventname: 'Spring Gala',
    }),
  );
  const people = [
    { firstname: 'Ann', lastname: 'Lee', email: 'ann.lee@example.org', cellphone: '312-555-0199' },
    { firstname: 'Bob', lastname: 'Stone', email: 'bob.stone@example.org', cellphone: '' },
    { firstname: 'Cara', lastname: 'Diaz', email: 'cara.diaz@example.org', cellphone: '773-555-0123' },
  ];
  for (const person of people)
    await consoleOk(request, `adding ${person.email}`, {
      origin: org.origin,
      method: 'POST',
      path: `/api/console/events/${eventcode}/bidders`,
      body: person,
      token: org.owner.token,
    });
  const volunteer = await addStaff(request, { origin: org.origin, ownerToken: org.owner.token, role: 'volunteer' });
  return { org, eventcode, volunteer };
}

const row = (page: Page, name: string) => page.getByTestId('bidders-table-row').filter({ hasText: name });

test.describe('at a laptop', () => {
  test.use({ ...DESKTOP, viewport: { width: 1280, height: 800 } });

  test('staff search, stop a bidder, change a number and add a bidder without a phone', async ({ page, request }) => {
    const { org, eventcode } = await setUp(request);
    await openConsole(page, { origin: org.origin, path: `/${eventcode}/console/bidders`, session: org.owner.session });
    await expect(page.getByTestId('bidders-table-row')).toHaveCount(3);
    await expectAccessible(page);
    await lookAt(page, 'bidders-1280');

    // Search by phone digits, then by number.
    await page.getByTestId('bidders-search').fill('(312) 555');
    await expect(page.getByTestId('bidders-table-row')).toHaveCount(1);
    await expect(row(page, 'Ann Lee')).toBeVisible();
    await page.getByTestId('bidders-search').fill('103');
    await expect(page.getByTestId('bidders-table-row')).toHaveCount(1);
    await expect(row(page, 'Cara Diaz')).toBeVisible();
    await page.getByTestId('bidders-search').fill('');
    await expect(page.getByTestId('bidders-table-row')).toHaveCount(3);

    // Stop Ann's bidding, confirmed first.
    await row(page, 'Ann Lee').getByTestId('bidder-stop').click();
    await expect(row(page, 'Ann Lee').getByText('Their phone will say they may no longer bid.')).toBeVisible();
    await row(page, 'Ann Lee').getByTestId('bidder-stop-confirm').click();
    await expect(page.getByTestId('bidders-notice')).toHaveText('Ann Lee may no longer bid.');
    await expect(row(page, 'Ann Lee').getByTestId('bidder-authorized')).toHaveText('Stopped');
    await expect(row(page, 'Ann Lee').getByTestId('bidder-allow')).toBeVisible();

    // Ann's number is refused for Bob, naming her; a new number is given.
    await row(page, 'Bob Stone').getByTestId('bidder-change-number').click();
    await row(page, 'Bob Stone').getByTestId('bidders-number-input').fill('101');
    await row(page, 'Bob Stone').getByTestId('bidders-number-save').click();
    await expect(row(page, 'Bob Stone').getByTestId('bidders-number-message')).toHaveText(
      'Bidder number 101 belongs to Ann Lee.',
    );
    await expectAccessible(page);
    await lookAt(page, 'bidders-number-refused-1280');
    await row(page, 'Bob Stone').getByTestId('bidders-number-input').fill('150');
    await row(page, 'Bob Stone').getByTestId('bidders-number-save').click();
    await expect(page.getByTestId('bidders-notice')).toHaveText('Bob Stone is now bidder 150.');
    await expect(row(page, 'Bob Stone').getByTestId('bidder-number')).toHaveText('150');

    // Another Ann Lee, without a phone: the look-alike warning, then added anyway.
    await page.getByTestId('bidders-add').click();
    await expect(page.getByTestId('add-number')).toHaveAttribute('placeholder', '151');
    await page.getByTestId('add-firstname').fill('Ann');
    await page.getByTestId('add-lastname').fill('Lee');
    await page.getByTestId('add-email').fill('ann.lee.senior@example.org');
    await page.getByTestId('bidders-add-submit').click();
    await expect(page.getByTestId('bidders-lookalike')).toContainText(
      'This looks like Ann Lee, already bidder 101 (ann.lee@example.org).',
    );
    await expectAccessible(page);
    await lookAt(page, 'bidders-lookalike-1280');
    await page.getByTestId('bidders-add-anyway').click();
    await expect(page.getByTestId('bidders-notice')).toHaveText('Ann Lee is bidder 151.');
    await expect(page.getByTestId('bidders-table-row')).toHaveCount(4);
    await expect(
      page
        .getByTestId('bidders-table-row')
        .filter({ hasText: 'ann.lee.senior@example.org' })
        .getByTestId('bidder-number'),
    ).toHaveText('151');
    await lookAt(page, 'bidders-added-1280');
  });
});

test.describe('at a tablet', () => {
  test.use({ ...DESKTOP, viewport: { width: 1024, height: 768 } });

  test('the list with a row being changed', async ({ page, request }) => {
    const { org, eventcode } = await setUp(request);
    await openConsole(page, { origin: org.origin, path: `/${eventcode}/console/bidders`, session: org.owner.session });
    await expect(page.getByTestId('bidders-table-row')).toHaveCount(3);
    await row(page, 'Cara Diaz').getByTestId('bidder-change-number').click();
    await expect(row(page, 'Cara Diaz').getByTestId('bidders-number-input')).toHaveValue('103');
    await expectAccessible(page);
    await lookAt(page, 'bidders-1024');
    await page.getByTestId('bidders-add').click();
    await expect(page.getByTestId('add-firstname')).toBeVisible();
    await lookAt(page, 'bidders-add-1024');
  });
});

test.describe('at a phone', () => {
  test('staff see cards with actions; a volunteer reads the list without them', async ({ page, browser, request }) => {
    const { org, eventcode, volunteer } = await setUp(request);
    await openConsole(page, { origin: org.origin, path: `/${eventcode}/console/bidders`, session: org.owner.session });
    await expect(page.getByTestId('bidders-table-row')).toHaveCount(3);
    await row(page, 'Ann Lee').getByTestId('bidder-send-link').click();
    await expect(page.getByTestId('bidders-notice')).toHaveText('A sign-in link was sent to ann.lee@example.org.');
    await expectAccessible(page);
    await lookAt(page, 'bidders-390');

    const context = await browser.newContext({ ...devices['iPhone 13'], viewport: { width: 390, height: 844 } });
    const reader = await context.newPage();
    await openConsole(reader, {
      origin: org.origin,
      path: `/${eventcode}/console/bidders`,
      session: volunteer.session,
    });
    await expect(reader.getByTestId('bidders-table-row')).toHaveCount(3);
    await expect(reader.getByTestId('bidder-stop')).toHaveCount(0);
    await expect(reader.getByTestId('bidders-add')).toHaveCount(0);
    await expectAccessible(reader);
    await lookAt(reader, 'bidders-volunteer-390');
    await context.close();
  });
});
