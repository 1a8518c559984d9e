import { expect, test } from './support/test';
import { storeCheckoutRequest } from '@gavel/domain';
import { eventDocument, storeItem, timesAround } from '../testkit/documents';
import { bearer, expectOk, stringField } from '../testkit/transport';
import { importEvent, uniqueCode } from './support/api';
import { atEverySize, newOrganization, openConsole, organizationTransport } from './support/console';
import { buyer } from './support/store';

// The store's Bill Me orders on nobody's balance at the checkout desk (issue 47): each is its
// purchaser's own invoice, taken in cash or by check from whoever pays, and gone from the list.
test('the desk lists a Bill Me store order on nobody’s balance and takes it by check', async ({ page, request }) => {
  const org = await newOrganization(request, { name: 'Invoice Foundation', prefix: 'inv' });
  const eventcode = uniqueCode('inv');
  await importEvent(
    request,
    eventDocument(timesAround(new Date(), { biddingcloses: 48, eventcloses: 72 }), {
      auctioncode: org.auctioncode,
      orgname: org.name,
      eventcode,
      eventname: 'Spring Gala',
      store: {
        billme: true,
        items: [
          storeItem('book', { tab: 'Merchandise', section: 'Keepsakes', name: 'Program Book', price: 15, seats: 0 }),
        ],
      },
    }),
  );
  // A guest who is no bidder buys two books with Bill Me.
  const store = organizationTransport(request, org.origin);
  const cart = stringField(await expectOk('cart', store.post('/api/storesetup2', { eventcode })), 'token');
  const setup = (await expectOk('store', store.post('/api/storesetup2', { eventcode }, bearer(cart)))) as {
    tabs: Array<{ sections: Array<{ data: Array<{ id: number }> }> }>;
  };
  const book = setup.tabs.flatMap((tab) => tab.sections.flatMap((s) => s.data))[0]!;
  const held = await expectOk(
    'books',
    store.post('/api/storecartadditem', { itemid: book.id, quantity: 2 }, bearer(cart)),
  );
  const di = buyer('Di');
  await expectOk(
    'Bill Me',
    store.put(
      '/api/storecheckout',
      storeCheckoutRequest.encode({
        ...di,
        subtotal: 3000,
        discountamount: 0,
        additionaldonation: 0,
        ccfeesamount: 0,
        totalamount: 3000,
        paymentmethod: 'BILLME',
      }),
      bearer(stringField(held, 'token') || cart),
    ),
  );

  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, { origin: org.origin, path: `/${eventcode}/console/desk`, session: org.owner.session });
  const row = page.getByTestId('invoice-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Di Buyer');
  await expect(row).toContainText('$30.00');
  await row.getByTestId('invoice-take').click();
  await row.getByTestId('invoice-method-check').click();
  // A check needs its number: said, nothing taken.
  await row.getByTestId('invoice-record').click();
  await expect(row.getByTestId('invoice-error')).toHaveText('Please type the check number.');
  await row.getByTestId('invoice-check').fill('2231');
  await atEverySize(page, 'desk-invoice-check');
  await page.setViewportSize({ width: 820, height: 1180 });
  await row.getByTestId('invoice-record').click();
  await expect(page.getByTestId('invoice-said')).toHaveText(/^Store order S-\d+ paid: \$30\.00\.$/);
  await expect(page.getByTestId('invoice-row')).toHaveCount(0);
  await atEverySize(page, 'desk-invoice-paid');
});
