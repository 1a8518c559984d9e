import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BidAction, BidState, LiveBidEntry, Maximum } from '@gavel/domain';
import type { WrittenBid } from '../../realtime/publish';
import {
  boardBidderNumber,
  buyNowAvailable,
  buyNowQuantityProblem,
  CARD_NEEDED_TO_BID,
  NOT_AUTHORIZED,
  extendedClose,
  formatClosingTime,
  isSoldOut,
  itemBidStatus,
  placeBid,
  publicBidderName,
} from '@gavel/domain';
import type { Tx } from '../../db/client';
import { runIn } from '../../db/prepared';
import { accounts, auctionItems, bidders, itemMaxima, paymentMethods, watchlist, wonItems } from '../../db/schema';
import { AppError } from '../../errors';
import type { Tenant } from '../../tenancy';
import type { ItemRow } from '../items/presenter';
import { nameColumns } from '../items/queries';
import { cardFlags } from '../../payments/card-flags';
import { type BidderFacts, type BidWrite, writeBid } from './statements';

/** How a bidder appears in a bid's history: their public name, and their number for the display board (null when anonymous). */
export type ShownBidder = Pick<LiveBidEntry, 'biddername' | 'biddernumber'>;

/**
 * The bidder may bid (authorized, verified) — checked in the same query that tells whether they
 * watch the item, for the answer.
 */
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
 * card where the event asks for one), from the facts the bid read: the bidder and the item's
 * leader, whether the bidder watches the item and has a card on file.
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
  if (!bidder) throw new AppError('unauthorized', 'Your session is not valid. Please log in again.');
  if (!bidder.authorizebidder) throw new AppError('forbidden', NOT_AUTHORIZED);
  if (!bidder.verified) throw new AppError('forbidden', 'Please verify your email address before bidding.');
  if (cardFlags(tenant.event, hasCard).needscardtobid) throw new AppError('forbidden', CARD_NEEDED_TO_BID);
  const anonymous = tenant.event.allowanonymousbidding;
  return {
    watching,
    shown: new Map(
      people.map((r) => [
        r.id,
        { biddername: publicBidderName(r.name, anonymous), biddernumber: boardBidderNumber(r.name, anonymous) },
      ]),
    ),
  };
}

/** mayBid with its facts read through Drizzle, for Buy It Now (a bid reads them in its own statement, bids/statements.ts). */
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

function assertBiddable(item: ItemRow, tenant: Tenant, now: Date): void {
  if (item.itemisliveonly) throw new AppError('bad_request', 'This item is sold at the live auction.');
  if (item.buyitnowonly) throw new AppError('bad_request', 'This item is Buy It Now only.');
  const status = itemBidStatus(item, tenant.event, now);
  if (status === 'biddingnotopen') throw new AppError('bad_request', 'Bidding has not opened yet.');
  if (status === 'biddingclosed') throw new AppError('bad_request', 'Bidding is closed for this item.');
}

export interface BidResult {
  leading: boolean;
  item: ItemRow;
  previousLeader: number | null;
  /** The bidder's standing maximum after the bid, for the answer. */
  maximum: typeof itemMaxima.$inferSelect | undefined;
  /** The bids written, newest first, as every viewer's history shows them, with whose each is (kept on the server). */
  history: WrittenBid[];
}

export type BidRequest = { kind: 'manual'; amount: number } | { kind: 'auto'; max: number; increment: number };

/** One bid on an item its transaction has locked: who bids what, when, and how the bidders concerned appear. */
export interface BidOnItem {
  tenant: Tenant;
  bidderId: number;
  action: BidRequest;
  now: Date;
  /** The locked row. */
  item: ItemRow;
  /** How mayBid found the bidders appear. */
  shown: Map<number, ShownBidder>;
}

/**
 * One bid, automatic bid or change of maximum on the locked item, decided without I/O: the
 * engine on the item and its maxima, the refusals, the extended close and the history entries as
 * viewers see them (`shown`: how mayBid found the bidders appear).
 */
export function decideBid(bid: BidOnItem & { maxima: Maximum[] }): { result: BidResult; write: BidWrite } {
  const { tenant, bidderId, action, now, item, maxima, shown } = bid;
  assertBiddable(item, tenant, now);
  const state: BidState = { currentbid: item.currentbid, leader: item.leaderBidderId, maxima };
  // The new maximum is later than every stored one; its real sequence number is taken on write.
  const seq = Number.MAX_SAFE_INTEGER;
  const engineAction: BidAction =
    action.kind === 'manual'
      ? { kind: 'manual', bidderId, amount: action.amount, seq }
      : { kind: 'auto', bidderId, max: action.max, increment: action.increment, seq };
  const outcome = placeBid(item, state, engineAction, true);
  if (!outcome.ok) throw new AppError('bad_request', outcome.error.message);

  const mine = outcome.state.maxima.find((m) => m.bidderId === bidderId);
  const closing = outcome.history.length > 0 ? extendedClose(item, tenant.event, now) : undefined;
  const updated: ItemRow = {
    ...item,
    currentbid: outcome.state.currentbid,
    leaderBidderId: outcome.state.leader,
    numberofbids: item.numberofbids + outcome.history.length,
    closing: closing ?? item.closing,
    updatedAt: now,
  };
  const maximum = mine
    ? { itemId: item.id, bidderId, max: mine.max, increment: mine.increment, isAuto: mine.isAuto, seq: mine.seq }
    : undefined;
  const bidtimecst = formatClosingTime(now, tenant.event.timezone);
  const history = outcome.history
    .map((h) => ({
      bidderid: h.bidderId,
      biddername: '',
      biddernumber: null,
      ...shown.get(h.bidderId),
      bidtime: now.toISOString(),
      bidtimecst,
      amount: h.amount,
      isauto: h.isAuto,
    }))
    .reverse();
  const write: BidWrite = {
    bidderId,
    // The action as received; a manual bid's increment is the item's minimum increase.
    action:
      action.kind === 'manual'
        ? { kind: 'manual', amount: action.amount, increment: item.minimumbidincrease }
        : { kind: 'auto', amount: action.max, increment: action.increment },
    maximum: mine,
    history: outcome.history,
    item: updated,
    now,
  };
  return {
    result: {
      leading: outcome.state.leader === bidderId,
      item: updated,
      previousLeader: item.leaderBidderId,
      maximum,
      history,
    },
    write,
  };
}

/**
 * decideBid in a transaction Drizzle holds, on the item it has locked (the demo seed's bids):
 * the same decision and the same write statement as a bid from a phone.
 */
export async function applyBid(tx: Tx, bid: BidOnItem): Promise<BidResult> {
  const maxima = await tx.select().from(itemMaxima).where(eq(itemMaxima.itemId, bid.item.id));
  const decided = decideBid({ ...bid, maxima });
  await writeBid(runIn(tx), decided.write, undefined);
  return decided.result;
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
  if (item.itemisliveonly) throw new AppError('bad_request', 'This item is sold at the live auction.');
  const status = itemBidStatus(item, tenant.event, now);
  if (status !== 'biddingopen')
    throw new AppError(
      'bad_request',
      status === 'biddingnotopen' ? 'Bidding has not opened yet.' : 'This item is closed.',
    );
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
