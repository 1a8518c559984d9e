import { expect, test, type Page } from './support/test';
import { GUEST_LIST_SEPARATOR, registrationMessages as words, storeMessages } from '@gavel/domain';
import { emailedLink, uniqueCode } from './support/api';
import { expectAccessible, fill } from './support/page';
import { expectDisabled, expectTab, storedCart } from './support/store';
import {
  answersOf,
  buyTable,
  fullName,
  guestEmail,
  guestField,
  guestInput,
  lockSeat,
  openPurchaserLink,
  openSeat,
  saveNewGuest,
  seatingList,
  seatNames,
  seatOf,
  seatRow,
  tableBought,
  typeGuest,
} from './support/registration';

// Guest registration after a store purchase (issue 12): a Table of Eight bought with Bill Me, its
// eight seats on the store's Registration tab and on the purchaser's emailed page, the Edit Guest
// Information dialog with a field of every control, renaming the group, seats the organizer
// locks, a guest's own emailed page, moving a person to another seat, and accessibility.

/** The PUT a save or rename sends, caught as the page sends it. */
const answerTo = (page: Page, path: string) =>
  page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/${path}`);

test("a Table of Eight bought with Bill Me: the Registration tab lists eight guests, a guest is named there, and Finish asks 'Complete Registration' before leaving", async ({
  page,
  request,
}) => {
  const code = uniqueCode('regtab');
  const ann = await buyTable(page, request, code);
  const purchaser = fullName(ann);

  await expect(page.getByTestId('store-registration')).toContainText('1 × Table of Eight');
  await expect(page.getByTestId('registration-method')).toHaveText('Bill Me');
  await expect(page.getByTestId('group-name')).toHaveText('Table of Eight');
  await expect(seatNames(page)).toHaveText([purchaser, ...Array<string>(7).fill(words.guestOf(purchaser))]);

  // The tab edits with the checked-out cart's token, as the purchaser's page does with the link's.
  await saveNewGuest(page, 2, { first: 'Cy', last: 'Ortiz', meal: 'Chicken' });
  expect((await seatOf(request, code, 2)).guestname).toBe('Cy Ortiz');

  // Finish asks first; Cancel stays on the tab, Ok forgets the cart and goes to the event's store.
  await page.getByTestId('finish-button').click();
  const complete = page.getByTestId('complete-dialog');
  await expect(complete.getByRole('heading')).toHaveText(storeMessages.completeTitle);
  await expect(complete).toContainText(storeMessages.completeText);
  await page.getByTestId('complete-cancel').click();
  await expect(complete).toHaveCount(0);
  await expectTab(page, 'Registration');
  expect(await storedCart(page, code)).not.toBeNull();

  await page.getByTestId('finish-button').click();
  await page.getByTestId('complete-ok').click();
  await expect(page).toHaveURL(new RegExp(`/${code}/event$`));
  expect(await storedCart(page, code)).toBeNull();
});

test("the purchaser's link: renaming the group (an empty name refused), seat 2's checks, a guest with every control saved and read back", async ({
  page,
  request,
}) => {
  const code = uniqueCode('regmain');
  const ann = await tableBought(request, code);
  const purchaser = fullName(ann);
  await openPurchaserLink(page, request, ann);

  await expect(page.getByTestId('store-title')).toHaveText('Gala Guest Registration');
  await expect(page.getByTestId('purchaser-welcome')).toHaveText(words.welcome(purchaser));
  await expect(page.getByText(words.assign)).toBeVisible();
  await expect(page.getByRole('heading', { name: words.yourGuests })).toBeVisible();
  await expect(seatNames(page)).toHaveText([purchaser, ...Array<string>(7).fill(words.guestOf(purchaser))]);

  // Rename Your Group: the new name shows once saved.
  await page.getByTestId('group-rename').click();
  const rename = page.getByTestId('rename-dialog');
  await expect(rename.getByRole('heading')).toHaveText(words.renameTitle);
  await expect(page.getByTestId('rename-input').locator('input')).toHaveValue('Table of Eight');
  await fill(page, 'rename-input', 'The Buyer Table');
  await page.getByTestId('rename-save').click();
  await expect(rename).toHaveCount(0);
  await expect(page.getByTestId('group-name')).toHaveText('The Buyer Table');

  // An empty name: the server's refusal in 'Error Saving Group Name' with Ok, and the name kept.
  await page.getByTestId('group-rename').click();
  await fill(page, 'rename-input', '');
  const refused = answerTo(page, 'storeguestgroupname');
  await page.getByTestId('rename-save').click();
  expect((await refused).status()).toBe(400);
  const failure = page.getByTestId('rename-error-dialog');
  await expect(failure.getByRole('heading')).toHaveText(words.renameError);
  await expect(page.getByTestId('rename-error-message')).toHaveText(words.groupNameRequired);
  await page.getByTestId('rename-error-ok').click();
  await expect(failure).toHaveCount(0);
  // Ok goes back to the name being typed; Cancel leaves it.
  await page.getByTestId('rename-cancel').click();
  await expect(rename).toHaveCount(0);
  await expect(page.getByTestId('group-name')).toHaveText('The Buyer Table');
  expect((await seatingList(request, code)).map((g) => g.groupname)).toEqual(['The Buyer Table']);

  // Seat 2 starts as Add New. Save with nothing typed: each required field says so, Save turns off.
  await openSeat(page, 2);
  const choice = page.getByTestId('guest-choice');
  await expect(choice).toHaveValue('-1');
  await expect(choice.locator('option:checked')).toHaveText(words.addNew);
  const save = page.getByTestId('guest-save');
  await save.click();
  await expect(page.getByTestId('guest-field-first-name-error')).toHaveText(words.required('First Name'));
  await expect(page.getByTestId('guest-field-last-name-error')).toHaveText(words.required('Last Name'));
  await expect(page.getByTestId('guest-field-meal-choice-error')).toHaveText(words.required('Meal Choice'));
  await expect(page.locator('[data-testid$="-error"][data-testid^="guest-field-"]')).toHaveCount(3);
  await expectDisabled(page, 'guest-save');

  // A bad email joins them; correcting each clears its error, and Save comes back.
  await fill(page, 'guest-field-email', 'bo.example.org');
  await expect(page.getByTestId('guest-field-email-error')).toHaveText(words.invalid('Email'));
  const bo = { first: 'Bo', last: 'Diaz', email: guestEmail('Bo'), meal: 'Fish' } as const;
  await typeGuest(page, bo);
  await expect(page.getByTestId('guest-field-first-name-error')).toHaveCount(0);
  await expect(page.getByTestId('guest-field-last-name-error')).toHaveCount(0);
  await expect(page.getByTestId('guest-field-meal-choice-error')).toHaveCount(0);
  await expect(page.getByTestId('guest-field-email-error')).toHaveCount(0);
  await expect(save).not.toHaveAttribute('aria-disabled', 'true');

  // Every other control; Table Number is read-only until the edit-lock toggle is turned.
  await guestField(page, 'valet-parking').click();
  await expect(guestField(page, 'valet-parking')).toBeChecked();
  await fill(page, 'guest-field-age', '41');
  await expect(guestField(page, 'pledge')).toContainText('$');
  await fill(page, 'guest-field-pledge', '250.50');
  await expect(guestInput(page, 'notes')).toHaveAttribute('maxlength', '20');
  await fill(page, 'guest-field-notes', 'Window seat');
  await expect(guestInput(page, 'table-number')).toBeDisabled();
  await expect(page.getByTestId('guest-unlock')).toHaveAccessibleName('Unlock read-only fields');
  await page.getByTestId('guest-unlock').click();
  await expect(page.getByTestId('guest-unlock')).toHaveAccessibleName('Lock read-only fields');
  await expect(page.getByTestId('guest-unlock')).toHaveAttribute('aria-pressed', 'true');
  await expect(guestInput(page, 'table-number')).toBeEnabled();
  await fill(page, 'guest-field-table-number', '12');
  await save.click();
  await expect(page.getByTestId('edit-guest-dialog')).toHaveCount(0);
  await expect(seatNames(page).nth(1)).toHaveText('Bo Diaz');
  expect(await answersOf(request, code, 2)).toMatchObject({
    'Meal Choice': 'Fish',
    'Valet Parking': 'Yes',
    Age: '41',
    Pledge: '250.50',
    Notes: 'Window seat',
    'Table Number': '12',
  });

  // Opened again, the seat shows its person with every value as saved, Table Number locked again.
  await openSeat(page, 2);
  await expect(choice.locator('option:checked')).toHaveText('Bo Diaz');
  await expect(guestInput(page, 'first-name')).toHaveValue('Bo');
  await expect(guestInput(page, 'last-name')).toHaveValue('Diaz');
  await expect(guestInput(page, 'email')).toHaveValue(bo.email);
  await expect(guestField(page, 'meal-choice').locator('option:checked')).toHaveText('Fish');
  await expect(guestField(page, 'valet-parking')).toBeChecked();
  await expect(guestInput(page, 'age')).toHaveValue('41');
  await expect(guestInput(page, 'pledge')).toHaveValue('250.50');
  await expect(guestInput(page, 'notes')).toHaveValue('Window seat');
  await expect(guestInput(page, 'table-number')).toHaveValue('12');
  await expect(guestInput(page, 'table-number')).toBeDisabled();
  await page.getByTestId('guest-cancel').click();
  await expect(page.getByTestId('edit-guest-dialog')).toHaveCount(0);
});

test('seats the organizer locks: the lock icon and a dialog that cannot save; a lock while the dialog is open is refused by the server and nothing changes', async ({
  page,
  request,
}) => {
  const code = uniqueCode('reglock');
  const ann = await tableBought(request, code);
  const unnamed = words.guestOf(fullName(ann));
  await openPurchaserLink(page, request, ann);
  await expect(page.getByTestId('guest-lock')).toHaveCount(0);

  // Seat 3 locked before the page is read: its row has the lock, its dialog only shows.
  await lockSeat(request, code, 3);
  await page.reload();
  await expect(seatRow(page, 3)).toHaveAttribute('data-locked', 'true');
  await expect(seatRow(page, 3).getByTestId('guest-lock')).toBeVisible();
  await expect(page.getByTestId('guest-lock')).toHaveCount(1);
  await expect(seatRow(page, 4)).toHaveAttribute('data-locked', 'false');
  await openSeat(page, 3);
  await expect(page.getByTestId('guest-locked-note')).toHaveText(words.guestLocked);
  await expect(page.getByTestId('guest-choice')).toBeDisabled();
  await expect(guestInput(page, 'first-name')).toBeDisabled();
  await expect(guestField(page, 'meal-choice')).toBeDisabled();
  await expect(page.getByTestId('guest-unlock')).toHaveCount(0);
  await expectDisabled(page, 'guest-save');
  await page.getByTestId('guest-cancel').click();
  await expect(page.getByTestId('edit-guest-dialog')).toHaveCount(0);

  // Seat 4 locked while its dialog is open: the save is refused with the server's words.
  await openSeat(page, 4);
  await lockSeat(request, code, 4);
  await typeGuest(page, { first: 'Dee', last: 'Park', meal: 'Vegetarian' });
  const refused = answerTo(page, 'storeguest');
  await page.getByTestId('guest-save').click();
  expect((await refused).status()).toBe(403);
  await expect(page.getByTestId('guest-form-message')).toHaveText(words.guestLocked);
  await expect(page.getByTestId('edit-guest-dialog')).toBeVisible();
  // The refusal reads the seat again: the dialog turns locked, and so does its row behind it.
  await expect(page.getByTestId('guest-locked-note')).toBeVisible();
  await expect(page.getByTestId('guest-save')).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('guest-cancel').click();
  await expect(seatRow(page, 4).getByTestId('guest-lock')).toBeVisible();
  await expect(seatNames(page).nth(3)).toHaveText(unnamed);
  expect(await seatOf(request, code, 4)).toMatchObject({ guestname: unnamed, registrationid: null, locked: true });
  expect(await answersOf(request, code, 4)).toMatchObject({ 'Meal Choice': '', 'Valet Parking': '' });

  // Unlocked by the organizer, seat 3 can be named again.
  await lockSeat(request, code, 3, false);
  await page.reload();
  await expect(seatRow(page, 4).getByTestId('guest-lock')).toBeVisible();
  await expect(seatRow(page, 3)).toHaveAttribute('data-locked', 'false');
  await saveNewGuest(page, 3, { first: 'Eli', last: 'Moss', meal: 'Chicken' });
  expect(await seatOf(request, code, 3)).toMatchObject({ guestname: 'Eli Moss', locked: false });
});

test("a guest's own emailed link: their registration prefilled, a changed meal saved with the thank-you link to the store; a made-up link is refused", async ({
  page,
  request,
}) => {
  const code = uniqueCode('regguest');
  const ann = await tableBought(request, code);
  await openPurchaserLink(page, request, ann);
  const bo = { first: 'Bo', last: 'Diaz', email: guestEmail('Bo'), meal: 'Fish' } as const;
  await saveNewGuest(page, 2, bo);

  await page.goto(await emailedLink(request, bo.email, 'guestregistration'));
  await expect(page.getByTestId('guest-welcome')).toHaveText(words.guestWelcome('Bo Diaz'));
  await expect(page.getByTestId('store-title')).toHaveText('Gala Guest Registration');
  await expect(page.getByTestId('guest-group-name')).toHaveText('Table of Eight');
  await expect(page.getByRole('heading', { name: words.editYours })).toBeVisible();
  await expect(guestInput(page, 'first-name')).toHaveValue('Bo');
  await expect(guestInput(page, 'last-name')).toHaveValue('Diaz');
  await expect(guestInput(page, 'email')).toHaveValue(bo.email);
  await expect(guestField(page, 'meal-choice').locator('option:checked')).toHaveText('Fish');
  await expect(page.getByTestId('guest-thanks')).toHaveCount(0);
  // The edit-lock toggle is the purchaser's: a guest sees read-only fields but cannot unlock them.
  await expect(page.getByTestId('guest-unlock')).toHaveCount(0);
  await expect(guestInput(page, 'table-number')).toBeDisabled();

  await guestField(page, 'meal-choice').selectOption({ label: 'Vegetarian' });
  await page.getByTestId('guest-save').click();
  const thanks = page.getByTestId('guest-thanks');
  await expect(thanks).toHaveText(words.thankYou);
  await expect(thanks).toHaveAttribute('href', `/${code}/event`);
  expect(await seatOf(request, code, 2)).toMatchObject({ guestname: 'Bo Diaz', email: bo.email });
  expect(await answersOf(request, code, 2)).toMatchObject({ 'Meal Choice': 'Vegetarian' });
  await thanks.click();
  await expect(page).toHaveURL(new RegExp(`/${code}/event$`));

  for (const kind of ['guestregistration', 'purchaserregistration']) {
    await page.goto(`/${code}/event/${kind}/made-up-link-0123456789abcdef`);
    await expect(page.getByTestId('registration-link-error')).toContainText(words.linkInvalid);
  }
});

test('choosing a person of another seat in the dialog moves them there: their old seat waits for a guest again', async ({
  page,
  request,
}) => {
  const code = uniqueCode('regmove');
  const ann = await tableBought(request, code);
  const purchaser = fullName(ann);
  await openPurchaserLink(page, request, ann);
  const bo = { first: 'Bo', last: 'Diaz', email: guestEmail('Bo'), meal: 'Fish' } as const;
  await saveNewGuest(page, 2, bo);
  const firstLink = await emailedLink(request, bo.email, 'guestregistration');
  const boId = (await seatOf(request, code, 2)).registrationid;

  // The list: Add New, the dashes (not a choice), then the purchase's people.
  await openSeat(page, 5);
  const choice = page.getByTestId('guest-choice');
  await expect(choice.locator('option')).toHaveText([words.addNew, GUEST_LIST_SEPARATOR, purchaser, 'Bo Diaz']);
  await expect(choice.locator('option', { hasText: GUEST_LIST_SEPARATOR })).toBeDisabled();
  await choice.selectOption({ label: 'Bo Diaz' });
  await expect(guestInput(page, 'first-name')).toHaveValue('Bo');
  await expect(guestField(page, 'meal-choice').locator('option:checked')).toHaveText('Fish');
  await page.getByTestId('guest-save').click();
  await expect(page.getByTestId('edit-guest-dialog')).toHaveCount(0);

  await expect(seatNames(page).nth(1)).toHaveText(words.guestOf(purchaser));
  await expect(seatNames(page).nth(4)).toHaveText('Bo Diaz');
  expect([(await seatOf(request, code, 2)).registrationid, (await seatOf(request, code, 5)).registrationid]).toEqual([
    null,
    boId,
  ]);

  // Bo's link followed him: the old one no longer opens, a new one does.
  await expect.poll(() => emailedLink(request, bo.email, 'guestregistration')).not.toBe(firstLink);
  await page.goto(firstLink);
  await expect(page.getByTestId('registration-link-error')).toContainText(words.linkInvalid);
  await page.goto(await emailedLink(request, bo.email, 'guestregistration'));
  await expect(page.getByTestId('guest-welcome')).toHaveText(words.guestWelcome('Bo Diaz'));
});

test("the purchaser's page, the edit dialog with its errors and a guest's page have no serious accessibility problems", async ({
  page,
  request,
}) => {
  const code = uniqueCode('rega11y');
  const ann = await tableBought(request, code);
  await openPurchaserLink(page, request, ann);
  await expectAccessible(page);

  await openSeat(page, 2);
  await expectAccessible(page);
  await page.getByTestId('guest-save').click();
  await expect(page.getByTestId('guest-field-first-name-error')).toBeVisible();
  await expectAccessible(page);
  await page.getByTestId('guest-cancel').click();

  const bo = { first: 'Bo', last: 'Diaz', email: guestEmail('Bo'), meal: 'Fish' } as const;
  await saveNewGuest(page, 2, bo);
  await page.goto(await emailedLink(request, bo.email, 'guestregistration'));
  await expect(page.getByTestId('guest-welcome')).toBeVisible();
  await expectAccessible(page);
  await page.getByTestId('guest-save').click();
  await expect(page.getByTestId('guest-thanks')).toBeVisible();
  await expectAccessible(page);
});
