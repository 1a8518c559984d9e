import { expect, test } from './support/test';
import { eventDocument, timesAround } from '../testkit/documents';
import { ADMIN_TOKEN, importEvent, requestTransport, uniqueCode } from './support/api';
import { atEverySize, consoleCall, consoleToken, invitationLink, newOrganization } from './support/console';
import { DESKTOP } from './support/page';
import { bearer, expectOk } from '../testkit/transport';
import { emailedLink, TEST_PASSWORD } from '../testkit/bidders';

test.use({ ...DESKTOP, viewport: { width: 1280, height: 800 } });

test('the owner joins by the mailed invitation, invites a volunteer, removes them; the log tells it all', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const auctioncode = uniqueCode('staff');
  const owneremail = `owner-${auctioncode}@example.org`;
  await expectOk(
    'creating the organization',
    requestTransport(request).post(
      '/api/admin/organizations',
      { auctioncode, name: 'Lakeside Arts Council', owneremail },
      bearer(ADMIN_TOKEN),
    ),
  );
  const eventcode = uniqueCode('gala');
  await importEvent(
    request,
    eventDocument(timesAround(new Date()), { auctioncode, orgname: 'Lakeside Arts Council', eventcode }),
  );

  // The owner follows the link from the dev mailbox and chooses a name and password.
  const link = await invitationLink(request, owneremail);
  const origin = new URL(link).origin;
  await page.goto(link);
  await expect(page.getByTestId('auth-title')).toHaveText('Welcome to Lakeside Arts Council');
  await expect(page.getByTestId('invitation-facts')).toContainText(owneremail);
  await atEverySize(page, 'invitation');
  await page.getByTestId('invitation-name').fill('Olive Owner');
  await page.getByTestId('invitation-password').fill(TEST_PASSWORD);
  await page.getByTestId('invitation-confirm').fill('not the same');
  await page.getByTestId('invitation-submit').click();
  await expect(page.getByTestId('invitation-message')).toHaveText('The two passwords do not match.');
  await page.getByTestId('invitation-confirm').fill(TEST_PASSWORD);
  await page.getByTestId('invitation-submit').click();
  await expect(page).toHaveURL(`${origin}/console`);
  await expect(page.getByTestId('console-who')).toContainText('Olive Owner');

  // The owner invites a volunteer from the staff page.
  await page.getByTestId('nav-staff').click();
  await expect(page).toHaveURL(`${origin}/console/staff`);
  const volunteerEmail = `vera-${auctioncode}@example.org`;
  await page.getByTestId('invite-email').fill(volunteerEmail);
  await page.getByTestId('invite-name').fill('Vera Volunteer');
  await page.getByTestId('invite-role').selectOption('volunteer');
  await page.getByTestId('invite-submit').click();
  await expect(page.getByTestId('staff-notice')).toHaveText(`We sent an invitation to ${volunteerEmail}.`);
  const veraRow = page.getByTestId('staff-table-row').filter({ hasText: volunteerEmail });
  await expect(veraRow).toContainText('Invited');
  await atEverySize(page, 'staff');

  // The volunteer accepts on a phone, signs out and in again, and sees no staff-only menu entries.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const vera = await phone.newPage();
  await vera.goto(await invitationLink(request, volunteerEmail));
  await expect(vera.getByTestId('invitation-name')).toHaveValue('Vera Volunteer');
  await vera.getByTestId('invitation-password').fill(TEST_PASSWORD);
  await vera.getByTestId('invitation-confirm').fill(TEST_PASSWORD);
  await vera.getByTestId('invitation-submit').click();
  await expect(vera.getByTestId('console-who')).toContainText('Volunteer');
  await vera.getByTestId('console-signout').click();
  await expect(vera.getByTestId('signin-form')).toBeVisible();
  await atEverySize(vera, 'signin');
  await vera.getByTestId('signin-email').fill(volunteerEmail);
  await vera.getByTestId('signin-password').fill('a wrong password');
  await vera.getByTestId('signin-submit').click();
  await expect(vera.getByTestId('signin-message')).toHaveText('The email or password is incorrect.');
  await vera.getByTestId('signin-password').fill(TEST_PASSWORD);
  await vera.getByTestId('signin-submit').click();
  await expect(vera.getByTestId('console-who')).toBeVisible();
  await vera.goto(`${origin}/${eventcode}/console/bidders`);
  await vera.getByTestId('console-menu').click();
  await expect(vera.getByTestId('nav-bidders')).toBeVisible();
  for (const hidden of [
    'nav-staff',
    'nav-org-audit',
    'nav-settings',
    'nav-import',
    'nav-store',
    'nav-board',
    'nav-audit',
  ])
    await expect(vera.getByTestId(hidden)).toHaveCount(0);
  await vera.goto(`${origin}/console/staff`);
  await expect(vera.getByTestId('role-needed')).toHaveText('Only an owner of this organization may do this.');

  // The owner removes her; her next call signs her out.
  await page.reload();
  await expect(veraRow).toContainText('Active');
  await veraRow.getByTestId('staff-remove').click();
  await expect(page.getByTestId('staff-confirm')).toContainText('Vera Volunteer');
  await page.getByTestId('staff-confirm-remove').click();
  await expect(page.getByTestId('staff-notice')).toHaveText('Vera Volunteer was removed from the staff.');
  await expect(veraRow).toHaveCount(0);
  await vera.goto(`${origin}/${eventcode}/console/bidders`);
  await expect(vera.getByTestId('signin-form')).toBeVisible();
  await phone.close();

  // The audit screen lists it all, newest first, with what changed.
  await page.goto(`${origin}/console/audit`);
  const summaries = page.getByTestId('audit-summary');
  await expect(summaries.first()).toHaveText('Removed Vera Volunteer (' + volunteerEmail + ') from the staff');
  await expect(summaries).toContainText([
    `Removed Vera Volunteer (${volunteerEmail}) from the staff`,
    `Vera Volunteer accepted the invitation (${volunteerEmail}, volunteer)`,
    `Invited ${volunteerEmail} as volunteer`,
    `Olive Owner accepted the invitation (${owneremail}, owner)`,
    `Created the organization Lakeside Arts Council (${auctioncode}) and invited ${owneremail} as its owner`,
  ]);
  await page.getByTestId('audit-entry').first().locator('summary').click();
  await expect(page.getByTestId('audit-entry').first()).toContainText('volunteer');
  await atEverySize(page, 'audit');
  await page.getByTestId('audit-kind').selectOption('staff.invite');
  await expect(summaries).toHaveText([`Invited ${volunteerEmail} as volunteer`]);
  await page.getByTestId('audit-person').selectOption({ label: 'Vera Volunteer' });
  await expect(page.getByTestId('audit-empty')).toBeVisible();
});

