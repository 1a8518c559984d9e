import { eq } from 'drizzle-orm';
import { checkoutAmounts } from '@gavel/domain';
import { accounts, bidders, orders } from '../../../db/schema';
import { closeAllDueItems } from '../../bids/closing';
import { importEvent, makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { signedInStaff, type TestStaff } from '../../../test/console-fixtures';
import { eventDocument, item, storeItem } from '../../../test/documents';
import { ADMIN, type TestApp } from '../../../test/harness';
import { buyNow, checkoutAs, testCryptogram } from '../../../test/payments-fixtures';
import { cartWith, checkoutBody, checkoutCart, mustConfirmBillMe } from '../../../test/store-fixtures';
import { storeIds } from '../../../test/store-state';
import { itemIds } from '../chargeall/chargeall-fixtures';
import { pay } from '../desk/desk-fixtures';
import { bidOn } from '../items/items-fixtures';
import { pledge, sell } from '../live/live-fixtures';

/**
 * The reports' night, made through the calls: silent wins at the close (by the closing job), a live
 * sale, Buy It Now, a fund-a-need pledge, the store (a ticket and merchandise by card with a
 * donation and the fee; merchandise on Bill Me), a donation and a covered fee at a phone checkout,
 * cash and a check at the desk, cards, and a refund through POST /admin/refund.
 */

export const now = new Date('2026-12-01T18:00:00Z');
const VISA = '4242424242424242';

export const reportsGala = () =>
  eventDocument(now, {
    event: { ccfeespercent: 3, allowpayccfees: true, allowbillme: true },
    items: [
      item('101', { name: 'Wine Tasting', location: 'Table 1', fairmarketvalue: 400, startingbid: 100 }),
      item('102', { name: 'Signed Ball', location: 'Table 2', fairmarketvalue: 50, startingbid: 50 }),
      item('103', { name: 'Cooking Class', location: 'Table 2', fairmarketvalue: 80 }),
      item('gift', {
        name: 'Gift Basket',
        buyitnowonly: true,
        unlimitedquantity: true,
        buyitnowprice: 40,
        startingbid: 0,
      }),
      item('201', { name: 'Tuscany Villa', itemisliveonly: true, startingbid: 1000, fairmarketvalue: 1200 }),
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
        storeItem('tkt', { name: 'Dinner Ticket', price: 100 }),
        storeItem('mug', { tab: 'Merchandise', section: 'Mugs', name: 'Mug', price: 12.5, unlimited: true, seats: 0 }),
      ],
    },
  });

export interface Night {
  owner: TestStaff;
  staffer: TestStaff;
  volunteer: TestStaff;
  otherOwner: TestStaff;
  ann: TestBidder;
  bob: TestBidder;
  cara: TestBidder;
  /** Cara's phone order, refunded. */
  refundedOrder: number;
}

async function numberOf(t: TestApp, who: TestBidder): Promise<number> {
  const [row] = await t.ctx.db.select().from(bidders).where(eq(bidders.id, who.bidderId));
  return row?.bidderdisplaynumber ?? 0;
}

async function signedInAgain(t: TestApp, member: TestStaff): Promise<TestStaff> {
  const code = member.email === 'owner@other.org' ? 'other' : 'demo';
  const token = await t.ctx.tokens.signStaff({ staffid: member.id, auctioncode: code, ver: 0 }, t.ctx.clock());
  return { ...member, token, headers: { authorization: `Bearer ${token}` } };
}

const must = async (step: string, answer: Promise<{ ok: boolean; statusCode: number }>) => {
  const res = await answer;
  if (!res.ok) throw new Error(`${step}: ${res.statusCode}`);
};

