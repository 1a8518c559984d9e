import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  adminRegistrationsResponse,
  type AdminGroup,
  type AdminRegistrationsResponse,
  storeCheckoutRequest,
} from '@gavel/domain';
import { galaRegistration, storeItem, type StoreInput } from '../../testkit/documents';
import { bearer, expectOk, stringField } from '../../testkit/transport';
import { ADMIN_TOKEN, emailedLink, requestTransport } from './api';
import { fill } from './page';
import {
  buyer,
  expectTab,
  fillBilling,
  galaStore,
  importStore,
  itemNamed,
  openStore,
  takeUnits,
  type Billing,
} from './store';

/** Helpers for the guest registration journeys: the store with a table, its purchase, the pages' parts, the organizer's seating list and locks. */

/** A store selling a Table of Eight (eight seats a unit), payable by Bill Me, with guest registration. */
export function tableStore(over: Partial<StoreInput> = {}): StoreInput {
  return galaStore({
    billme: true,
    items: [
      storeItem('table8', {
        name: 'Table of Eight',
        description: 'A table for you and seven guests.',
        price: 1200,
        quantity: 5,
        seats: 8,
      }),
    ],
    registration: galaRegistration(),
    ...over,
  });
}

/**
 * Imports the table store, buys one Table of Eight through the store's pages with Bill Me, and
 * waits for the Registration tab. Answers the buyer (the purchaser).
 */
export async function buyTable(
  page: Page,
  request: APIRequestContext,
  eventcode: string,
  first = 'Ann',
): Promise<Billing> {
  const table = itemNamed(await importStore(request, eventcode, tableStore()), 'Table of Eight').id;
  const purchaser = buyer(first);
  await openStore(page, eventcode);
  await takeUnits(page, table, 1);
  await page.getByTestId('store-tab-Cart').click();
  await expectTab(page, 'Cart');
  await page.getByTestId('payment-method').selectOption('BILLME');
  await fillBilling(page, purchaser);
  await page.getByTestId('checkout-button').click();
  // The order's confirmation comes first; its button goes on to guest registration.
  await page.getByTestId('store-summary-continue').click();
  await expectTab(page, 'Registration');
  return purchaser;
}

/**
 * The same purchase as buyTable, through the store's calls (a cart, one table, Bill Me), for the
 * journeys that begin at the purchaser's emailed link: the pages that buy are buyTable's journey's.
 * Answers the buyer (the purchaser).
 */
export async function tableBought(request: APIRequestContext, eventcode: string, first = 'Ann'): Promise<Billing> {
  const table = itemNamed(await importStore(request, eventcode, tableStore()), 'Table of Eight');
  const purchaser = buyer(first);
  const store = requestTransport(request);
  const cart = stringField(await expectOk('opening a cart', store.post('/api/storesetup2', { eventcode })), 'token');
  const held = await expectOk(
    'taking a table',
    store.post('/api/storecartadditem', { itemid: table.id, quantity: 1 }, bearer(cart)),
  );
  const checkout = storeCheckoutRequest.encode({
    ...purchaser,
    subtotal: table.price,
    discountamount: 0,
    additionaldonation: 0,
    ccfeesamount: 0,
    totalamount: table.price,
    paymentmethod: 'BILLME',
  });
  await expectOk(
    'checking out by Bill Me',
    store.put('/api/storecheckout', checkout, bearer(stringField(held, 'token') || cart)),
  );
  return purchaser;
}

export const fullName = (b: Pick<Billing, 'first' | 'last'>) => `${b.first} ${b.last}`;

/** Opens the purchaser's Update Registration link from their receipt and waits for their guests. */
export async function openPurchaserLink(page: Page, request: APIRequestContext, purchaser: Billing): Promise<string> {
  const path = await emailedLink(request, purchaser.email, 'purchaserregistration');
  await page.goto(path);
  await expect(page.getByTestId('purchaser-welcome')).toBeVisible();
  await expect(page.getByTestId('guest-row')).toHaveCount(8);
  return path;
}

/** The seats' names as the list shows them, in order. */
export function seatNames(page: Page): Locator {
  return page.getByTestId('guest-name');
}

