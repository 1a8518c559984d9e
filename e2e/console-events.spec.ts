import { expect, test } from './support/test';
import { eventDocument, item, timesAround } from '../testkit/documents';
import { importEvent, uniqueCode } from './support/api';
import { addStaff, atEverySize, type ConsoleOrganization, newOrganization, openConsole } from './support/console';
import { DESKTOP } from './support/page';

// Issue 28: an owner sets up events without JSON. They create an event, open its bidding, change a
// setting that a bidder's phone then shows, copy last year's event (items and store, no bids) and
// archive it; the board's settings show what the board will show. A volunteer sees the list only.
test.use({ ...DESKTOP, timezoneId: 'America/Chicago', viewport: { width: 1280, height: 800 } });
test.describe.configure({ mode: 'serial' });

const lastYear = uniqueCode('gala');
const fresh = uniqueCode('fair');
const copy = uniqueCode('gala27');
let org: ConsoleOrganization;

test.beforeAll(async ({ request }) => {
  org = await newOrganization(request, { prefix: 'evt' });
  await importEvent(
    request,
    eventDocument(
      timesAround(new Date(), { eventopens: -48, biddingopens: -47, biddingcloses: -26, eventcloses: -24 }),
      {
        auctioncode: org.auctioncode,
        orgname: org.name,
        eventcode: lastYear,
        eventname: 'Riverbend Spring Gala',
        items: [item('101', { name: 'Wine Tasting' }), item('102', { name: 'Signed Ball' }), item('103')],
      },
    ),
  );
});

test('the owner creates an event, opens its bidding, and a setting reaches the bidder app', async ({ page }) => {
  await openConsole(page, { origin: org.origin, path: '/console', session: org.owner.session });
  await expect(page.getByTestId('event-card')).toHaveCount(1);
  await page.getByTestId('event-new').click();
  await expect(page.getByTestId('event-form')).toBeVisible();
  await atEverySize(page, 'events-new');
  await page.getByTestId('event-code').fill(fresh);
  await page.getByTestId('event-name').fill('Riverbend Fall Fair');
  // Bidding that closes before it opens is refused at its field.
  await page.getByTestId('event-biddingcloses').fill('2020-01-01T10:00');
  await page.getByTestId('event-create').click();
  await expect(page.locator('#f-biddingcloses-error')).toHaveText('Bidding must close after it opens.');
  const opens = await page.getByTestId('event-biddingopens').inputValue();
  await page.getByTestId('event-biddingcloses').fill(`${opens.slice(0, 10)}T21:00`);
  await page.getByTestId('event-create').click();

  await expect(page).toHaveURL(new RegExp(`/${fresh}/console$`));
  await expect(page.getByTestId('console-event-title')).toHaveText('Riverbend Fall Fair');
  await expect(page.getByTestId('event-state')).toHaveText('Not open yet');
  await expect(page.getByTestId('count-items')).toHaveText('0');
  await page.getByTestId('open-bidding').click();
  await page.getByTestId('open-bidding-confirm').click();
  await expect(page.getByTestId('event-state')).toHaveText('Bidding open');
  await atEverySize(page, 'overview');

  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('settings-form')).toBeVisible();
  await page.getByTestId('settings-eventname').fill('Riverbend Fall Fair 2026');
  await page.getByTestId('settings-homemessage').fill('<p>Welcome to the <b>fair</b>!<script>alert(1)</script></p>');
  await page.getByTestId('settings-feepercent').fill('50');
  await page.getByTestId('settings-save').click();
  await expect(page.locator('#f-ccfeespercent-error')).toHaveText('must be at most 20');
  await page.getByTestId('settings-feepercent').fill('3.5');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-saved')).toBeVisible();
  await page.getByText('Preview of the saved message').nth(1).click();
  await expect(page.getByTestId('preview-homemessage')).toHaveText('Welcome to the fair!');
  await expect(page.getByTestId('console-event-title')).toHaveText('Riverbend Fall Fair 2026');
  await atEverySize(page, 'settings');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${org.origin}/${fresh}`);
  await expect(page.getByTestId('event-name')).toHaveText('Riverbend Fall Fair 2026');
  await expect(page.getByTestId('event-message')).toHaveText('Welcome to the fair!');
});

test("the owner copies last year's event with its items, then archives the copy", async ({ page }) => {
  await openConsole(page, { origin: org.origin, path: '/console', session: org.owner.session });
  const source = page.locator(`[data-testid="event-card"][data-key="${lastYear}"]`);
  await source.getByTestId('event-copy').click();
  await expect(page.getByTestId('event-name')).toHaveValue('Riverbend Spring Gala');
  await page.getByTestId('event-code').fill(copy);
  await page.getByTestId('event-name').fill('Riverbend Spring Gala 2027');
  await page.getByTestId('event-create').click();
  await expect(page).toHaveURL(new RegExp(`/${copy}/console$`));
  await expect(page.getByTestId('count-items')).toHaveText('3');
  await expect(page.getByTestId('count-bids')).toHaveText('0');

  await page.getByTestId('nav-events').click();
  await expect(page.getByTestId('event-card')).toHaveCount(3);
  await atEverySize(page, 'events');
  const copied = page.locator(`[data-testid="event-card"][data-key="${copy}"]`);
  await copied.getByTestId('event-archive').click();
  await expect(copied).toHaveCount(0);
  await page.getByTestId('events-show-archived').check();
  await expect(copied).toContainText('Archived');
  await expect(copied.getByTestId('event-archive')).toHaveText('Unarchive');
});

test('the board settings show what the board will show; a volunteer sees the list only', async ({ page, request }) => {
  await openConsole(page, { origin: org.origin, path: `/${fresh}/console/board`, session: org.owner.session });
  await page.getByTestId('board-goal').fill('5000');
  await page.getByTestId('board-message').fill('Thank you, Riverbend!');
  await expect(page.getByTestId('board-preview')).toContainText('Goal $5,000.00');
  await expect(page.getByTestId('board-preview')).toContainText('Thank you, Riverbend!');
  await page.getByTestId('board-save').click();
  await expect(page.getByTestId('board-saved')).toBeVisible();
  await expect(page.getByTestId('board-goal')).toHaveValue('5000');
  await atEverySize(page, 'board');

  const volunteer = await addStaff(request, { origin: org.origin, ownerToken: org.owner.token, role: 'volunteer' });
  const other = await page.context().newPage();
  await openConsole(other, { origin: org.origin, path: '/console', session: volunteer.session });
  await expect(other.getByTestId('event-card')).toHaveCount(2);
  await expect(other.getByTestId('event-new')).toHaveCount(0);
  await expect(other.getByTestId('event-copy')).toHaveCount(0);
  await other.goto(`${org.origin}/${fresh}/console/settings`);
  await expect(other.getByTestId('role-needed')).toBeVisible();
});
