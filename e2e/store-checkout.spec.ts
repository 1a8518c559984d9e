import { expect, test, type Page } from './support/test';
import { storeMessages } from '@gavel/domain';
import { uniqueCode } from './support/api';
import { expectAccessible, fill, lookAt } from './support/page';
import { cardFrame, dollars, enterCard } from './support/payments';
import {
  buyer,
  continueToRegistration,
  expectCartTab,
  expectConfirmation,
  expectTab,
  expectUnits,
  galaStore,
  importStore,
  itemNamed,
  openStore,
  takeUnits,
} from './support/store';

// The store's checkout (issue 26, items 10, 11 and 12): every missing or wrong billing field at
// once, each beside its field, the first announced and focused; the typed billing details kept
// through a reload (never the card); and, after payment, the order's confirmation before guest
// registration.

/** The problems shown beside the checkout's fields, by test id, in the page's order. */
async function problems(page: Page): Promise<Record<string, string>> {
  const shown = page.getByTestId('store-panel-Cart').locator('[data-testid$="-error"]:visible');
  const entries = await shown.evaluateAll((els) =>
    els.map((el) => [el.getAttribute('data-testid') ?? '', el.textContent ?? '']),
  );
  return Object.fromEntries(entries);
}

/** The one problem announced: the only role=alert among them. */
const announced = (page: Page) => page.getByTestId('store-panel-Cart').locator('[data-testid$="-error"][role=alert]');

/**
 * Ionic's scroll assist has finished with the field last typed in: while it moves a field clear of
 * the (here imagined) keyboard it shows a copy of it, and its scroll would run over the page's own.
 */
async function settledFields(page: Page): Promise<void> {
  await expect(page.locator('.cloned-input')).toHaveCount(0);
}

const draftKeys = (page: Page) =>
  page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('gavel.store-billing:')));

