import { expect, test } from './support/test';
import { eventDocument, item } from '../testkit/documents';
import { importEvent, uniqueCode } from './support/api';
import { atEverySize, type ConsoleOrganization, lookAt, newOrganization, openConsole } from './support/console';
import { DESKTOP, expectAccessible } from './support/page';

// Issue 30, tax receipts: the owner fills the event's tax receipts settings and saves them; a new
// item must say how a payment for it is deductible (the form refuses it unchosen, never guessing).
test.use({ ...DESKTOP, timezoneId: 'America/Chicago', viewport: { width: 1280, height: 800 } });

const code = uniqueCode('tax');
let org: ConsoleOrganization;

test.beforeAll(async ({ request }) => {
  org = await newOrganization(request, { prefix: 'tax' });
  await importEvent(
    request,
    eventDocument(new Date(), {
      auctioncode: org.auctioncode,
      orgname: org.name,
      eventcode: code,
      items: [item('101', { name: 'Wine Tasting' })],
    }),
  );
});

test('the owner sets who gives the receipts, and a new item must choose how it is deductible', async ({ page }) => {
  await openConsole(page, { origin: org.origin, path: `/${code}/console/settings`, session: org.owner.session });
  const section = page.getByTestId('settings-tax');
  await expect(section).toBeVisible();
  await page.getByTestId('settings-legalname').fill('Riverbend Community Foundation, Inc.');
  await page.getByTestId('settings-taxid').fill('36=0000000');
  await page.getByTestId('settings-receiptaddress').fill('210 River Street\nRiverbend, IL 60614');
  await page
    .getByTestId('settings-receiptdisclosure')
    .fill('Riverbend Community Foundation is a 501(c)(3) tax-exempt organization.');
  await page.getByTestId('settings-save').click();
  await expect(page.locator('#f-taxid-error')).toContainText('must be letters, digits, spaces, dots, dashes');
  await page.getByTestId('settings-taxid').fill('36-0000000');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('settings-taxid')).toHaveValue('36-0000000');
  await expect(page.getByTestId('settings-receiptaddress')).toHaveValue('210 River Street\nRiverbend, IL 60614');
  await atEverySize(page, 'tax-settings');
  // The section itself, as a phone shows it (the whole form is long).
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await lookAt(page, 'tax-section-phone', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`${org.origin}/${code}/console/items/new`);
  await page.getByTestId('item-itemnum').fill('102');
  await page.getByTestId('item-name').fill('Sponsor a Classroom');
  await page.getByTestId('item-startingbid').fill('100');
  await page.getByTestId('item-fairmarketvalue').fill('0');
  await expect(page.getByTestId('item-deductible')).toHaveValue('');
  await page.getByTestId('item-save').click();
  await expect(page.locator('#f-deductible-error')).toHaveText(
    'must be chosen: how much of a payment for it is deductible',
  );
  await expect(page).toHaveURL(/\/items\/new$/);
  await lookAt(page, 'tax-item-unchosen');
  await page.getByTestId('item-deductible').selectOption('full');
  await page.getByTestId('item-save').click();
  await expect(page.getByTestId('item-saved')).toBeVisible();
  await expect(page).toHaveURL(/\/items\/102$/);
  await expect(page.getByTestId('item-deductible')).toHaveValue('full');
  await expectAccessible(page);
});
