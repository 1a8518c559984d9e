import { expect, test } from './support/test';
import { atEverySize, lookAt, newOrganization, openConsole } from './support/console';
import { DESKTOP } from './support/page';

/**
 * The owner's text messages screen: with no account anywhere (the e2e server has no TWILIO_*),
 * texts stay in the dev mailbox; the owner saves the organization's own Twilio account and sees it
 * in use, the token kept but never shown. A bad number is refused where it was typed.
 */
test.use({ ...DESKTOP, viewport: { width: 1280, height: 800 } });

test('the owner sets the organization’s Twilio account and sees it in use', async ({ page, request }) => {
  const org = await newOrganization(request, { prefix: 'txt' });
  await openConsole(page, { origin: org.origin, path: '/console/texting', session: org.owner.session });
  await expect(page.getByTestId('texting-inuse')).toHaveText(/None: texts are kept in the development mailbox/);
  await expect(page.getByTestId('texting-count-dev')).toHaveText('0');
  await expect(page.getByTestId('texting-optouts')).toContainText('Nobody has opted out.');

  await page.getByTestId('texting-accountsid').fill(`AC${'0123456789abcdef'.repeat(2)}`);
  await page.getByTestId('texting-authtoken').fill('fedcba9876543210'.repeat(2));
  await page.getByTestId('texting-fromnumber').fill('312 555 0199');
  await page.getByTestId('texting-helpcontact').fill('(312) 555-0123');
  await page.getByTestId('texting-save').click();
  await expect(page.locator('#f-fromnumber-error')).toHaveText(
    'Give the number in international form, such as +13125550199.',
  );
  await lookAt(page, 'texting-refused');

  await page.getByTestId('texting-fromnumber').fill('+13125550199');
  await page.getByTestId('texting-save').click();
  await expect(page.getByTestId('texting-saved')).toBeVisible();
  await expect(page.getByTestId('texting-inuse')).toHaveText('This organization’s own Twilio account');
  // The token is kept, never shown again: the field is empty and says it is set.
  await expect(page.getByTestId('texting-authtoken')).toHaveValue('');
  await expect(page.locator('#f-authtoken-hint')).toContainText('Saved (never shown)');
  await atEverySize(page, 'texting');
});