test('checkout lists every problem at once beside its field, announces and focuses the first; billing details survive a reload; the confirmation names the order', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const code = uniqueCode('storeform');
  const items = await importStore(request, code, galaStore({ requiredzip: true, requiredemail: true }));
  const single = itemNamed(items, 'Single Ticket').id;
  const ann = buyer('Ann');

  await openStore(page, code);
  await takeUnits(page, single, 2);
  await page.getByTestId('store-tab-Cart').click();
  await expectCartTab(page, 1);

  // Several fields wrong at once, and no card: one tap of Checkout shows them all, each beside its field.
  await fill(page, 'billing-last', ann.last);
  await fill(page, 'billing-zip', '1');
  await fill(page, 'billing-email', 'ann@');
  await settledFields(page);
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('card-entry-error')).toHaveText(storeMessages.invalidCard);
  expect(await problems(page)).toEqual({
    'billing-first-error': storeMessages.firstRequired,
    'billing-address-error': storeMessages.addressRequired,
    'billing-city-error': storeMessages.cityRequired,
    'billing-zip-error': storeMessages.zipInvalid,
    'billing-email-error': storeMessages.invalidEmail,
    'card-entry-error': storeMessages.invalidCard,
  });
  // The spec checks the card first: it is the one announced, and the card entry has the focus.
  await expect(announced(page)).toHaveCount(1);
  await expect(announced(page)).toHaveAttribute('data-testid', 'card-entry-error');
  await expect(page.getByTestId('card-frame')).toBeFocused();
  await expect(page.getByTestId('card-entry-error')).toBeInViewport();
  await expect(page.getByTestId('notice')).toHaveCount(0);
  await lookAt(page, 'store-checkout-card-problem');

  // With a card typed, the same tap takes it; the first billing problem is now announced, scrolled to and focused.
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('card-entry-error')).toHaveCount(0);
  await expect(cardFrame(page).getByTestId('card-done-label')).toHaveText('Visa ending in 4242');
  await expect(announced(page)).toHaveAttribute('data-testid', 'billing-first-error');
  await expect(page.getByTestId('billing-first').locator('input')).toBeFocused();
  await expect(page.getByTestId('billing-first')).toBeInViewport();
  // Focused in place: Ionic's scroll assist has not had to move (and clone) the field.
  await expect(page.locator('.cloned-input')).toHaveCount(0);
  expect(Object.keys(await problems(page))).toEqual([
    'billing-first-error',
    'billing-address-error',
    'billing-city-error',
    'billing-zip-error',
    'billing-email-error',
  ]);
  await lookAt(page, 'store-checkout-all-problems');

  // Each problem goes as its field is corrected.
  await fill(page, 'billing-first', ann.first);
  await expect(page.getByTestId('billing-first-error')).toHaveCount(0);
  await fill(page, 'billing-zip', ann.zip);
  await expect(page.getByTestId('billing-zip-error')).toHaveCount(0);
  await fill(page, 'billing-address', ann.address);
  await page.getByTestId('billing-state').selectOption(ann.state);

  // A reload keeps what was typed for this cart (never the card): the details come back as they were.
  expect(await draftKeys(page)).toHaveLength(1);
  const kept = await page.evaluate((k) => sessionStorage.getItem(k) ?? '', (await draftKeys(page))[0] ?? '');
  expect(kept).not.toContain('4242');
  await page.reload();
  await expect(page.getByRole('tablist', { name: 'Store' })).toBeVisible();
  await page.getByTestId('store-tab-Cart').click();
  await expectCartTab(page, 1);
  await expect(page.getByTestId('billing-first').locator('input')).toHaveValue(ann.first);
  await expect(page.getByTestId('billing-last').locator('input')).toHaveValue(ann.last);
  await expect(page.getByTestId('billing-address').locator('input')).toHaveValue(ann.address);
  await expect(page.getByTestId('billing-zip').locator('input')).toHaveValue(ann.zip);
  await expect(page.getByTestId('billing-email').locator('input')).toHaveValue('ann@');
  await expect(page.getByTestId('billing-state')).toHaveValue(ann.state);
  await expect(cardFrame(page).getByTestId('card-number')).toHaveValue('');
  await lookAt(page, 'store-checkout-after-reload');

  // The rest typed, the card again: checkout, and the confirmation with the order's number and lines.
  await fill(page, 'billing-city', ann.city);
  await fill(page, 'billing-email', ann.email);
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByTestId('checkout-button').click();
  await expectConfirmation(page, request, code, [[single, /^Single Ticket\s*2 × \$150\.00\s*\$300\.00$/]]);
  await expect(page.getByTestId('summary-total')).toHaveText(dollars(300_00));
  await expect(page.getByTestId('summary-method')).toHaveText('Credit / Debit Card (Visa ending in 4242)');
  await expectUnits(page, 0);
  await lookAt(page, 'store-checkout-confirmation');
  // The details were for this cart only: checked out, they are forgotten.
  expect(await draftKeys(page)).toEqual([]);

  // The tickets have seats: the confirmation's button goes on to guest registration.
  await continueToRegistration(page);
  await expectTab(page, 'Registration');
});

test('the landing page, the Tickets tab and the Cart tab have no serious accessibility problems', async ({
  page,
  request,
}) => {
  const code = uniqueCode('storea11y');
  const single = itemNamed(await importStore(request, code, galaStore()), 'Single Ticket').id;
  await page.goto(`/${code}/event`);
  await expect(page.getByTestId('store-register')).toBeVisible();
  await expectAccessible(page);

  await page.getByTestId('store-register').click();
  await expectTab(page, 'Tickets');
  await takeUnits(page, single, 1);
  await expectAccessible(page);

  await page.getByTestId('store-tab-Cart').click();
  await expectCartTab(page, 1);
  await expect(page.getByTestId('card-frame')).toBeVisible();
  await expectAccessible(page);
  await enterCard(page, '4242424242424242');
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('billing-first-error')).toHaveText('First name is required for checkout.');
  await expectAccessible(page);
});
