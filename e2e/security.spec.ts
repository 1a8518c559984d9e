import { expect, test } from './support/test';
import { emailedLink, importEvent, testEvent, uniqueCode, uniqueEmail } from './support/api';
import { expectAccessible, fill, lookAt } from './support/page';

const code = uniqueCode('claim');

test.beforeAll(async ({ request }) => {
  await importEvent(request, testEvent(code));
});

/**
 * Security finding 1 end to end: someone creates an account on the owner's email with a password
 * of their own; the owner opens the verification link on their phone, is told the account is now
 * theirs alone, chooses a password and carries on. The other person's session and password no
 * longer work.
 */
test('an owner claims an account someone else created on their email, by the verify link', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('owner');
  const created = await request.post('/api/create', {
    data: { email, password: 'attacker chose this', eventcode: code },
  });
  expect(created.status()).toBe(200);
  const attackerToken = ((await created.json()) as { token: string }).token;

  await page.goto(await emailedLink(request, email, '/verify/'));
  await expect(page.getByTestId('reset-password-account-page')).toBeVisible();
  await expect(page.getByTestId('choose-password-intro')).toContainText('this account is now yours alone');
  await expectAccessible(page);
  await lookAt(page, 'claim-choose-password');
  await fill(page, 'new-password', 'owner chose this');
  await fill(page, 'confirm-password', 'owner chose this');
  await page.getByTestId('reset-submit').click();
  // On to where the link led: setting up the new bidder account.
  await expect(page.getByTestId('setup-page')).toBeVisible();

  const old = await request.get('/api/userprofile', { headers: { authorization: `Bearer ${attackerToken}` } });
  expect(old.status()).toBe(401);
  const attacker = await request.post('/api/login', {
    data: { email, password: 'attacker chose this', eventcode: code },
  });
  expect(attacker.status()).toBe(401);
  const owner = await request.post('/api/login', { data: { email, password: 'owner chose this', eventcode: code } });
  expect(owner.status()).toBe(200);
});
