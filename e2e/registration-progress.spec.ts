import { expect, test } from './support/test';
import { deadlineLine, progressMessages as progress, registrationMessages as words } from '@gavel/domain';
import { galaRegistration } from '../testkit/documents';
import { emailedLink, uniqueCode } from './support/api';
import { expectAccessible, lookAt } from './support/page';
import { importStore } from './support/store';
import {
  fullName,
  guestEmail,
  guestField,
  openPurchaserLink,
  openSeat,
  saveNewGuest,
  seatNames,
  seatRow,
  tableBought,
  tableStore,
  typeGuest,
} from './support/registration';

// The purchaser's page tells them where they stand (issue 26, item 13): the event's deadline (and
// nothing when it has none), how many seats are named, which guests still owe a required answer,
// and a confirmation of each save that says whether the guest's link was emailed. And a guest's own
// page stays whole after Save (issue 26, item 2: it went blank).

test("the purchaser's page: seats named, 'Answers needed', the deadline, and each save confirmed with whether the link was emailed", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const code = uniqueCode('regprog');
  const ann = await tableBought(request, code);
  await openPurchaserLink(page, request, ann);

  // No deadline in the event: none is shown. Ann is seated but owes the required meal.
  const progressCard = page.getByTestId('registration-progress');
  await expect(progressCard.getByTestId('seats-named')).toHaveText(progress.seatsNamed(1, 8));
  await expect(page.getByTestId('registration-deadline')).toHaveCount(0);
  await expect(seatRow(page, 1).getByTestId('guest-needs-answers')).toHaveText(progress.answersNeeded);
  await expect(page.getByTestId('guest-needs-answers')).toHaveCount(1);
  await expect(page.getByTestId('guests-need-answers')).toHaveText(progress.guestsNeedAnswers(1));

  // The organizer sets a deadline: the page says by when, in the phone's own time.
  const deadline = new Date(Date.now() + 3 * 24 * 3_600_000);
  deadline.setUTCMinutes(0, 0, 0);
  await importStore(
    request,
    code,
    tableStore({ registration: galaRegistration({ editdeadline: deadline.toISOString() }) }),
  );
  await page.reload();
  const expected = deadlineLine(deadline.toISOString(), new Date());
  expect(expected?.passed).toBe(false);
  await expect(page.getByTestId('registration-deadline')).toHaveText(expected?.text ?? '');

  // Dana with an email: saved, and her link emailed; the count goes up.
  const dana = { first: 'Dana', last: 'Reyes', email: guestEmail('Dana'), meal: 'Fish' } as const;
  await saveNewGuest(page, 2, dana);
  await expect(page.getByTestId('notice').filter({ hasText: progress.savedLinkEmailed(fullName(dana)) })).toBeVisible();
  await expect.poll(() => emailedLink(request, dana.email, 'guestregistration')).toContain('/guestregistration/');
  await expect(page.getByTestId('seats-named')).toHaveText(progress.seatsNamed(2, 8));
  await expect(seatRow(page, 2).getByTestId('guest-needs-answers')).toHaveCount(0);

  // Eli without an email: just 'Saved'.
  await saveNewGuest(page, 3, { first: 'Eli', last: 'Moss', meal: 'Chicken' });
  await expect(page.getByTestId('notice').filter({ hasText: new RegExp(`^${progress.saved}$`) })).toBeVisible();
  await expect(page.getByTestId('seats-named')).toHaveText(progress.seatsNamed(3, 8));
  await lookAt(page, 'registration-progress');
  await expectAccessible(page);

  // Ann answers her meal: nobody owes an answer any more.
  await openSeat(page, 1);
  await guestField(page, 'meal-choice').selectOption({ label: 'Vegetarian' });
  await page.getByTestId('guest-save').click();
  await expect(page.getByTestId('edit-guest-dialog')).toHaveCount(0);
  await expect(page.getByTestId('guest-needs-answers')).toHaveCount(0);
  await expect(page.getByTestId('guests-need-answers')).toHaveCount(0);
  await expect(seatNames(page)).toContainText([fullName(ann), fullName(dana), 'Eli Moss']);

  // Past the deadline the page says registration has closed, and the seats are locked.
  const past = new Date(Date.now() - 3_600_000);
  past.setUTCSeconds(0, 0);
  await importStore(
    request,
    code,
    tableStore({ registration: galaRegistration({ editdeadline: past.toISOString() }) }),
  );
  await page.reload();
  await expect(page.getByTestId('registration-deadline')).toHaveText(
    deadlineLine(past.toISOString(), new Date())?.text ?? '',
  );
  await expect(page.getByTestId('guest-lock')).toHaveCount(8);
  await lookAt(page, 'registration-progress-closed');
});

test("a guest's own page stays whole after Save: the thank-you and its link, then the store, with no page error", async ({
  page,
  request,
}) => {
  const code = uniqueCode('regblank');
  const ann = await tableBought(request, code);
  await openPurchaserLink(page, request, ann);
  const bo = { first: 'Bo', last: 'Diaz', email: guestEmail('Bo'), meal: 'Fish' } as const;
  await saveNewGuest(page, 2, bo);

  await page.goto(await emailedLink(request, bo.email, 'guestregistration'));
  await expect(page.getByTestId('guest-welcome')).toHaveText(words.guestWelcome('Bo Diaz'));
  await typeGuest(page, { first: 'Bo', last: 'Diaz', meal: 'Vegetarian' });
  await page.getByTestId('guest-save').click();
  const thanks = page.getByTestId('guest-thanks');
  await expect(thanks).toHaveText(words.thankYou);
  await expect(thanks).toBeInViewport();
  await expect(page.getByTestId('notice').filter({ hasText: new RegExp(`^${progress.saved}$`) })).toBeVisible();
  // The page is all there under the thank-you, and a second save keeps it so.
  await expect(page.getByTestId('guest-welcome')).toBeVisible();
  await expect(page.getByTestId('guest-form')).toBeVisible();
  await page.getByTestId('guest-save').click();
  await expect(thanks).toBeVisible();
  await lookAt(page, 'registration-guest-saved');

  // Its link leaves the page (the thank-you is taken down) for the store, which shows.
  await thanks.click();
  await expect(page).toHaveURL(new RegExp(`/${code}/event$`));
  await expect(page.getByTestId('store-register')).toBeVisible();
  await expect(page.locator('body')).not.toBeEmpty();
  // And back: the guest page opens again, whole.
  await page.goBack();
  await expect(page.getByTestId('guest-welcome')).toBeVisible();
});
