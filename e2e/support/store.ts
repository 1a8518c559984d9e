import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminStoreOrdersResponse, type BillingForm, storeSetupResponse, type StoreItem } from '@gavel/domain';
import { storeItem, type EventInput, type StoreInput } from '../../testkit/documents';
import { ADMIN_TOKEN, importEvent, testEvent } from './api';
import { fill } from './page';

/** Helpers for the event store's journeys: its documents, its ids and stock, the page's parts, the organizer's report. */

/** A gala's store: tickets with seats (at most 4 an order), a shirt, and a 10% code; the buyer may cover a 2.9% fee. */
export function galaStore(over: Partial<StoreInput> = {}): StoreInput {
  return {
    header: 'Spring Gala Tickets',
    landinghtml: '<p>Join us for an evening of music under the stars.</p>',
    footerhtml: '<p>Questions? Call the gala office at 555-0100.</p>',
    ccfeespercent: 2.9,
    items: [
      storeItem('single', {
        name: 'Single Ticket',
        description: 'One seat at the gala dinner.',
        price: 150,
        quantity: 10,
        maxpertransaction: 4,
      }),
      storeItem('shirt', {
        tab: 'Merchandise',
        section: 'Shirts',
        name: 'Gala T-Shirt',
        price: 25,
        quantity: 20,
        seats: 0,
      }),
    ],
    promocodes: [{ code: 'GALA10', percent: 10 }],
    ...over,
  };
}

/** The spec's red for a refusal (--ion-color-danger). */
export const RED = 'rgb(179, 38, 30)';

/** Imports an event with this store; answers the store's items by name, as the server lists them. */
export async function importStore(
  request: APIRequestContext,
  eventcode: string,
  store: StoreInput,
  event: Partial<EventInput> = {},
): Promise<Record<string, StoreItem>> {
  await importEvent(request, testEvent(eventcode, { store, event }));
  return storeStock(request, eventcode);
}

/** The store's items by name, with what is left of each beside every live cart (storesetup1: no cart of its own). */
export async function storeStock(request: APIRequestContext, eventcode: string): Promise<Record<string, StoreItem>> {
  const res = await request.post('/api/storesetup1', { data: { eventcode } });
  expect(res.ok(), await res.text()).toBe(true);
  const setup = storeSetupResponse.parse(await res.json());
  const items = setup.tabs.flatMap((t) => t.sections.flatMap((s) => s.data));
  return Object.fromEntries(items.map((i) => [i.name, i]));
}

/** One item of `storeStock`, failing loudly when the name is not in the store. */
export function itemNamed(items: Record<string, StoreItem>, name: string): StoreItem {
  const item = items[name];
  if (!item) throw new Error(`no store item named ${name} in ${Object.keys(items).join(', ')}`);
  return item;
}

