import { asc, desc, eq } from 'drizzle-orm';
import type { RequestOf } from '@gavel/domain';
import {
  audit,
  idempotencyKeys,
  orders,
  outbox,
  paymentAllocations,
  payments,
  pledges,
  storeOrders,
  wonItems,
} from '../../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument, item, storeItem } from '../../../test/documents';
import type { TestApp } from '../../../test/harness';
import { newKey } from '../../../test/payments-fixtures';
import { bearer, cartWith, checkoutBody, checkoutCart } from '../../../test/store-fixtures';
import { storeIds } from '../../../test/store-state';
import { itemIds } from '../chargeall/chargeall-fixtures';

/** The checkout desk's tests: a gala with Buy It Now gifts, a live lot, a fund-a-need and a store with Bill Me. */

export const now = new Date('2026-12-01T18:00:00Z');
export const VISA = '4242424242424242';
export const DECLINED = '4000000000000002';

export const deskGala = () =>
  eventDocument(now, {
    event: { ccfeespercent: 3, allowpayccfees: true, allowbillme: true },
    items: [
      item('gift', {
        name: 'Gift Basket',
        buyitnowonly: true,
        unlimitedquantity: true,
        buyitnowprice: 40,
        startingbid: 0,
      }),
      item('tote', {
        name: 'Gala Tote',
        buyitnowonly: true,
        unlimitedquantity: true,
        buyitnowprice: 25.5,
        startingbid: 0,
      }),
      item('201', { name: 'Tuscany Villa', itemisliveonly: true, startingbid: 1000 }),
      item('300', {
        name: 'Books for Every Classroom',
        itemisliveonly: true,
        startingbid: 0,
        paddlelevels: [500, 100],
      }),
    ],
    store: {
      billme: true,
      items: [
        storeItem('mug', { tab: 'Merchandise', section: 'Mugs', name: 'Mug', price: 12.5, unlimited: true, seats: 0 }),
      ],
    },
  });

export interface Desk {
  volunteer: TestStaff;
  staffer: TestStaff;
  otherOwner: TestStaff;
  ids: Record<string, number>;
}

export async function deskWorld(t: TestApp): Promise<Desk> {
  await importEvent(t, deskGala());
  await importEvent(t, eventDocument(now, { auctioncode: 'other', eventcode: 'spring' }));
  return {
    volunteer: await signedInStaff(t, { role: 'volunteer', name: 'Val Volunteer' }),
    staffer: await signedInStaff(t, { role: 'staff', name: 'Sam Staff' }),
    otherOwner: await signedInStaff(t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' }),
    ids: await itemIds(t),
  };
}

let made = 0;
/** A new bidder of the gala. */
export const guest = (t: TestApp, name: string) =>
  makeBidder(t, 'gala', `${name.toLowerCase()}${++made}@example.org`, { firstname: name });

export type PaymentBody = RequestOf<'POST /console/events/:eventcode/bidders/:bidderid/payments'>;

/** A payment at the desk (cents inside), under `key` (a fresh one unless given; null sends none). */
export function pay(
  t: TestApp,
  staff: TestStaff,
  who: TestBidder,
  body: Partial<PaymentBody> & Pick<PaymentBody, 'method' | 'amount'>,
  key: string | null = newKey(),
) {
  return call(
    t.app,
    'POST /console/events/:eventcode/bidders/:bidderid/payments',
    { reference: '', forbidderids: [], ...body },
    {
      params: { eventcode: 'gala', bidderid: who.accountId },
      headers: { ...staff.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    },
  );
}

export async function balance(t: TestApp, staff: TestStaff, who: TestBidder) {
  const res = await call(t.app, 'GET /console/events/:eventcode/bidders/:bidderid/balance', undefined, {
    params: { eventcode: 'gala', bidderid: who.accountId },
    headers: staff.headers,
  });
  if (!res.ok) throw new Error(`balance answered ${res.statusCode}: ${res.failure.message}`);
  return res.answer;
}

/** Buys a store mug with Bill Me as `who` (by their email): a store order to pay at the desk. */
export async function storeBillMe(t: TestApp, email: string): Promise<number> {
  const ids = await storeIds(t.ctx.db);
  const token = await cartWith(t, { mug: ids.mug ?? 0 }, { mug: 2 });
  const body = await checkoutBody(t, token, { method: 'BILLME' }, { email });
  const res = await checkoutCart(t, token, body);
  if (!res.ok) throw new Error(`store checkout: ${res.statusCode} ${res.failure.message}`);
  const [order] = await t.ctx.db.select().from(storeOrders).orderBy(desc(storeOrders.id)).limit(1);
  return order?.id ?? 0;
}
export { bearer };

/** Every row a desk payment can write, to show a refusal wrote nothing. */
export async function deskState(t: TestApp) {
  const db = t.ctx.db;
  return {
    payments: await db.select().from(payments).orderBy(asc(payments.id)),
    allocations: await db.select().from(paymentAllocations),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    won: await db.select().from(wonItems).orderBy(asc(wonItems.id)),
    pledges: await db.select().from(pledges).orderBy(asc(pledges.id)),
    store: await db.select().from(storeOrders).orderBy(asc(storeOrders.id)),
    audit: await db.select().from(audit).orderBy(asc(audit.id)),
    keys: await db.select().from(idempotencyKeys),
    mail: await db.select({ id: outbox.id }).from(outbox),
  };
}

/** The bidder's won items not yet in any order (their phone's cart). */
export const openItems = async (t: TestApp, who: TestBidder) =>
  (await t.ctx.db.select().from(wonItems).where(eq(wonItems.bidderId, who.bidderId))).filter(
    (w) => w.checkoutId === null,
  );
