import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LiveBidEntry } from '@gavel/domain';
import type { WrittenBid } from '../../realtime/publish';
import {
  boardBidderNumber,
  buyNowAvailable,
  buyNowQuantityProblem,
  formatClosingTime,
  isSoldOut,
  itemBidStatus,
  publicBidderName,
} from '@gavel/domain';
import type { Tx } from '../../db/client';
import { runIn } from '../../db/prepared';
import { accounts, auctionItems, bidders, paymentMethods, watchlist, wonItems } from '../../db/schema';
import { AppError } from '../../errors';
import type { Tenant } from '../../tenancy';
import type { ItemRow } from '../items/presenter';
import { nameColumns } from '../items/queries';
import { cardFlags } from '../../payments/card-flags';
import { refusalError } from './refusals';
import { type BidderFacts, type BidderName, type BidInput, type Placed, placeBidIn } from './statements';

export type { BidRequest } from './statements';

/** How a bidder appears in a bid's history: their public name, and their number for the display board (null when anonymous). */
export type ShownBidder = Pick<LiveBidEntry, 'biddername' | 'biddernumber'>;

/** The bidder may bid (authorized, verified), with whether they watch the item, for the answer. */
export interface MayBid {
  watching: boolean;
  /**
   * How the bidder and the item's leader appear: a bid's history entries are only ever theirs
   * (the engine writes the challenger's bid and the standing leader's answer).
   */
  shown: Map<number, ShownBidder>;
}

/**
 * The refusals of a bidder who may not bid (not of this event, not authorized, not verified, no
 * card where the event asks for one), from the facts Buy It Now read: the bidder and the item's
 * leader, whether the bidder watches the item and has a card on file. A bid's function
 * (`gavel_place_bid`) makes the same checks in the same order, answered in the same words
 * (refusals.ts).
 */
export function mayBid({
  tenant,
  bidderId,
  people,
  watching,
  hasCard,
}: {
  tenant: Tenant;
  bidderId: number;
  people: BidderFacts[];
  watching: boolean;
  hasCard: boolean;
}): MayBid {
  const bidder = people.find((r) => r.id === bidderId);
  if (!bidder) throw refusalError('unauthorized');
  if (!bidder.authorizebidder) throw refusalError('not_authorized');
  if (!bidder.verified) throw refusalError('not_verified');
  if (cardFlags(tenant.event, hasCard).needscardtobid) throw refusalError('card_needed');
  return { watching, shown: shownBidders(tenant, people) };
}

/** How each of the bidders appears in the event's bid history and on the display board. */
export function shownBidders(tenant: Tenant, people: BidderName[]): Map<number, ShownBidder> {
  const anonymous = tenant.event.allowanonymousbidding;
  return new Map(
    people.map((r) => [
      r.id,
      { biddername: publicBidderName(r.name, anonymous), biddernumber: boardBidderNumber(r.name, anonymous) },
    ]),
  );
}

/** mayBid with its facts read through Drizzle, for Buy It Now (a bid checks them in its own function, gavel_place_bid). */
export async function assertMayBid(tx: Tx, tenant: Tenant, bidderId: number, item: ItemRow): Promise<MayBid> {
  const ids =
    item.leaderBidderId !== null && item.leaderBidderId !== bidderId ? [bidderId, item.leaderBidderId] : [bidderId];
  const rows = await tx
    .select({
      id: bidders.id,
      name: nameColumns,
      authorizebidder: bidders.authorizebidder,
      verified: accounts.emailVerified,
      watching: sql<boolean>`exists (select 1 from ${watchlist} where ${watchlist.bidderId} = ${bidders.id} and ${watchlist.itemId} = ${item.id})`,
      // Looked up only where the event asks for a card to bid: every other bid skips it.
      hasCard: tenant.event.needscardtobid
        ? sql<boolean>`exists (select 1 from ${paymentMethods} where ${paymentMethods.bidderId} = ${bidders.id} and ${paymentMethods.processorcode} = ${tenant.event.paymentprocessorcode})`
        : sql<boolean>`true`,
    })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(and(inArray(bidders.id, ids), eq(bidders.eventId, tenant.event.id)));
  const me = rows.find((r) => r.id === bidderId);
  return mayBid({ tenant, bidderId, people: rows, watching: me?.watching ?? false, hasCard: me?.hasCard ?? false });
}

