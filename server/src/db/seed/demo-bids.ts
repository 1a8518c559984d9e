import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { accounts, auctionItems, bidders } from '../schema';
import { ensureBidder } from '../../features/accounts/service';
import { applyBid, type BidRequest } from '../../features/bids/service';
import { findTenant } from '../../tenancy';

/** The demo's bidders: plainly made up, verified, with no password (nobody signs in as them). One bids anonymously. */
const DEMO_BIDDERS = [
  { firstname: 'Avery', anonymous: false },
  { firstname: 'Blake', anonymous: false },
  { firstname: 'Casey', anonymous: true },
  { firstname: 'Devon', anonymous: false },
  { firstname: 'Emery', anonymous: false },
].map((b, i) => ({ ...b, email: `demo.bidder${i + 1}@example.org`, lastname: 'Demo' }));

/**
 * The bids the demo opens with, oldest first: [itemnum, bidder (index), request in cents]. None on
 * item 101 or on the items the tests read of the demo; one automatic bid answers a later bid.
 */
const DEMO_BIDS: Array<[string, number, BidRequest]> = [
  ['102', 0, { kind: 'manual', amount: 80_000 }],
  ['105', 2, { kind: 'manual', amount: 25_000 }],
  ['117', 3, { kind: 'auto', max: 8_000, increment: 500 }],
  ['106', 1, { kind: 'manual', amount: 50_000 }],
  ['102', 1, { kind: 'manual', amount: 85_000 }],
  ['129', 4, { kind: 'manual', amount: 45_000 }],
  ['108', 3, { kind: 'manual', amount: 20_000 }],
  ['117', 1, { kind: 'manual', amount: 6_500 }],
  ['130', 2, { kind: 'manual', amount: 70_000 }],
  ['105', 3, { kind: 'manual', amount: 26_000 }],
  ['106', 4, { kind: 'manual', amount: 52_500 }],
  ['102', 0, { kind: 'manual', amount: 90_000 }],
];

/** Seconds between two demo bids; the last is placed a little before `now`, all after bidding opened. */
const BID_SPACING_S = 15;

/**
 * Bidders and bids for the demo event, placed through the bid service (the engine, history, prices)
 * as a phone's bids are, so the display board's ticker and total are lively from the start.
 */
export async function seedDemoBids(db: Db, now: Date): Promise<void> {
  const tenant = await findTenant(db, 'demo', 'demo');
  const bidderIds: number[] = [];
  for (const b of DEMO_BIDDERS) {
    const id = await db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          organizationId: tenant.organization.id,
          email: b.email,
          emailVerified: true,
          firstname: b.firstname,
          lastname: b.lastname,
          zip: '60601',
        })
        .returning({ id: accounts.id });
      if (!account) throw new Error('demo account insert returned nothing');
      const bidder = await ensureBidder(tx, tenant, account.id);
      return bidder.id;
    });
    bidderIds.push(id);
  }
  const anonymous = bidderIds.filter((_, i) => DEMO_BIDDERS[i]?.anonymous);
  if (anonymous.length > 0)
    await db.update(bidders).set({ bidanonymously: true }).where(inArray(bidders.id, anonymous));
  const items = await db
    .select({ id: auctionItems.id, itemnum: auctionItems.itemnum })
    .from(auctionItems)
    .where(
      and(
        eq(auctionItems.eventId, tenant.event.id),
        inArray(auctionItems.itemnum, [...new Set(DEMO_BIDS.map(([n]) => n))]),
      ),
    );
  const itemId = new Map(items.map((i) => [i.itemnum, i.id]));
  for (const [n, [itemnum, who, request]] of DEMO_BIDS.entries()) {
    const at = new Date(now.getTime() - (DEMO_BIDS.length - n) * BID_SPACING_S * 1000);
    const bidderId = bidderIds[who];
    const id = itemId.get(itemnum);
    if (bidderId === undefined || id === undefined) throw new Error(`demo bid ${n} names no bidder or item`);
    await db.transaction((tx) => applyBid(tx, { tenant, bidderId, itemId: id, action: request, now: at }));
  }
}
