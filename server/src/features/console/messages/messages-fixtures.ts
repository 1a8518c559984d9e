import { eq } from 'drizzle-orm';
import type { MessageRequestValues } from '@gavel/domain';
import {
  accounts,
  audit,
  authLinks,
  checkins,
  consoleMessages,
  guestSeats,
  outbox,
  pickupCodes,
  registrations,
  storeOrders,
  textOptouts,
} from '../../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { call } from '../../../test/call';
import { eventDocument, storeItem } from '../../../test/documents';
import type { TestApp } from '../../../test/harness';
import { buyNow, checkoutAs, testCryptogram } from '../../../test/payments-fixtures';
import { checkOut } from '../../../test/registration-fixtures';
import { cartWith, checkoutBody, checkoutCart, mustConfirmBillMe } from '../../../test/store-fixtures';
import { storeIds } from '../../../test/store-state';
import { findTenant } from '../../../tenancy';
import { itemIds, plenty } from '../chargeall/chargeall-fixtures';

/**
 * A small night for the messages tests: four bidders and the store's people.
 *   Ann  (1): won the gift, owes it and a Bill Me mug; checked in; texts allowed.
 *   Bob  (2): won the gift and paid on his phone; a cell phone but no consent to texts.
 *   Cy   (3): won nothing; checked in; no phone.
 *   Dee  (4): won nothing; texts allowed, but she replied STOP.
 *   Erin: bought two tickets (not a bidder); her second seat holds Gus, who gave no email.
 */
export interface MessagesNight {
  ann: TestBidder;
  bob: TestBidder;
  cy: TestBidder;
  dee: TestBidder;
}

export const PICKUP = 'Ballroom desk from 9 pm.';

const phone = (t: TestApp, who: TestBidder, cellphone: string, allowtexting: boolean) =>
  t.ctx.db.update(accounts).set({ cellphone, allowtexting }).where(eq(accounts.id, who.accountId));

export async function messagesNight(t: TestApp, now: Date): Promise<MessagesNight> {
  await importEvent(
    t,
    eventDocument(now, {
      event: { ccfeespercent: 0, allowbillme: true, pickupinstructions: PICKUP },
      items: [plenty('gift', 40)],
      store: {
        billme: true,
        items: [
          storeItem('single', { name: 'Single Ticket', price: 100, quantity: 10 }),
          storeItem('mug', {
            tab: 'Merchandise',
            section: 'Mugs',
            name: 'Mug',
            price: 12.5,
            unlimited: true,
            seats: 0,
          }),
        ],
      },
    }),
  );
  const gift = (await itemIds(t)).gift ?? 0;
  const ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  const bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
  const cy = await makeBidder(t, 'gala', 'cy@example.org', { firstname: 'Cy' });
  const dee = await makeBidder(t, 'gala', 'dee@example.org', { firstname: 'Dee' });
  await phone(t, ann, '(312) 555-0101', true);
  await phone(t, bob, '312-555-0102', false);
  await phone(t, dee, '3125550104', true);
  const { event, organization } = await findTenant(t.ctx.db, 'demo', 'gala');
  await t.ctx.db.insert(textOptouts).values({ organizationId: organization.id, phone: '+13125550104', word: 'STOP' });
  await buyNow(t, ann, 'gala', gift);
  const bobWon = await buyNow(t, bob, 'gala', gift);
  const paid = await checkoutAs(t, bob, {
    historyid: [bobWon],
    totalamount: 40,
    processortoken: await testCryptogram(t, 'gala', '4242424242424242'),
  });
  if (paid.statusCode !== 200) throw new Error(`checkout: ${paid.body}`);
  // Checked in at the desk (the check-in calls have their own tests): the rows they write.
  for (const who of [ann, cy])
    await t.ctx.db.insert(checkins).values({ bidderId: who.bidderId, eventId: event.id, at: now });
  await checkOut(t, { single: 2 }, 'erin@example.org', 'Erin');
  await seatGus(t);
  await annBuysMugByBillMe(t);
  return { ann, bob, cy, dee };
}

/** Erin names Gus in her second seat, without an email (the registration pages' write, as it lands). */
async function seatGus(t: TestApp) {
  const [order] = await t.ctx.db.select().from(storeOrders).where(eq(storeOrders.email, 'erin@example.org'));
  if (!order) throw new Error('no order of Erin');
  const [gus] = await t.ctx.db
    .insert(registrations)
    .values({
      eventId: order.eventId,
      orderId: order.id,
      first: 'Gus',
      last: 'Guest',
      email: '',
      updatedAt: new Date(),
    })
    .returning();
  const seats = await t.ctx.db.select().from(guestSeats).where(eq(guestSeats.orderId, order.id));
  const free = seats.find((s) => s.registrationId === null);
  if (!gus || !free) throw new Error('no free seat for Gus');
  await t.ctx.db.update(guestSeats).set({ registrationId: gus.id }).where(eq(guestSeats.id, free.id));
}

async function annBuysMugByBillMe(t: TestApp) {
  const token = await cartWith(t, await storeIds(t.ctx.db), { mug: 1 });
  const body = await checkoutBody(t, token, { method: 'BILLME' }, { email: 'ann@example.org', first: 'Ann' });
  const res = await checkoutCart(t, token, body);
  if (!res.ok || res.answer.status !== 'success') throw new Error('Ann’s Bill Me order failed');
  await mustConfirmBillMe(t, 'ann@example.org');
}

/** POST messages as the screen sends it. */
export function postMessage(
  t: TestApp,
  headers: Record<string, string>,
  body: Partial<MessageRequestValues> & Pick<MessageRequestValues, 'audience' | 'channel' | 'body'>,
) {
  return call(
    t.app,
    'POST /console/events/:eventcode/messages',
    { template: '', subject: '', preview: false, ...body },
    { params: { eventcode: 'gala' }, headers },
  );
}

/** Every row a message writes, counted: a preview, a refusal or a replay leaves them all as they were. */
export async function written(t: TestApp) {
  const db = t.ctx.db;
  return {
    messages: (await db.select().from(consoleMessages)).length,
    outbox: (await db.select().from(outbox)).length,
    links: (await db.select().from(authLinks).where(eq(authLinks.kind, 'pay'))).length,
    codes: (await db.select().from(pickupCodes)).length,
    audit: (await db.select().from(audit)).length,
  };
}
