import { eq } from 'drizzle-orm';
import { auctionItems, events } from '../../../db/schema';
import { importEvent, makeBidder, type TestBidder } from '../../../test/account-fixtures';
import { eventDocument, item } from '../../../test/documents';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buyNow, checkoutAs, testCryptogram } from '../../../test/payments-fixtures';

export const NOW = new Date('2026-12-01T18:00:00Z');

/** What the printables' tests stand on: items at two locations, and bidders, one of whom paid. */
export interface PrintablesWorld {
  t: TestApp;
  /** The items' ids by item number. */
  itemIds: Record<string, number>;
  /** Paid $550 by card for the spa day, valued at $400. */
  ann: TestBidder;
  /** Paid nothing. */
  bob: TestBidder;
}

export const TAX_SETTINGS = {
  legalname: 'Acme Schools Foundation, Inc.',
  taxid: '12-3456789',
  receiptaddress: '1 School Lane\nSpringfield, IL 62701',
  receiptdisclosure: 'Acme Schools Foundation is a 501(c)(3) organization.',
};

export async function printablesWorld(): Promise<PrintablesWorld> {
  const t = await createTestApp({}, NOW);
  await importEvent(
    t,
    eventDocument(NOW, {
      event: { ccfeespercent: 0 },
      items: [
        item('101', {
          name: 'Weekend in Napa',
          donatedby: 'The Vines',
          description: 'Two nights for two in wine country.',
          fairmarketvalue: 900,
          startingbid: 300,
          minimumbidincrease: 25,
          location: 'Main hall',
        }),
        item('102', { name: 'Signed Ball', location: 'Lobby' }),
        item('spa', {
          name: 'Spa Day',
          buyitnowonly: true,
          buyitnowprice: 550,
          fairmarketvalue: 400,
          startingbid: 0,
          quantity: 5,
          location: 'Lobby',
        }),
      ],
    }),
  );
  // The receipt's settings, set on the row: what the event's settings form and the import write.
  await t.ctx.db.update(events).set(TAX_SETTINGS).where(eq(events.eventcode, 'gala'));
  const rows = await t.ctx.db.select({ id: auctionItems.id, itemnum: auctionItems.itemnum }).from(auctionItems);
  const itemIds = Object.fromEntries(rows.map((r) => [r.itemnum, r.id]));
  const ann = await makeBidder(t, 'gala', 'ann@example.org', { firstname: 'Ann' });
  const bob = await makeBidder(t, 'gala', 'bob@example.org', { firstname: 'Bob' });
  const spa = await buyNow(t, ann, 'gala', itemIds.spa ?? 0);
  const processortoken = await testCryptogram(t, 'gala', '4242424242424242');
  const paid = await checkoutAs(t, ann, { historyid: [spa], totalamount: 550, processortoken });
  if (paid.statusCode !== 200) throw new Error(`checkout: ${paid.statusCode} ${paid.body}`);
  return { t, itemIds, ann, bob };
}