/** Seat n (1-based) of the list. */
export function seatRow(page: Page, n: number): Locator {
  return page.getByTestId('guest-row').nth(n - 1);
}

/** A field of the open guest form, by its test id's slug (guest-field-meal-choice). */
export function guestField(page: Page, slug: string): Locator {
  return page.getByTestId(`guest-field-${slug}`);
}

/** The text typed into an Ionic input of the guest form. */
export function guestInput(page: Page, slug: string): Locator {
  return guestField(page, slug).locator('input');
}

/** Opens seat n's Edit Guest Information dialog and waits for its form. */
export async function openSeat(page: Page, n: number): Promise<Locator> {
  await seatRow(page, n).click();
  const dialog = page.getByTestId('edit-guest-dialog');
  await expect(dialog.getByRole('heading', { name: 'Edit Guest Information' })).toBeVisible();
  await expect(dialog.getByTestId('guest-form')).toBeVisible();
  return dialog;
}

export interface GuestAnswers {
  first: string;
  last: string;
  email?: string;
  meal: 'Chicken' | 'Fish' | 'Vegetarian';
}

/** Types a guest's name, email and meal into the open form. */
export async function typeGuest(page: Page, guest: GuestAnswers): Promise<void> {
  await fill(page, 'guest-field-first-name', guest.first);
  await fill(page, 'guest-field-last-name', guest.last);
  if (guest.email !== undefined) await fill(page, 'guest-field-email', guest.email);
  await guestField(page, 'meal-choice').selectOption({ label: guest.meal });
}

/** Saves a new guest into seat n through the dialog and waits for the list to name them. */
export async function saveNewGuest(page: Page, n: number, guest: GuestAnswers): Promise<void> {
  await openSeat(page, n);
  await expect(page.getByTestId('guest-choice')).toHaveValue('-1');
  await typeGuest(page, guest);
  await page.getByTestId('guest-save').click();
  await expect(page.getByTestId('edit-guest-dialog')).toHaveCount(0);
  await expect(seatNames(page).nth(n - 1)).toHaveText(fullName(guest));
}

/** An email of the guest's own, so their link can be told apart from other runs'. */
export function guestEmail(first: string): string {
  return `${first.toLowerCase()}-guest-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

/** The organizer's seating list: the fields, and every group of the event with its seats. */
async function seating(request: APIRequestContext, eventcode: string): Promise<AdminRegistrationsResponse> {
  const res = await request.get(`/api/admin/registrations?eventcode=${eventcode}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return adminRegistrationsResponse.parse(await res.json());
}

/** Every group of the event with its seats, as the organizer sees them. */
export async function seatingList(request: APIRequestContext, eventcode: string): Promise<AdminGroup[]> {
  return (await seating(request, eventcode)).groups;
}

/** Seat n's answers in words (as the seating list prints them), by field label. */
export async function answersOf(
  request: APIRequestContext,
  eventcode: string,
  n: number,
): Promise<Record<string, string>> {
  const list = await seating(request, eventcode);
  const seat = list.groups.flatMap((g) => g.seats)[n - 1];
  if (!seat) throw new Error(`no seat ${n}`);
  return Object.fromEntries(list.fields.map((f, i) => [f.fieldlabel, seat.answers[i] ?? '']));
}

/** Seat n (1-based) of the event's only purchase, as the organizer sees it. */
export async function seatOf(
  request: APIRequestContext,
  eventcode: string,
  n: number,
): Promise<AdminGroup['seats'][number]> {
  const seats = (await seatingList(request, eventcode)).flatMap((g) => g.seats);
  const seat = seats[n - 1];
  if (!seat) throw new Error(`no seat ${n} among ${seats.length}`);
  return seat;
}

/** The organizer locks (or unlocks) seat n. Answers its guest id. */
export async function lockSeat(
  request: APIRequestContext,
  eventcode: string,
  n: number,
  locked = true,
): Promise<number> {
  const { guestid } = await seatOf(request, eventcode, n);
  const res = await request.put('/api/admin/registrations/lock', {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { eventcode, guestid, locked },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return guestid;
}
