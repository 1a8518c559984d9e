import { expect, test } from './support/test';
import { storeItem } from '../testkit/documents';
import { apiBidder, emailedLink, uniqueCode } from './support/api';
import { expectAccessible, lookAt } from './support/page';
import {
  buyer,
  expectCartTab,
  fillBilling,
  galaStore,
  importStore,
  itemNamed,
  nextTab,
  openStore,
  takeUnits,
} from './support/store';

// A Bill Me store order with a bidder's address goes on their balance only by the link mailed to
// that address (issue 47): the buyer's screen says nothing of a balance; the bidder reads what the
// link offers, taps to add it, and the link then says it is on their balance.
test('Bill Me with a bidder’s address: the mailed link asks the bidder, and only their tap puts the order on their balance', async ({
  page,
  browser,
  request,
}) => {
  const code = uniqueCode('billlink');
  const keepsake = { tab: 'Merchandise', section: 'Keepsakes', seats: 0 } as const;
  const items = await importStore(
    request,
    code,
    galaStore({
      billme: true,
      items: [storeItem('book', { ...keepsake, name: 'Program Book', price: 15, quantity: 5 })],
    }),
  );
  const ann = buyer('Ann');
  await apiBidder(request, code, ann.email, 'Ann');

  // Anyone can type Ann's address at the store's checkout.
  await openStore(page, code);
  await nextTab(page);
  await takeUnits(page, itemNamed(items, 'Program Book').id, 2);
  await nextTab(page);
  await expectCartTab(page, 1);
  await page.getByTestId('payment-method').selectOption('BILLME');
  await fillBilling(page, ann);
  await page.getByTestId('checkout-button').click();
  await expect(page.getByTestId('store-summary-message')).toBeVisible();

  // Ann's phone opens the link from her mailbox: reading it adds nothing.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const mine = await phone.newPage();
  await mine.goto(await emailedLink(request, ann.email, '/event/bill-me/'));
  await expect(mine.getByTestId('billme-message')).toHaveText(
    /^Add store order S-\d+ \(\$30\.00\) to your bidder balance\?$/,
  );
  await expect(mine.getByRole('heading', { name: 'Hi Ann' })).toBeVisible();
  await expectAccessible(mine);
  await lookAt(mine, 'billme-link-390');
  await mine.getByTestId('billme-add').click();
  await expect(mine.getByTestId('billme-message')).toHaveText(
    /^Store order S-\d+ is on your bidder balance: it is paid with the rest of your balance at the checkout desk\.$/,
  );
  await expect(mine.getByTestId('billme-add')).toHaveCount(0);
  await lookAt(mine, 'billme-added-390');
  // Opened again, it says the same.
  await mine.reload();
  await expect(mine.getByTestId('billme-message')).toContainText('is on your bidder balance');
  await phone.close();
});
