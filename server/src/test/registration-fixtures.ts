import type { ImportRegistrationInput } from '@gavel/domain';
import { call } from './call';
import { linkSecret } from './account-fixtures';
import type { TestApp } from './harness';
import { testCryptogram } from './payments-fixtures';
import { billing, bearer, checkoutBody, checkoutCart, openCart, setQty } from './store-fixtures';
import { importGala, storeIds } from './store-state';

/**
 * Guest registration as a buyer meets it: a gala whose guests answer a field of every control,
 * a purchase with seats checked out, and the links the receipt and guest emails carry.
 */
export function galaRegistration(over: Partial<ImportRegistrationInput> = {}): ImportRegistrationInput {
  return {
    title: 'Gala Guest Registration',
    fields: [
      { code: 'meal', label: 'Meal Choice', control: 2, required: true, lookups: ['Chicken', 'Fish', 'Vegetarian'] },
      { code: 'valet', label: 'Valet Parking', control: 1 },
      { code: 'age', label: 'Age', control: 3 },
      { code: 'pledge', label: 'Pledge', control: 4 },
      { code: 'notes', label: 'Notes', control: 5, textlength: 20 },
      { code: 'table', label: 'Table Number', control: 5, readonly: true, textlength: 10 },
    ],
    ...over,
  };
}

export async function importRegistrationGala(t: TestApp, now: Date, over: Partial<ImportRegistrationInput> = {}): Promise<Record<string, number>> {
  return importGala(t, now, { registration: galaRegistration(over) });
}

export interface Purchase {
  /** The checked-out cart's token (the store's Registration tab uses it). */
  cartToken: string;
  /** The secret of the receipt's Update Registration link. */
  purchaserSecret: string;
}

/** Buys these quantities by card as `email` (Ann Lee's billing otherwise) and answers the purchase's tokens. */
export async function buy(t: TestApp, lines: Record<string, number>, email = billing.email, first = billing.first): Promise<Purchase> {
  const ids = await storeIds(t.ctx.db);
  let token = await openCart(t);
  for (const [code, quantity] of Object.entries(lines)) {
    const res = await setQty(t, token, ids[code] ?? 0, quantity);
    if (!res.ok || res.answer.status !== 'success') throw new Error(`could not take ${quantity} ${code}`);
    token = res.answer.token;
  }
  const body = await checkoutBody(t, token, { processortoken: await testCryptogram(t, 'gala', '4242424242424242') }, { email, first });
  const res = await checkoutCart(t, token, body);
  if (!res.ok || res.answer.status !== 'success') throw new Error(`checkout failed: ${res.ok ? res.answer.status : res.failure.message}`);
  return { cartToken: res.answer.token || token, purchaserSecret: await linkSecret(t, email, 'purchaserregistration') };
}

/** Opens the purchaser's link: their groups and a registration token. */
export async function openPurchaserLink(t: TestApp, secret: string) {
  const res = await call(t.app, 'GET /purchaserregistration/:id', undefined, { params: { id: secret } });
  if (!res.ok) throw new Error(`purchaserregistration answered ${res.statusCode}: ${res.failure.message}`);
  return res.answer;
}

export const dialog = (t: TestApp, token: string, guestid: number, registrationid?: number) =>
  call(t.app, 'POST /storeguest', { guestid, ...(registrationid === undefined ? {} : { registrationid }) }, { headers: bearer(token) });

export const saveGuest = (t: TestApp, token: string, body: { guestid: number; registrationid: number; guestfieldslist: Array<{ fieldid: number; value: boolean | number | string }>; unlock?: boolean }) =>
  call(t.app, 'PUT /storeguest', body, { headers: bearer(token) });

export async function groupsOf(t: TestApp, token: string) {
  const res = await call(t.app, 'GET /storeguest', undefined, { headers: bearer(token) });
  if (!res.ok) throw new Error(`storeguest answered ${res.statusCode}: ${res.failure.message}`);
  return res.answer.groups;
}
