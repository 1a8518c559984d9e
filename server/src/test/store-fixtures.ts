import { type AnswerOf, type RequestOf, storeAmounts } from '@gavel/domain';
import { linkSecret } from './account-fixtures';
import { call } from './call';
import type { TestApp } from './harness';

/**
 * The store's calls as a visitor makes them: a cart opened with storesetup2 and its token sent as
 * the bearer of every other call.
 */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function openCart(t: TestApp, eventcode = 'gala'): Promise<string> {
  const res = await call(t.app, 'POST /storesetup2', { eventcode });
  if (!res.ok) throw new Error(`storesetup2 answered ${res.statusCode}: ${res.failure.message}`);
  return res.answer.token;
}

/** Sets a line's quantity; answers the call's outcome (a success carries the renewed token). */
/** A new cart holding these quantities of the items with these codes (`ids` by code); answers its newest token. */
export async function cartWith(
  t: TestApp,
  ids: Record<string, number>,
  lines: Record<string, number>,
): Promise<string> {
  let token = await openCart(t);
  for (const [code, quantity] of Object.entries(lines)) {
    const res = await setQty(t, token, ids[code] ?? 0, quantity);
    if (!res.ok || res.answer.status !== 'success') throw new Error(`could not take ${quantity} ${code}`);
    token = res.answer.token;
  }
  return token;
}

export function setQty(t: TestApp, token: string, itemid: number, quantity: number) {
  return call(t.app, 'POST /storecartadditem', { itemid, quantity }, { headers: bearer(token) });
}

export async function cartOf(t: TestApp, token: string): Promise<AnswerOf<'GET /storecart'>> {
  const res = await call(t.app, 'GET /storecart', undefined, { headers: bearer(token) });
  if (!res.ok) throw new Error(`storecart answered ${res.statusCode}: ${res.failure.message}`);
  return res.answer;
}

export const billing = {
  first: 'Ann',
  last: 'Lee',
  address: '1 Main St',
  city: 'Chicago',
  state: 'IL',
  zip: '60601',
  email: 'ann@example.org',
};

/**
 * The checkout a page would send for the cart as it stands: the sums from the same rules, for a
 * donation (cents) and the fee covered or not; overrides replace any field.
 */
export async function checkoutBody(
  t: TestApp,
  token: string,
  opts: { donation?: number; coverFee?: boolean; method?: 'CREDIT' | 'BILLME' | 'FREE'; processortoken?: string } = {},
  overrides: Partial<RequestOf<'PUT /storecheckout'>> = {},
): Promise<RequestOf<'PUT /storecheckout'>> {
  const cart = await cartOf(t, token);
  const lines = cart.cartitems.map((l) => ({ itemId: l.itemid, quantity: l.quantity, price: l.price }));
  // The card fee is a card payment's: Bill Me never carries it.
  const coverFee = (opts.coverFee ?? false) && (opts.method ?? 'CREDIT') === 'CREDIT';
  const sums = storeAmounts({
    lines,
    discount: cart.discountamount,
    donation: opts.donation ?? 0,
    coverFee,
    percent: cart.ccfee,
  });
  return {
    ...billing,
    subtotal: sums.subtotal,
    discountamount: sums.discount,
    additionaldonation: sums.donation,
    ccfeesamount: sums.fee,
    totalamount: sums.total,
    paymentmethod: opts.method ?? (sums.total === 0 ? 'FREE' : 'CREDIT'),
    ...(opts.processortoken ? { processortoken: opts.processortoken } : {}),
    ...overrides,
  };
}

export function checkoutCart(t: TestApp, token: string, body: RequestOf<'PUT /storecheckout'>) {
  return call(t.app, 'PUT /storecheckout', body, { headers: bearer(token) });
}

/**
 * The bidder with that address taps the link mailed after a Bill Me store order to it: the only
 * way the order goes on their balance (features/store/bill-me-link.ts). Answers the call's outcome.
 */
export async function confirmBillMe(t: TestApp, email: string, { eventcode = 'gala', confirm = true } = {}) {
  const token = await linkSecret(t, email, `/${eventcode}/event/bill-me/`);
  return call(t.app, 'POST /storebillme', { eventcode, token, confirm });
}

/** As confirmBillMe, refused when the order did not go on the balance. */
export async function mustConfirmBillMe(t: TestApp, email: string, eventcode = 'gala'): Promise<void> {
  const res = await confirmBillMe(t, email, { eventcode });
  if (!res.ok || !res.answer.onbalance) throw new Error(`Bill Me link for ${email}: ${JSON.stringify(res)}`);
}
