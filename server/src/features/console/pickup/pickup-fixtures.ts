import { eq } from 'drizzle-orm';
import { auctionItems, pickupCodes } from '../../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { eventDocument, item } from '../../../test/documents';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buyNow, checkoutAs, testCryptogram } from '../../../test/payments-fixtures';

export const NOW = new Date('2026-12-01T18:00:00Z');

/** What the pickup tests stand on: an event whose bidders won items at three locations, some paid for. */
export interface PickupWorld {
  t: TestApp;
  ann: TestBidder;
  bob: TestBidder;
  /** Ann's won items by item number (historyids): wine and tote paid by card, print still in her cart. */
  annItems: Record<'wine' | 'tote' | 'print', number>;
  /** Bob's wine, on a Bill Me order (not paid). */
  bobWine: number;
  annCode: string;
  bobCode: string;
}

/** Buy It Now items, sold at the locations a pickup desk walks. */
const pickupItems = [
  item('wine', {
    name: 'Wine Tasting',
    buyitnowonly: true,
    buyitnowprice: 40,
    quantity: 50,
    startingbid: 0,
    location: 'Gift table',
    pickupinstructions: 'Gift table after 9 pm.',
  }),
  item('tote', {
    name: 'Gala Tote',
    buyitnowonly: true,
    buyitnowprice: 25,
    quantity: 50,
    startingbid: 0,
    location: 'Coat check',
  }),
  item('print', {
    name: 'Signed Print',
    buyitnowonly: true,
    buyitnowprice: 60,
    quantity: 5,
    startingbid: 0,
    location: 'Gift table',
  }),
];

async function codeOf(t: TestApp, who: TestBidder): Promise<string> {
  const [row] = await t.ctx.db.select().from(pickupCodes).where(eq(pickupCodes.bidderId, who.bidderId));
  if (!row) throw new Error('no pickup code made at checkout');
  return row.code;
}

/** Pays through the phone's checkout: a test card, or Bill Me. */
async function checkout(t: TestApp, who: TestBidder, historyid: number[], total: number, billme = false) {
  const pay = billme ? { billme: true } : { processortoken: await testCryptogram(t, 'gala', '4242424242424242') };
  const res = await checkoutAs(t, who, { historyid, totalamount: total, ...pay });
  if (res.statusCode !== 200) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
}

export async function pickupWorld(): Promise<PickupWorld> {
  const t = await createTestApp({}, NOW);
  await importEvent(
    t,
    eventDocument(NOW, {
      event: { ccfeespercent: 0, allowbillme: true, pickupinstructions: 'Ballroom desk from 9 pm.' },
      items: pickupItems,
    }),
  );
  const rows = await t.ctx.db.select({ id: auctionItems.id, itemnum: auctionItems.itemnum }).from(auctionItems);
  const idOf = (itemnum: string) => rows.find((r) => r.itemnum === itemnum)?.id ?? 0;
  const ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  const bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
  const annItems = {
    wine: await buyNow(t, ann, 'gala', idOf('wine')),
    tote: await buyNow(t, ann, 'gala', idOf('tote')),
    print: await buyNow(t, ann, 'gala', idOf('print')),
  };
  await checkout(t, ann, [annItems.wine, annItems.tote], 65);
  const bobWine = await buyNow(t, bob, 'gala', idOf('wine'));
  await checkout(t, bob, [bobWine], 40, true);
  return { t, ann, bob, annItems, bobWine, annCode: await codeOf(t, ann), bobCode: await codeOf(t, bob) };
}
