import { expect, test } from './support/test';
import { registrationMessages as words } from '@gavel/domain';
import { mailbox } from '../testkit/bidders';
import { emailedLink, requestTransport, uniqueCode } from './support/api';
import { expectAccessible, lookAt } from './support/page';
import { buyer, expectTab, fillBilling, importStore, itemNamed, openStore, takeUnits } from './support/store';
import { fullName, guestEmail, openPurchaserLink, saveNewGuest, tableStore } from './support/registration';

// The event's time and place (issue 26, item 14) where a guest meets them: the store's landing
// page, the ticket receipt, the guest's email and the guest's own page. And the receipt a charity
// sends (item 15): its order number, time of payment, contact and the lines as a table.

const VENUE = {
  name: 'The Grand Ballroom',
  address: 'Riverbend Hotel\n210 River Street\nRiverbend, IL 60601',
  starts: '2026-12-05T19:00:00-06:00',
  ends: '2026-12-05T23:00:00-06:00',
};
const WHEN = 'When:  Saturday, December 5, 2026\n       7:00 PM – 11:00 PM CST';
const CONTACT = { organizationphone: '(312) 555-0142', organizationemail: 'gala@riverbend.example.org' };

test("the store's landing page shows when and where the event is, and nothing of it once the venue is removed", async ({
  page,
  request,
}) => {
  const code = uniqueCode('venue');
  await importStore(request, code, tableStore(), { venue: VENUE });
  await page.goto(`/${code}/event`);
  const venue = page.getByTestId('event-venue');
  await expect(venue).toBeVisible();
  await expect(venue.getByTestId('venue-when').locator('span')).toHaveText([
    'Saturday, December 5, 2026',
    '7:00 PM – 11:00 PM CST',
  ]);
  await expect(venue.getByTestId('venue-when')).toHaveAttribute('datetime', '2026-12-06T01:00:00.000Z');
  await expect(venue.getByTestId('venue-where').locator('strong, span')).toHaveText([
    'The Grand Ballroom',
    'Riverbend Hotel',
    '210 River Street',
    'Riverbend, IL 60601',
  ]);
  // Under the event's name, above the buttons.
  const header = await page.getByTestId('store-header').boundingBox();
  const box = await venue.boundingBox();
  expect(header && box && box.y > header.y).toBe(true);
  await expectAccessible(page);
  await lookAt(page, 'venue-landing');

  await importStore(request, code, tableStore());
  await page.reload();
  await expect(page.getByTestId('store-header')).toBeVisible();
  await expect(page.getByTestId('event-venue')).toHaveCount(0);
});

test("a guest's email and page say when and where; the ticket receipt has the venue, the order's number, time, contact and a table of its lines", async ({
  page,
  request,
}) => {
  const code = uniqueCode('venueguest');
  const table = itemNamed(
    await importStore(request, code, tableStore(), { venue: VENUE, ...CONTACT }),
    'Table of Eight',
  ).id;
  const ann = buyer('Ann');
  await openStore(page, code);
  await takeUnits(page, table, 1);
  await page.getByTestId('store-tab-Cart').click();
  await expectTab(page, 'Cart');
  await page.getByTestId('payment-method').selectOption('BILLME');
  await fillBilling(page, ann);
  await page.getByTestId('checkout-button').click();
  await page.getByTestId('store-summary-continue').click();
  await expectTab(page, 'Registration');

  await openPurchaserLink(page, request, ann);
  const bo = { first: 'Bo', last: 'Diaz', email: guestEmail('Bo'), meal: 'Fish' } as const;
  await saveNewGuest(page, 2, bo);

  await page.goto(await emailedLink(request, bo.email, 'guestregistration'));
  await expect(page.getByTestId('guest-welcome')).toHaveText(words.guestWelcome(fullName(bo)));
  const venue = page.getByTestId('event-venue');
  await expect(venue.getByTestId('venue-when').locator('span')).toHaveText([
    'Saturday, December 5, 2026',
    '7:00 PM – 11:00 PM CST',
  ]);
  await expect(venue.getByTestId('venue-where')).toContainText('The Grand Ballroom');
  await expect(venue.getByTestId('venue-where')).toContainText('Riverbend, IL 60601');
  await expectAccessible(page);
  await lookAt(page, 'venue-guest-page');

  const mails = await mailbox(requestTransport(request));
  const invite = mails.find((m) => m.to === bo.email);
  expect(invite?.text).toContain(`${WHEN}\nWhere: The Grand Ballroom`);
  const receipt = mails.find((m) => m.to === ann.email && m.subject.startsWith('Your receipt'));
  const order = /\(order (S-\d+)\)$/.exec(receipt?.subject ?? '')?.[1] ?? 'none';
  expect(receipt?.text).toContain(`Order number: ${order}\nOrdered:      `);
  expect(receipt?.text).toContain(
    'Organization: Riverbend Community Foundation\nContact:      (312) 555-0142\n              gala@riverbend.example.org',
  );
  expect(receipt?.text).toMatch(/\ntable8 +Table of Eight +1 +\$1,200\.00\n/);
  expect(receipt?.text).toContain(WHEN);

  // How the two mails look on a phone.
  await page.setContent(receipt?.html ?? '');
  const lines = page.locator('table:has(thead) tbody');
  await expect(lines.locator('tr')).toHaveCount(1);
  await expect(lines.locator('td')).toHaveText(['table8', 'Table of Eight', '1', '$1,200.00']);
  await lookAt(page, 'venue-receipt-mail');
  await page.setContent(invite?.html ?? '');
  await lookAt(page, 'venue-guest-mail');
});