/**
 * The bids a placed bid wrote, newest first, as every viewer's history shows them (each with whose
 * it is, kept on the server): the names of the bidders it read, at the time it was placed.
 */
export function writtenBids(tenant: Tenant, placed: Placed): WrittenBid[] {
  const shown = shownBidders(tenant, placed.people);
  const bidtime = placed.now.toISOString();
  const bidtimecst = formatClosingTime(placed.now, tenant.event.timezone);
  return placed.history
    .map((h) => ({
      bidderid: h.bidderId,
      biddername: '',
      biddernumber: null,
      ...shown.get(h.bidderId),
      bidtime,
      bidtimecst,
      amount: h.amount,
      isauto: h.isAuto,
    }))
    .reverse();
}

/**
 * A bid in a transaction Drizzle holds (the demo seed's bids): the same statement as a bid from a
 * phone, so its rules and writes are the bid function's; a refusal throws as it would answer.
 */
export async function applyBid(tx: Tx, bid: Omit<BidInput, 'keep'>): Promise<Placed> {
  const outcome = await placeBidIn(runIn(tx), bid);
  if (outcome.kind === 'refused') throw refusalError(outcome.code, outcome.figure);
  if (outcome.kind !== 'placed') throw new Error('a bid without a key found a stored answer');
  return outcome.placed;
}

/**
 * The units a bidder has bought of an item by Buy It Now, for its per-bidder limit. Read after the
 * item's row lock: a purchase that waited for it sees the one before it committed.
 */
export async function boughtUnits(tx: Tx, itemId: number, bidderId: number): Promise<number> {
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${wonItems.quantity}), 0)`.mapWith(Number) })
    .from(wonItems)
    .where(and(eq(wonItems.itemId, itemId), eq(wonItems.bidderId, bidderId), eq(wonItems.kind, 'buynow')));
  return row?.units ?? 0;
}

/**
 * Buy It Now: takes the units atomically under the item lock and records the won item at once.
 * The item's maxpurchasequantity limits the bidder across their purchases (buyNowQuantityProblem).
 * When it sells out an item that also takes bids, the auction ends with it: the leading bidder
 * wins nothing, and is named in `displacedLeader` to be told.
 */
export async function buyNow(
  tx: Tx,
  {
    tenant,
    bidderId,
    item,
    quantity,
    now,
  }: {
    tenant: Tenant;
    bidderId: number;
    /** The item, locked by the transaction. */
    item: ItemRow;
    quantity: number;
    now: Date;
  },
): Promise<{ historyid: number; item: ItemRow; displacedLeader: number | null }> {
  if (item.itemisliveonly) throw refusalError('live_only');
  const status = itemBidStatus(item, tenant.event, now);
  if (status === 'biddingnotopen') throw refusalError('not_open');
  if (status !== 'biddingopen') throw new AppError('bad_request', 'This item is closed.');
  if (!buyNowAvailable(item)) {
    throw new AppError(
      'bad_request',
      isSoldOut(item) ? 'This item is sold out.' : 'Buy It Now is not available for this item.',
    );
  }
  // Only counted where there is a limit: an item without one never reads the bidder's purchases.
  const bought = item.maxpurchasequantity > 0 ? await boughtUnits(tx, item.id, bidderId) : 0;
  const problem = buyNowQuantityProblem(item, bought, quantity);
  if (problem) throw new AppError('bad_request', problem);
  const soldOutNow = isSoldOut({ ...item, quantitysold: item.quantitysold + quantity });
  const endsAuction = soldOutNow && !item.buyitnowonly;
  const [updated] = await tx
    .update(auctionItems)
    .set({
      quantitysold: item.quantitysold + quantity,
      updatedAt: now,
      ...(endsAuction ? { closedAt: now, leaderBidderId: null } : {}),
    })
    .where(eq(auctionItems.id, item.id))
    .returning();
  const [won] = await tx
    .insert(wonItems)
    .values({
      eventId: tenant.event.id,
      itemId: item.id,
      bidderId,
      kind: 'buynow',
      amount: item.buyitnowprice,
      quantity,
      createdAt: now,
    })
    .returning({ id: wonItems.id });
  if (!updated || !won) throw new Error('buy now write returned nothing');
  const displacedLeader =
    endsAuction && item.leaderBidderId !== null && item.leaderBidderId !== bidderId ? item.leaderBidderId : null;
  return { historyid: won.id, item: updated, displacedLeader };
}
