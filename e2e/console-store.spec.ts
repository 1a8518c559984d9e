import { expect, test } from './support/test';
import { consoleStoreResponse } from '@gavel/domain';
import { eventDocument, storeItem, timesAround } from '../testkit/documents';
import { stringField } from '../testkit/transport';
import { importEvent, uniqueCode } from './support/api';
import {
  addStaff,
  atEverySize,
  type ConsoleOrganization,
  consoleOk,
  newOrganization,
  openConsole,
} from './support/console';
import { DESKTOP } from './support/page';
import { galaStore } from './support/store';

// Issue 28: staff set up the store without JSON: they add a store item, a promo code and a guest
// field, see the problems of a wrong row at its field and in the summary, and the public store sells
// the new item. The screen warns before what the server would refuse (an item a cart holds).
test.use({ ...DESKTOP, timezoneId: 'America/Chicago', viewport: { width: 1280, height: 800 } });
test.describe.configure({ mode: 'serial' });

const eventcode = uniqueCode('store');
let org: ConsoleOrganization;

async function storeNow(request: Parameters<typeof consoleOk>[0], token: string) {
  const answer = await consoleOk(request, 'reading the store', {
    origin: org.origin,
    method: 'GET',
    path: `/api/console/events/${eventcode}/store`,
    token,
  });
  return consoleStoreResponse.parse(answer);
}

test.beforeAll(async ({ request }) => {
  org = await newOrganization(request, { prefix: 'sto' });
  await importEvent(
    request,
    eventDocument(timesAround(new Date(), { biddingcloses: 48, eventcloses: 72 }), {
      auctioncode: org.auctioncode,
      orgname: org.name,
      eventcode,
      eventname: 'Riverbend Spring Gala',
      store: galaStore({
        items: [
          storeItem('single', { name: 'Single Ticket', price: 150, quantity: 10, maxpertransaction: 4 }),
          storeItem('table', { name: 'Table of Eight', price: 1100, quantity: 4, seats: 8 }),
          storeItem('shirt', {
            tab: 'Merchandise',
            section: 'Shirts',
            name: 'Gala T-Shirt',
            price: 25,
            quantity: 20,
            seats: 0,
          }),
        ],
        registration: {
          fields: [{ code: 'meal', label: 'Meal Choice', control: 2, required: true, lookups: ['Chicken', 'Fish'] }],
        },
      }),
    }),
  );
  // A buyer holds a shirt in a cart: the screen shows it and will not let the shirt be removed.
  const cart = await consoleOk(request, 'opening a cart', {
    origin: org.origin,
    method: 'POST',
    path: '/api/storesetup2',
    body: { eventcode },
  });
  const shirt = (await storeNow(request, org.owner.token)).store.items.findIndex((i) => i.code === 'shirt');
  expect(shirt).toBe(2);
  const setup = cart as { tabs: Array<{ sections: Array<{ data: Array<{ id: number; name: string }> }> }> };
  const shirtId = setup.tabs
    .flatMap((t) => t.sections.flatMap((s) => s.data))
    .find((i) => i.name === 'Gala T-Shirt')?.id;
  await consoleOk(request, 'holding a shirt', {
    origin: org.origin,
    method: 'POST',
    path: '/api/storecartadditem',
    body: { itemid: shirtId, quantity: 1 },
    token: stringField(cart, 'token'),
  });
});

test('staff add a store item, a promo code and a guest field; the store sells the item', async ({ page, request }) => {
  // Five screens at three sizes, each looked at and checked by axe.
  test.setTimeout(180_000);
  const staff = await addStaff(request, { origin: org.origin, ownerToken: org.owner.token, role: 'staff' });
  await openConsole(page, { origin: org.origin, path: `/${eventcode}/console/store`, session: staff.session });
  await expect(page.getByTestId('store-form')).toBeVisible();
  await expect(page.getByTestId('store-item-2-remove')).toBeDisabled();
  await expect(page.getByTestId('store-item-2')).toContainText('1 in carts');
  await atEverySize(page, 'store-items', { phoneScreen: true });

  // A new ticket without a price: refused at its field and in the summary, nothing saved.
  await page.getByTestId('store-add-item').click();
  await page.getByTestId('store-item-3-name').fill('Raffle Ticket');
  await page.getByTestId('store-item-3-code').fill('raffle');
  await page.getByTestId('store-item-3-section').fill('Raffle');
  await page.getByTestId('store-item-3-quantity').fill('100');
  await page.getByTestId('store-item-3-deductible').selectOption('none');
  await page.getByTestId('store-save').click();
  const summary = page.getByTestId('store-summary');
  await expect(summary).toContainText('The store was not saved: 1 problem.');
  await expect(summary).toContainText('Item 4, price must be above 0 (tick Free for a free item)');
  await expect(page.getByTestId('store-item-3')).toContainText('must be above 0');
  await atEverySize(page, 'store-problem', { phoneScreen: true });
  await page.getByTestId('store-item-3-price').fill('20');

  await page.getByTestId('store-section-promocodes').click();
  await page.getByTestId('store-add-promo').click();
  await page.getByTestId('store-promo-1-code').fill('VIP');
  await page.getByTestId('store-promo-1-kind').selectOption('amount');
  await page.getByTestId('store-promo-1-value').fill('50');
  await page.getByTestId('store-promo-1-validuntil').fill('2030-12-05T17:00');
  await page.getByTestId('store-promo-1-item-1').check();
  await atEverySize(page, 'store-promos', { phoneScreen: true });

  await page.getByTestId('store-section-fields').click();
  await page.getByTestId('store-add-field').click();
  await page.getByTestId('store-field-1-label').fill('Dietary needs');
  await page.getByTestId('store-field-1-code').fill('diet');
  await atEverySize(page, 'store-fields', { phoneScreen: true });

  await page.getByTestId('store-save').click();
  await expect(page.getByTestId('store-save-state')).toHaveText('Saved');
  await expect(page.getByTestId('store-summary')).toHaveCount(0);

  const { store } = await storeNow(request, staff.token);
  expect(store.items.map((i) => [i.code, i.price, i.quantity])).toEqual([
    ['single', 150, 10],
    ['table', 1100, 4],
    ['shirt', 25, 20],
    ['raffle', 20, 100],
  ]);
  expect(store.promocodes[1]).toEqual({
    code: 'VIP',
    amount: 50,
    validuntil: '2030-12-05T17:00:00-06:00',
    items: ['table'],
  });
  expect(store.registration.fields.map((f) => [f.code, f.label, f.control])).toEqual([
    ['meal', 'Meal Choice', 2],
    ['diet', 'Dietary needs', 5],
  ]);
  const audit = await consoleOk(request, 'reading the audit log', {
    origin: org.origin,
    method: 'GET',
    path: `/api/console/audit?eventcode=${eventcode}`,
    token: org.owner.token,
  });
  expect(JSON.stringify(audit)).toContain('Store: added item raffle; added promo code VIP; added guest field diet.');

  await page.getByTestId('store-section-page').click();
  await atEverySize(page, 'store-page', { phoneScreen: true });

  await page.goto(`${org.origin}/${eventcode}/event/register/`);
  await expect(page.getByTestId('store-panel-Tickets')).toContainText('Raffle Ticket');
  await expect(page.getByTestId('store-panel-Tickets')).toContainText('$20.00');
});
