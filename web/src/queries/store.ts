import { useRef } from 'react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, StoreSetupResponse } from '@gavel/domain';
import { ApiError, api } from '../api/client';
import '../api/storeCalls';
import { clearCartToken, readCartToken, storeCartToken, useCartToken } from '../session/cartToken';
import { useSession } from '../session/SessionProvider';
import { keys } from './keys';

/**
 * The event store's data: the landing page (no cart), the store with the visitor's cart, and the
 * cart itself. Every store call after the landing carries the event's cart token, never the login
 * token (session/cartToken.ts).
 */

/**
 * The cart is gone: the server's 'expired' (its hold has ended), or any 401 to a cart call (a
 * token it cannot read or of another event). Either way the token is of no more use, and
 * keeping it would leave the buyer stuck on a page that cannot load.
 */
export function isCartExpired(err: unknown): boolean {
  return err instanceof ApiError && (err.code === 'expired' || err.httpStatus === 401);
}

/**
 * A call with the event's cart token ('' when there is none). When the server says the cart has
 * expired, its token is forgotten (spec section 8) and `onExpired` runs (the page then leaves for
 * the store's landing page).
 */
export async function withCart<T>(
  eventcode: string,
  call: (token: string) => Promise<T>,
  onExpired?: () => void,
): Promise<T> {
  try {
    return await call(readCartToken(eventcode) ?? '');
  } catch (err) {
    if (isCartExpired(err)) {
      clearCartToken(eventcode);
      onExpired?.();
    }
    throw err;
  }
}

/** The landing page and the tabs (storesetup1): no cart, no token. */
export function useStoreLanding() {
  const { eventcode } = useSession();
  return useQuery({
    queryKey: keys.storeLanding(eventcode),
    queryFn: () => api('POST /storesetup1', { eventcode }, { anonymous: true }),
    enabled: eventcode !== '',
  });
}

/**
 * The store with the visitor's cart (storesetup2): without a cart token the server makes a cart
 * and hands its token over, which is kept. A visit that starts without a token starts a new cart,
 * so what was cached belongs to a cart that has ended and is dropped first. Once this visit's
 * cart has expired (its token gone) nothing is fetched again: that would make a new cart behind
 * the buyer's back; the page says to reload instead.
 */
export function useStoreSetup() {
  const { eventcode } = useSession();
  const client = useQueryClient();
  const token = useCartToken(eventcode);
  const visit = useRef('');
  // Before the query below is looked up in this render, so its first answer is the new cart's.
  if (visit.current !== eventcode) {
    visit.current = eventcode;
    if (readCartToken(eventcode) === null) forgetCart(client, eventcode);
  }
  const query = useQuery({
    queryKey: keys.storeSetup(eventcode),
    queryFn: () =>
      withCart(eventcode, async (t) => {
        const answer = await api('POST /storesetup2', { eventcode }, { token: t });
        storeCartToken(eventcode, answer.token);
        return answer;
      }),
    enabled: eventcode !== '' && (token !== null || client.getQueryData(keys.storeSetup(eventcode)) === undefined),
    refetchOnWindowFocus: false,
  });
  return query;
}

/** The cart of the event's cart token: lines, sums, payment settings and billing details. */
export function useStoreCart() {
  const { eventcode } = useSession();
  const token = useCartToken(eventcode);
  return useQuery({
    queryKey: keys.storeCart(eventcode),
    queryFn: () => withCart(eventcode, (t) => api('GET /storecart', undefined, { token: t })),
    enabled: token !== null,
  });
}

/** The cart now holds `quantity` of the item: every section listing it shows so. */
export function patchCartQuantity(client: QueryClient, eventcode: string, itemid: number, quantity: number): void {
  client.setQueryData<StoreSetupResponse>(keys.storeSetup(eventcode), (old) =>
    old
      ? {
          ...old,
          tabs: old.tabs.map((tab) => ({
            ...tab,
            sections: tab.sections.map((s) => ({
              ...s,
              data: s.data.map((i) => (i.id === itemid ? { ...i, cartquantity: quantity } : i)),
            })),
          })),
        }
      : old,
  );
}

/** The promo code's answer: on a refusal the server has taken any code off, so the discount is 0. */
export function patchCartDiscount(
  client: QueryClient,
  eventcode: string,
  answer: AnswerOf<'POST /storecartdiscount'>,
): void {
  client.setQueryData<AnswerOf<'GET /storecart'>>(keys.storeCart(eventcode), (old) =>
    old
      ? {
          ...old,
          discountamount: answer.discountamount,
          discountcode: answer.discountcode,
          hasdiscount: answer.status === 'success' && answer.discountcode !== '',
        }
      : old,
  );
}

/** What was fetched with a cart that has ended (its token is gone). */
function forgetCart(client: QueryClient, eventcode: string): void {
  client.removeQueries({ queryKey: keys.storeSetup(eventcode) });
  client.removeQueries({ queryKey: keys.storeCart(eventcode) });
}