test('a sign-in link and a new password through the emailed links', async ({ page, request }) => {
  const org = await newOrganization(request);
  await page.goto(`${org.origin}/console`);
  await page.getByTestId('signin-use-link').click();
  await page.getByTestId('signin-email').fill(org.owner.email);
  await page.getByTestId('signin-send').click();
  await expect(page.getByTestId('signin-sent')).toContainText('If that email belongs to the staff');
  await page.goto(await emailedLink(requestTransport(request), org.owner.email, '/console/signin/'));
  await expect(page).toHaveURL(`${org.origin}/console`);
  await expect(page.getByTestId('console-who')).toContainText('Olive Owner');
  const before = await consoleToken(request, { origin: org.origin, email: org.owner.email, password: TEST_PASSWORD });

  await page.getByTestId('console-signout').click();
  await page.getByTestId('signin-forgot').click();
  await page.getByTestId('signin-email').fill(org.owner.email);
  await page.getByTestId('signin-send').click();
  await expect(page.getByTestId('signin-sent')).toBeVisible();
  await page.goto(await emailedLink(requestTransport(request), org.owner.email, '/console/reset/'));
  await expect(page.getByTestId('reset-form')).toBeVisible();
  await atEverySize(page, 'reset');
  await page.getByTestId('reset-password').fill('a new console password');
  await page.getByTestId('reset-confirm').fill('a new console password');
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(`${org.origin}/console`);
  await expect(page.getByTestId('console-who')).toBeVisible();
  // Every session from before the new password has ended.
  const old = await consoleCall(request, { origin: org.origin, method: 'GET', path: '/api/console/me', token: before });
  expect(old.status).toBe(401);

  // A used link says so, and offers the way back.
  await page.goto(`${org.origin}/console/signin/not-a-real-link`);
  await expect(page.getByTestId('signin-link-problem')).toHaveText(
    'This sign-in link has expired. Please ask for a new one.',
  );
});