export async function reportsNight(t: TestApp): Promise<Night> {
  await importEvent(t, reportsGala());
  await importEvent(t, eventDocument(now, { auctioncode: 'other', eventcode: 'spring' }));
  const owner = await signedInStaff(t, { role: 'owner', name: 'Olive Owner' });
  const staffer = await signedInStaff(t, { role: 'staff', name: 'Sam Staff' });
  const volunteer = await signedInStaff(t, { role: 'volunteer' });
  const otherOwner = await signedInStaff(t, { role: 'owner', auctioncode: 'other', email: 'owner@other.org' });
  const ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  const bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
  const cara = await makeBidder(t, 'gala', 'cara@example.org', { firstname: 'Cara' });
  await t.ctx.db.update(accounts).set({ cellphone: '(312) 555-0101' }).where(eq(accounts.id, ann.accountId));
  const ids = await itemIds(t);

  // Silent bids, won at the close.
  if ((await bidOn(t, ann, ids['101']!, 550)).statusCode !== 200) throw new Error('bid on 101');
  if ((await bidOn(t, bob, ids['102']!, 60)).statusCode !== 200) throw new Error('bid on 102');
  // Buy It Now, paid on the phone by card with a $5 donation and the 3% fee covered.
  const annGift = await buyNow(t, ann, 'gala', ids.gift!);
  const amounts = checkoutAmounts({ subtotal: 4000, donation: 500, coverFee: true, percent: 3 });
  const paid = await checkoutAs(t, ann, {
    historyid: [annGift],
    processortoken: await testCryptogram(t, 'gala', VISA),
    additionaldonation: 5,
    ccfeesexactamount: amounts.fee / 100,
    totalamount: amounts.total / 100,
  });
  if (paid.statusCode !== 200) throw new Error(`ann's checkout: ${paid.body}`);
  // Cara's gift, paid by card, then refunded.
  const caraGift = await buyNow(t, cara, 'gala', ids.gift!);
  const caraPaid = await checkoutAs(t, cara, {
    historyid: [caraGift],
    processortoken: await testCryptogram(t, 'gala', VISA),
    totalamount: 40,
  });
  if (caraPaid.statusCode !== 200) throw new Error(`cara's checkout: ${caraPaid.body}`);
  // The live auction and the paddle raise.
  await must(
    'live sale',
    sell(t, staffer.headers, { itemnum: '201', biddernumber: await numberOf(t, bob), amount: 150_000 }),
  );
  await must(
    'pledge',
    pledge(t, staffer.headers, { itemnum: '300', biddernumber: await numberOf(t, cara), amount: 50_000 }),
  );
  // The store: a ticket and two mugs by card (a $10 donation, the fee covered), and a mug on Bill Me for Bob.
  const store = await storeIds(t.ctx.db);
  const cardCart = await cartWith(t, { tkt: store.tkt ?? 0, mug: store.mug ?? 0 }, { tkt: 1, mug: 2 });
  const cardBody = await checkoutBody(
    t,
    cardCart,
    {
      donation: 1000,
      coverFee: true,
      processortoken: await testCryptogram(t, 'gala', VISA),
    },
    { email: 'dee@example.org', first: 'Dee', last: 'Buyer' },
  );
  await must('store card order', checkoutCart(t, cardCart, cardBody));
  const billCart = await cartWith(t, { mug: store.mug ?? 0 }, { mug: 1 });
  const billBody = await checkoutBody(t, billCart, { method: 'BILLME' }, { email: 'bob@example.org' });
  await must('store Bill Me order', checkoutCart(t, billCart, billBody));
  await mustConfirmBillMe(t, 'bob@example.org');

  // The close: the closing job records the silent wins.
  t.setNow(new Date(now.getTime() + 25 * 3_600_000));
  await closeAllDueItems(t.ctx.db, t.ctx.clock(), () => undefined);
  // A staff session lasts 12 hours: the morning after, everyone has signed in again.
  const owner2 = await signedInAgain(t, owner);
  const staffer2 = await signedInAgain(t, staffer);
  const volunteer2 = await signedInAgain(t, volunteer);
  const otherOwner2 = await signedInAgain(t, otherOwner);

  // The desk: Bob pays $500 cash to Sam, then the rest by check to the owner; Cara pays her pledge in cash.
  await must('cash', pay(t, staffer2, bob, { method: 'cash', amount: 50_000 }));
  const bobDue = 6000 + 150_000 + 1250 - 50_000;
  await must('check', pay(t, owner2, bob, { method: 'check', amount: bobDue, reference: '1042' }));
  await must('cara cash', pay(t, staffer2, cara, { method: 'cash', amount: 20_000 }));

  // The refund of Cara's phone order.
  const [caraOrder] = await t.ctx.db.select().from(orders).where(eq(orders.bidderId, cara.bidderId));
  const refund = await t.app.inject({
    method: 'POST',
    url: '/api/admin/refund',
    headers: ADMIN,
    payload: { eventcode: 'gala', orderid: caraOrder!.id },
  });
  if (refund.statusCode !== 200) throw new Error(`refund: ${refund.body}`);
  return {
    owner: owner2,
    staffer: staffer2,
    volunteer: volunteer2,
    otherOwner: otherOwner2,
    ann,
    bob,
    cara,
    refundedOrder: caraOrder!.id,
  };
}
