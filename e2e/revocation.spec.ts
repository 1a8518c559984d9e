import { expect, test } from './support/test';
import { apiBidder, importEvent, testEvent, uniqueCode } from './support/api';
import { fill, openSignedIn, storedToken } from './support/page';

/**
 * Issue 15: a new password ends every earlier session of the account. Set while signed in, it
 * leaves the bidder signed in on this phone (the page signs in again) and signs out the others.
 */
const gala = uniqueCode('revoke');
const stamp = Date.now();

test.beforeAll(async ({ request }) => {
  await importEvent(request, testEvent(gala));
});

test('a new password set while signed in keeps this phone signed in and ends the old session', async ({
  page,
  request,
}) => {
  const bidder = await apiBidder(request, gala, `revoke-${stamp}@example.org`, 'Rita');
  await openSignedIn(page, `/${gala}/reset-password-account`, bidder.token);
  await expect(page.getByTestId('reset-password-account-page')).toBeVisible();
  await fill(page, 'new-password', 'a brand new password');
  await fill(page, 'confirm-password', 'a brand new password');
  await page.getByTestId('reset-submit').click();

  await expect(page.getByTestId('my-account-page')).toBeVisible();
  await expect(page.getByText('Password was reset successfully.')).toBeVisible();

  const fresh = await storedToken(page, gala);
  expect(fresh).toBeTruthy();
  expect(fresh).not.toBe(bidder.token);
  const asNew = await request.get('/api/userprofile', { headers: { authorization: `Bearer ${fresh}` } });
  expect(asNew.status()).toBe(200);
  const asOld = await request.get('/api/userprofile', { headers: { authorization: `Bearer ${bidder.token}` } });
  expect(asOld.status()).toBe(401);
  expect(await asOld.json()).toMatchObject({ status: 'expired' });

  // The old password no longer signs in; the new one does.
  const oldLogin = await request.post('/api/login', {
    data: { email: bidder.email, password: bidder.password, eventcode: gala },
  });
  expect(oldLogin.status()).toBe(401);
  const newLogin = await request.post('/api/login', {
    data: { email: bidder.email, password: 'a brand new password', eventcode: gala },
  });
  expect(newLogin.status()).toBe(200);
});
