import { devices, expect, type Page, test } from './support/test';
import { emailedLink } from '../testkit/bidders';
import { eventDocument, timesAround } from '../testkit/documents';
import { importEvent, requestTransport, uniqueCode } from './support/api';
import { decodeQr } from './support/board-screen';
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
import { enterCard } from './support/payments';

/**
 * The check-in desk at a tablet: a volunteer finds a registered bidder by name and checks them in,
 * reads a check-in code through the scanner's typed box, adds a card at the desk and undoes a
 * check-in; then a walk-up by the form, whose emailed link signs them in and whose phone shows the
 * check-in code the desk scans. Screens at the tablet's and the phone's size.
 */
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

interface Setup {
  org: ConsoleOrganization;
  eventcode: string;
  volunteer: ConsoleStaffMember;
}

/** A new organization with an event and three bidders (101 Ann Lee, 102 Bob Stone, 103 Cara Diaz). */
async function setUp(request: Parameters<typeof newOrganization>[0]): Promise<Setup> {
  const org = await newOrganization(request, { name: 'Check-in Foundation', prefix: 'chk' });
  const eventcode = uniqueCode('cgala');
  await importEvent(
    request,
    eventDocument(timesAround(new Date(), { biddingcloses: 48, eventcloses: 72 }), {
      auctioncode: org.auctioncode,
      orgname: org.name,
      eventcode,
      eventname: 'Harvest Gala',
    }),
  );
  const people = [
    { firstname: 'Ann', lastname: 'Lee', email: `ann-${eventcode}@example.org`, cellphone: '312-555-0199' },
    { firstname: 'Bob', lastname: 'Stone', email: `bob-${eventcode}@example.org`, cellphone: '' },
    { firstname: 'Cara', lastname: 'Diaz', email: `cara-${eventcode}@example.org`, cellphone: '773-555-0123' },
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

const row = (page: Page, name: string) => page.getByTestId('checkin-row').filter({ hasText: name });

/** The page checked by axe and saved at the tablet's size and the phone's, back at the tablet's after. */
async function atBothSizes(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['tablet', TABLET],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectAccessible(page);
    await lookAt(page, `${name}-${size}`);
  }
  await page.setViewportSize(TABLET);
}

test.use({ ...DESKTOP, viewport: TABLET });

test('a volunteer checks in a registered bidder by search, by a code, adds a card and undoes one', async ({
  page,
  request,
}) => {
  const { org, eventcode, volunteer } = await setUp(request);
  await openConsole(page, { origin: org.origin, path: `/${eventcode}/console/checkin`, session: volunteer.session });
  await expect(page.getByTestId('count-checkedin')).toHaveText('0 of 3');
  await expect(page.getByTestId('checkin-empty')).toBeVisible();
  // The box is ready for the first guest: typing goes straight into it.
  await page.keyboard.type('cara');
  await expect(page.getByTestId('checkin-row')).toHaveCount(1);
  await expect(row(page, 'Cara Diaz').getByTestId('checkin-state')).toHaveText('Not checked in');
  await atBothSizes(page, 'checkin-found');

  await row(page, 'Cara Diaz').getByTestId('checkin-button').click();
  await expect(page.getByTestId('checkin-notice')).toHaveText('Cara Diaz is checked in as bidder 103.');
  await expect(page.getByTestId('count-checkedin')).toHaveText('1 of 3');
  await expect(page.getByTestId('checkin-search')).toHaveValue('');
  await expect(page.getByTestId('checkin-search')).toBeFocused();
  await expect(row(page, 'Cara Diaz').getByTestId('checkin-state')).toContainText('by Vera Volunteer');

  // No camera here: the scanner's box takes the code as a keyboard scanner types it, and Enter checks in the one found.
  await page.getByTestId('checkin-scan').click();
  await expect(page.getByTestId('qr-scanner-state')).toContainText('type');
  await atBothSizes(page, 'checkin-scanner');
  await page.getByTestId('qr-scanner-typed').fill('gavel-bidder:101');
  await page.getByTestId('qr-scanner-typed').press('Enter');
  await expect(page.getByTestId('checkin-search')).toHaveValue('gavel-bidder:101');
  await expect(page.getByTestId('checkin-row')).toHaveCount(1);
  await expect(row(page, 'Ann Lee')).toBeVisible();
  await page.getByTestId('checkin-search').press('Enter');
  await expect(page.getByTestId('checkin-notice')).toHaveText('Ann Lee is checked in as bidder 101.');
  await expect(page.getByTestId('count-checkedin')).toHaveText('2 of 3');

  // Bob has no card: he types it into the event's card form at the desk.
  await page.getByTestId('checkin-search').fill('bob');
  await expect(row(page, 'Bob Stone').getByTestId('checkin-card')).toHaveText('No card on file');
  await row(page, 'Bob Stone').getByTestId('checkin-add-card').click();
  await expect(page.getByTestId('card-dialog')).toBeVisible();
  await enterCard(page, '4242424242424242');
  // axe reads the card form's frame too: once, at the tablet's size.
  await expectAccessible(page);
  await lookAt(page, 'checkin-card-dialog-tablet');
  await page.setViewportSize(PHONE);
  await lookAt(page, 'checkin-card-dialog-phone');
  await page.setViewportSize(TABLET);
  await page.getByTestId('card-dialog-save').click();
  await expect(page.getByTestId('checkin-notice')).toHaveText(
    'Visa ending in 4242 is saved for Bob Stone (bidder 102).',
  );
  await expect(page.getByTestId('card-dialog')).toBeHidden();
  await expect(row(page, 'Bob Stone').getByTestId('checkin-card')).toHaveText('Visa ending in 4242');
  await expect(page.getByTestId('count-withcard')).toHaveText('1');

  // A check-in made by mistake: the latest check-ins show it, and Undo asks first.
  await page.getByTestId('checkin-search').fill('');
  await expect(page.getByTestId('checkin-row')).toHaveCount(2);
  await row(page, 'Cara Diaz').getByTestId('checkin-undo').click();
  await expect(row(page, 'Cara Diaz').getByRole('alertdialog')).toContainText("Undo Cara Diaz's check-in?");
  await atBothSizes(page, 'checkin-undo');
  await row(page, 'Cara Diaz').getByTestId('checkin-undo-confirm').click();
  await expect(page.getByTestId('checkin-notice')).toHaveText('Cara Diaz is no longer checked in.');
  await expect(page.getByTestId('count-checkedin')).toHaveText('1 of 3');
});

test('a walk-up by the form: a number, checked in, and the link signs them in to their check-in code', async ({
  page,
  browser,
  request,
}) => {
  const { org, eventcode, volunteer } = await setUp(request);
  await openConsole(page, { origin: org.origin, path: `/${eventcode}/console/checkin`, session: volunteer.session });
  await page.getByTestId('checkin-walkup').click();
  const email = `gus-${eventcode}@example.org`;
  await page.getByTestId('walkup-firstname').fill('Gus');
  await page.getByTestId('walkup-lastname').fill('Green');
  await page.getByTestId('walkup-email').fill(email);
  await page.getByTestId('walkup-cellphone').fill('312-555-0142');
  await page.getByTestId('walkup-cellphone').press('Enter');
  await expect(page.getByTestId('walkup-number')).toHaveText('104');
  await expect(page.getByTestId('walkup-message')).toHaveText(
    'Gus Green is bidder 104, checked in. A sign-in link was sent by email and text.',
  );
  // Ready for the next guest.
  await expect(page.getByTestId('walkup-firstname')).toHaveValue('');
  await expect(page.getByTestId('walkup-firstname')).toBeFocused();
  await expect(page.getByTestId('count-checkedin')).toHaveText('1 of 4');
  await expect(row(page, 'Gus Green').getByTestId('checkin-state')).toContainText('Checked in at');
  await atBothSizes(page, 'checkin-walkup');

  // Gus follows the emailed link on his phone: signed in, his email verified, his check-in code shown.
  const phone = await browser.newContext({ ...devices['iPhone 13'], viewport: PHONE });
  try {
    const bidder = await phone.newPage();
    const link = await emailedLink(requestTransport(request), email, '/auth/passwordlessLogin/');
    await bidder.goto(`${org.origin}${new URL(link).pathname}`);
    await expect(bidder.getByTestId('reset-password-account-page')).toBeVisible();
    await bidder.goto(`${org.origin}/${eventcode}/my-account`);
    const qr = bidder.getByTestId('checkin-code-qr');
    await expect(qr).toBeVisible();
    expect(await decodeQr(qr)).toBe('gavel-bidder:104');
    await expectAccessible(bidder);
    await lookAt(bidder, 'checkin-code-phone');
  } finally {
    await phone.close();
  }
});
