import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { storeCartResponse } from '@gavel/domain';
import { storeItem } from '../../testkit/documents';
import { galaStore, importStore, itemNamed, storedCart } from './store';

/** Helpers for the cart hold's journeys: a store with a short hold, the page's token and its end, and the page's clock. */

/** A gala store with a short hold and one ticket of plenty. */
export function holdStore(holdminutes: number) {
  return galaStore({ holdminutes, items: [storeItem('ticket', { name: 'Gala Ticket', price: 100, quantity: 50 })] });
}

/** Imports the store (again, to change its hold); answers the ticket's id. */
export async function importHoldStore(
  request: APIRequestContext,
  eventcode: string,
  holdminutes: number,
): Promise<number> {
  return itemNamed(await importStore(request, eventcode, holdStore(holdminutes)), 'Gala Ticket').id;
}

/** A cart token's exp in milliseconds: the end of the hold it was issued for. */
export function tokenEnds(token: string): number {
  const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  if (typeof payload !== 'object' || payload === null || !('exp' in payload) || typeof payload.exp !== 'number')
    throw new Error('a cart token without exp');
  return payload.exp * 1000;
}

/** The page's cart token, failing loudly when it has none. */
export async function heldToken(page: Page, eventcode: string): Promise<string> {
  const token = await storedCart(page, eventcode);
  if (!token) throw new Error(`the page holds no cart token for ${eventcode}`);
  return token;
}

/** The cart as the server has it, with this token. */
export async function serverCart(request: APIRequestContext, token: string) {
  const res = await request.get('/api/storecart', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return storeCartResponse.parse(await res.json());
}

/**
 * Moves the page's clock (installed with page.clock) so that `ms` are left before `ends`. The server's
 * clock does not move: the page counts down by its estimate of it, made when it loaded.
 */
export async function leaveOnHold(page: Page, ends: number, ms: number): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.fastForward(Math.max(0, ends - ms - now));
}
