import { expect, test } from './support/test';
import { apiBidder, emailedLink, importEvent, testEvent, uniqueCode, uniqueEmail } from './support/api';
import { expectAccessible, fill, openSignedIn, storedToken } from './support/page';

const code = uniqueCode('acct');

test.beforeAll(async ({ request }) => {
  await importEvent(request, testEvent(code));
});

test('a new bidder joins, creates an account, verifies by email, completes setup and lands on welcome', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('new');
  await page.goto(`/${code}`);
  await fill(page, 'join-email', email);
  await page.getByTestId('join-button').click();
  await expect(page.getByTestId('create-account-page')).toBeVisible();
  await expect(page.getByTestId('create-email')).toHaveText(email);
  await expectAccessible(page);
  await fill(page, 'create-password', 'correct horse');
  await fill(page, 'create-confirm', 'correct horsee');
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('create-error')).toHaveText('Passwords do not match');
  await fill(page, 'create-confirm', 'correct horse');
  await page.getByTestId('create-submit').click();

  await expect(page.getByTestId('verify-email-page')).toBeVisible();
  await expect(page.getByText('We just emailed')).toBeVisible();
  await expect(page.getByTestId('verify-email-address')).toHaveText(email);
  await expect(page.getByText('Click the Verify Email Address button in the email to continue.')).toBeVisible();
  await expectAccessible(page);

  await page.goto(await emailedLink(request, email, '/verify/'));
  await expect(page.getByTestId('setup-page')).toBeVisible();
  await page.getByTestId('setup-next').click();
  await expect(page.getByTestId('firstname-error')).toHaveText('First name is required.');
  await expect(page.getByTestId('lastname-error')).toHaveText('Last name is required.');
  await expect(page.getByTestId('zip-error')).toHaveText('Zip code is required.');
  await fill(page, 'firstname', 'Nina');
  await fill(page, 'lastname', 'Okafor');
  await fill(page, 'zip', '60601');
  await page.getByTestId('setup-next').click();
  await expect(page.getByTestId('notification-matrix')).toBeVisible();
  await expectAccessible(page);
  await fill(page, 'cellphone', '3125550188');
  // On a loaded machine a tap of Next once left no dialog (a retry in CI; not reproduced, see the
  // closing note of issue 30): tap again only while the dialog has not shown, as a bidder would.
  const optIn = page.getByRole('dialog', { name: 'Text Messaging Opt-In' });
  await expect(async () => {
    if (!(await optIn.isVisible())) await page.getByTestId('setup-next').click();
    await expect(optIn).toContainText('Are you sure you sure you want to proceed?', { timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId('proceed-without-texts').click();
  await page.getByTestId('state').selectOption('IL');
  await page.getByTestId('setup-finish').click();

  await expect(page.getByTestId('welcome-page')).toBeVisible();
  await expect(page.getByTestId('welcome-name')).toHaveText('Welcome, Nina Okafor');
  await expect(page.getByTestId('bidder-number')).toContainText('Bidder #');
  await expectAccessible(page);
});

test('a returning bidder signs in; a wrong password says so', async ({ page, request }) => {
  const bidder = await apiBidder(request, code, uniqueEmail('back'), 'Omar');
  await page.goto(`/${code}`);
  await fill(page, 'join-email', bidder.email);
  await page.getByTestId('join-button').click();
  await expect(page.getByTestId('login-page')).toBeVisible();
  await fill(page, 'login-password', 'not the password');
  await page.getByTestId('sign-in').click();
  await expect(page.getByTestId('login-error')).toHaveText('Error : The email or password is incorrect.');
  await fill(page, 'login-password', bidder.password);
  await page.getByTestId('sign-in').click();
  await expect(page.getByTestId('welcome-name')).toHaveText('Welcome, Omar Bidder');
});

test('a forgotten password is reset by the emailed link, which ends the older login link, and a login link signs in once', async ({
  page,
  request,
}) => {
  const bidder = await apiBidder(request, code, uniqueEmail('forgot'), 'Pat');
  await page.goto(`/${code}`);
  await fill(page, 'join-email', bidder.email);
  await page.getByTestId('join-button').click();
  await page.getByTestId('forgot-password').click();
  await page.getByTestId('login-via-email').click();
  await expect(page.getByTestId('reset-password-email-page')).toBeVisible();

  await page.goto(await emailedLink(request, bidder.email, '/auth/resetPassword/'));
  await fill(page, 'new-password', 'a brand new pass');
  await fill(page, 'confirm-password', 'a brand new pas');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-by-link-page')).toBeVisible();
  await fill(page, 'confirm-password', 'a brand new pass');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Password was reset successfully.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${code}$`));
  const login = await request.post('/api/login', {
    data: { email: bidder.email, password: 'a brand new pass', eventcode: code },
  });
  expect(login.ok()).toBe(true);

  // The sign-in link mailed with the reset link was ended by the reset (issue 15): a new one is asked for.
  const oldLink = await emailedLink(request, bidder.email, '/auth/passwordlessLogin/');
  await page.goto(oldLink);
  await expect(page.getByTestId('link-message')).toHaveText('This login link has expired. Please ask for a new one.');
  expect((await request.post('/api/forgotpassword', { data: { email: bidder.email, eventcode: code } })).ok()).toBe(
    true,
  );
  let loginLink = oldLink;
  for (let i = 0; i < 50 && loginLink === oldLink; i++)
    loginLink = await emailedLink(request, bidder.email, '/auth/passwordlessLogin/');
  expect(loginLink).not.toBe(oldLink);
  await page.evaluate(() => localStorage.clear());
  await page.goto(loginLink);
  await expect(page.getByTestId('welcome-name')).toHaveText('Welcome, Pat Bidder');
  await page.evaluate(() => localStorage.clear());
  await page.goto(loginLink);
  await expect(page.getByTestId('link-message')).toHaveText(
    'This login link has already been used. Please ask for a new one.',
  );
});

test('a guest browses, and Log In to Bid returns to the event page', async ({ page, request }) => {
  await importEvent(request, testEvent(code));
  await page.goto(`/${code}`);
  await page.getByTestId('guest-link').click();
  await expect(page.getByTestId('items-page')).toBeVisible();
  await expect(page.getByTestId('items-page').getByTestId('guest-logout')).toBeVisible();
  await page.getByTestId('item-card').first().click();
  await expect(page.getByTestId('place-bid')).toHaveCount(0);
  await page.getByTestId('login-to-bid').click();
  await expect(page).toHaveURL(new RegExp(`/${code}$`));
  expect(await storedToken(page, code)).toBeNull();
});

test('logout clears the session, and an expired session goes back to the event page', async ({ page, request }) => {
  const bidder = await apiBidder(request, code, uniqueEmail('out'), 'Lee');
  await openSignedIn(page, `/${code}/my-account`, bidder.token);
  await expect(page.getByTestId('my-account-page')).toBeVisible();
  await expectAccessible(page);
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(new RegExp(`/${code}$`));
  expect(await storedToken(page, code)).toBeNull();
  await page.goto(`/${code}/my-account`);
  await expect(page).toHaveURL(new RegExp(`/${code}$`));
});

test('profile and notifications are saved with the spec messages', async ({ page, request }) => {
  const bidder = await apiBidder(request, code, uniqueEmail('prof'), 'Kim');
  await openSignedIn(page, `/${code}/account-profile`, bidder.token);
  await fill(page, 'firstname', '');
  await page.getByTestId('save-profile').click();
  await expect(page.getByTestId('firstname-error')).toHaveText('Firstname is invalid.');
  await fill(page, 'firstname', 'Kim');
  await fill(page, 'cellphone', '555-01');
  await page.getByTestId('save-profile').click();
  await expect(page.getByTestId('cellphone-error')).toHaveText('Phone number is invalid.');
  await fill(page, 'cellphone', '3125550123');
  await expect(page.getByTestId('cellphone').locator('input')).toHaveValue('(312) 555-0123');
  await page.getByTestId('allowtexting').click();
  await page.getByTestId('save-profile').click();
  await expect(page.getByText('Successfully saved your profile.')).toBeVisible();
  await expect(page.getByTestId('my-account-page')).toBeVisible();
  const profile = await (
    await request.get('/api/userprofile', { headers: { authorization: `Bearer ${bidder.token}` } })
  ).json();
  expect(profile).toMatchObject({ cellphone: '3125550123', allowtexting: true });

  await page.getByTestId('notifications-link').click();
  await page.getByTestId('notify-1-email').click();
  await page.getByTestId('save-notifications').click();
  await expect(page.getByText('Successfully saved your notifications.')).toBeVisible();
  const after = await (
    await request.get('/api/userprofile', { headers: { authorization: `Bearer ${bidder.token}` } })
  ).json();
  expect(after.notifications[0].flags.email).toBe(false);

  // Bid Anonymously saves as soon as it is switched.
  await page.goto(`/${code}/my-account`);
  await page.getByTestId('anonymous-toggle').click();
  await expect(page.getByText('Successfully saved your profile.').last()).toBeVisible();
  await expect
    .poll(
      async () =>
        (await (await request.get('/api/userprofile', { headers: { authorization: `Bearer ${bidder.token}` } })).json())
          .bidanonymously,
    )
    .toBe(true);
});

test('a session whose token expires while open is logged out and sent to the event page', async ({ page, request }) => {
  const bidder = await apiBidder(request, code, uniqueEmail('exp'), 'Ida');
  const claims = JSON.parse(Buffer.from(bidder.token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const { SignJWT } = await import('jose');
  const shortLived = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) + 4 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode('e2e-jwt-secret-0123456789abcdefghijklmnopqrstuv'));
  await openSignedIn(page, `/${code}/my-account`, shortLived);
  await expect(page.getByTestId('my-account-page')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${code}$`), { timeout: 15_000 });
  expect(await storedToken(page, code)).toBeNull();
});

test('order history opens from the menu with its empty state', async ({ page, request }) => {
  const bidder = await apiBidder(request, code, uniqueEmail('orders'), 'Ora');
  await openSignedIn(page, `/${code}/welcome`, bidder.token);
  await page.getByTestId('welcome-page').getByTestId('menu-button').click();
  await page.getByTestId('menu-orders').click();
  await expect(page.getByTestId('orders-empty')).toContainText('You have no completed purchases.');
  await expect(page.getByTestId('orders-empty')).toContainText(
    'After checkout, your purchase history will be displayed here.',
  );
  await expectAccessible(page);
});