/** The organizer's store orders report (amounts in cents). */
export async function storeOrders(request: APIRequestContext, eventcode: string) {
  const res = await request.get(`/api/admin/store/orders?eventcode=${eventcode}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return adminStoreOrdersResponse.parse(await res.json()).orders;
}

/** Where the page keeps an event's cart token (apart from the login token). */
export function cartKey(eventcode: string): string {
  return `gavel.cart:${eventcode.toLowerCase()}`;
}

/** The cart token the page holds for an event, or null. */
export async function storedCart(page: Page, eventcode: string): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), cartKey(eventcode));
}

/** Opens the store (…/event/register/, or …/register/cart) and waits for its tabs. */
export async function openStore(page: Page, eventcode: string, cart = false): Promise<void> {
  await page.goto(`/${eventcode}/event/register/${cart ? 'cart' : ''}`);
  await expect(page.getByRole('tablist', { name: 'Store' })).toBeVisible();
}

/** An item's parts on the Tickets or Merchandise tab. */
export function itemOnPage(
  page: Page,
  id: number,
): { card: Locator; box: Locator; plus: Locator; minus: Locator; price: Locator; soldOut: Locator } {
  return {
    card: page.getByTestId(`store-item-${id}`),
    box: page.getByTestId(`qty-${id}`),
    plus: page.getByTestId(`qty-plus-${id}`),
    minus: page.getByTestId(`qty-minus-${id}`),
    price: page.getByTestId(`store-price-${id}`),
    soldOut: page.getByTestId(`store-soldout-${id}`),
  };
}

/** The store's tab that is open. */
export async function expectTab(page: Page, tab: 'Tickets' | 'Merchandise' | 'Registration' | 'Cart'): Promise<void> {
  await expect(page.getByTestId(`store-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
}

/** The store's Next button: on to the following tab. */
export async function nextTab(page: Page): Promise<void> {
  await page.getByTestId('store-next').click();
}

/** An Ionic button that cannot be pressed. */
export async function expectDisabled(page: Page, testId: string): Promise<void> {
  await expect(page.getByTestId(testId)).toHaveAttribute('aria-disabled', 'true');
}

/** How many units the Cart tab's badge counts (none shown: 0), once the cart holds them. */
export async function expectUnits(page: Page, units: number): Promise<void> {
  if (units === 0) await expect(page.getByTestId('cart-units')).toHaveCount(0);
  else await expect(page.getByTestId('cart-units')).toHaveText(String(units));
}

/** Presses plus until the box shows `quantity`, each tap waited for, then waits until the cart holds `units` in all. */
export async function takeUnits(page: Page, id: number, quantity: number, units = quantity): Promise<void> {
  const item = itemOnPage(page, id);
  const from = Number(await item.box.inputValue());
  for (let n = from + 1; n <= quantity; n++) {
    await item.plus.click();
    await expect(item.box).toHaveValue(String(n));
  }
  await expectUnits(page, units);
}

export type Billing = BillingForm;

/** A buyer's billing details, with an email of their own so their receipt can be told apart. */
export function buyer(first: string): Billing {
  return {
    first,
    last: 'Buyer',
    address: '12 Orchard Lane',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    email: `${first.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`,
  };
}

/** Types the billing details into the Cart tab (a field given as '' is left empty). */
export async function fillBilling(page: Page, billing: Billing): Promise<void> {
  await fill(page, 'billing-first', billing.first);
  await fill(page, 'billing-last', billing.last);
  await fill(page, 'billing-address', billing.address);
  await fill(page, 'billing-city', billing.city);
  await page.getByTestId('billing-state').selectOption(billing.state);
  await fill(page, 'billing-zip', billing.zip);
  await fill(page, 'billing-email', billing.email);
}

/** The Cart tab is open with its lines loaded. */
export async function expectCartTab(page: Page, lines: number): Promise<void> {
  await expect(page.getByTestId('store-tab-Cart')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('store-panel-Cart').locator('[data-testid^="cart-line-"]')).toHaveCount(lines);
}

/** The subtotal, discount, donation, fee, total and method lines of the Registration tab or the summary dialog. */
export async function expectAmounts(
  page: Page,
  prefix: 'registration' | 'summary',
  a: { subtotal: string; discount: string; donation: string; fee: string; total: string; method: string },
): Promise<void> {
  await expect(page.getByTestId(`${prefix}-subtotal`)).toHaveText(a.subtotal);
  await expect(page.getByTestId(`${prefix}-discount`)).toHaveText(a.discount);
  await expect(page.getByTestId(`${prefix}-donation`)).toHaveText(a.donation);
  await expect(page.getByTestId(`${prefix}-fee`)).toHaveText(a.fee);
  await expect(page.getByTestId(`${prefix}-total`)).toHaveText(a.total);
  await expect(page.getByTestId(`${prefix}-method`)).toHaveText(a.method);
}

/**
 * The confirmation after a checkout: 'Thank you — order S-n is confirmed' with the number of the
 * store's newest order as the organizer's report has it, and exactly these lines (item id, text).
 */
export async function expectConfirmation(
  page: Page,
  request: APIRequestContext,
  eventcode: string,
  lines: Array<[number, RegExp]>,
): Promise<void> {
  const title = page.getByTestId('store-summary-title');
  await expect(title).toHaveText(/^Thank you — order S-\d+ is confirmed$/);
  const newest = Math.max(...(await storeOrders(request, eventcode)).map((o) => o.orderid));
  await expect(title).toHaveText(`Thank you — order S-${newest} is confirmed`);
  await expect(page.getByTestId('store-summary').locator('[data-testid^="summary-line-"]')).toHaveCount(lines.length);
  for (const [id, text] of lines) await expect(page.getByTestId(`summary-line-${id}`)).toHaveText(text);
}

/** The confirmation's button goes on to guest registration: the Registration tab opens. */
export async function continueToRegistration(page: Page): Promise<void> {
  await page.getByTestId('store-summary-continue').click();
  await expect(page.getByTestId('store-summary')).toHaveCount(0);
  await expectTab(page, 'Registration');
}
