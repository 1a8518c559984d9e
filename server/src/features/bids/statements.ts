import { BID_CAP, type HistoryEntry } from '@gavel/domain';
import { type Row, type Run, rowFromJson, type Statement } from '../../db/prepared';
import { auctionItems, itemMaxima } from '../../db/schema';
import type { StoredAnswer } from '../../lib/idempotent';
import { cardFlags } from '../../payments/card-flags';
import type { Tenant } from '../../tenancy';
import type { ItemRow, MaximumRow } from '../items/presenter';
import { type BidRefusal, isBidRefusal } from './refusals';

/**
 * A bid is one statement, the call of the database function `gavel_place_bid`
 * (server/drizzle/0018_bid_function.sql): it locks the item, answers from the Idempotency-Key's
 * stored outcome, checks the bidder and the item, applies the bidding engine, writes everything
 * and answers what the server needs, so the item's lock is held for one round trip. Prepared,
 * because a bid is the hottest call and building its queries with Drizzle cost more than running
 * them.
 */

export type BidRequest = { kind: 'manual'; amount: number } | { kind: 'auto'; max: number; increment: number | null };

/** One bid: who bids what on which item, when, and the key its outcome is stored under (if sent). */
export interface BidInput {
  tenant: Tenant;
  itemId: number;
  bidderId: number;
  /** An automatic bid's increment null: the item's minimum increase. */
  action: BidRequest;
  now: Date;
  keep?: { key: string; route: string; requestHash: string } | undefined;
}

/** $1..$16 as the function names them (p_item ... p_request_hash). */
export const PLACE_BID: Statement = {
  name: 'gavel_bid_place',
  text: `select gavel_place_bid($1::int, $2::int, $3::int, $4::int, $5::timestamptz, $6::timestamptz, $7::int,
  $8::timestamptz, $9::text, $10::bigint, $11::bigint, $12::bigint, $13::timestamptz, $14::text, $15::text, $16::text) as outcome`,
};

/** How a bidder of the bid appears: their name as the history shows it is made from this. */
export interface BidderName {
  id: number;
  name: { firstname: string; lastname: string; bidanonymously: boolean; bidderdisplaynumber: number };
}

/** What a placed bid did, as the function answers it and stores it under the key. */
export interface Placed {
  /** The item after the bid. */
  item: ItemRow;
  previousLeader: number | null;
  /** The bidder's standing maximum after the bid (absent only if the engine kept none). */
  maximum: MaximumRow | undefined;
  /** The bids written, oldest first. */
  history: HistoryEntry[];
  /** The bidder and the item's leader before the bid (the only bidders its history can name). */
  people: BidderName[];
  watching: boolean;
  /** The bidder's Buy It Now units of the item (0 when the item has no per-bidder limit). */
  bought: number;
  now: Date;
}

export type BidOutcome =
  | { kind: 'placed'; placed: Placed }
  /** What is stored under the request's Idempotency-Key: the request it answered, and its outcome. */
  | { kind: 'prior'; prior: StoredAnswer }
  /** Nothing written; `figure` is the amount the refusal names (cents), if any. */
  | { kind: 'refused'; code: BidRefusal; figure: number };

/** What the bid check needs of a bidder: how their name shows, and whether they may bid. */
export interface BidderFacts extends BidderName {
  authorizebidder: boolean;
  verified: boolean;
}

export const itemOf = rowFromJson(auctionItems);
const maximumOf = rowFromJson(itemMaxima);
/** The JSON the bid function answers, read defensively: lists, numbers, strings and names. */
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const num = (value: unknown): number => Number(value);
export const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const fields = (value: unknown): Row => (typeof value === 'object' && value !== null ? { ...value } : {});

export const nameOf = ([firstname, lastname, bidanonymously, bidderdisplaynumber]: unknown[]): BidderName['name'] => ({
  firstname: str(firstname),
  lastname: str(lastname),
  bidanonymously: bidanonymously === true,
  bidderdisplaynumber: num(bidderdisplaynumber),
});

/**
 * A placed bid's outcome from its JSON: as the function answers it, and as it is stored under the
 * key (so a retry is answered from the same facts as the first answer).
 */
export function placedOf(json: unknown): Placed {
  const o = fields(json);
  return {
    item: itemOf(o.item),
    previousLeader: o.previousleader === null || o.previousleader === undefined ? null : num(o.previousleader),
    maximum: o.maximum === null || o.maximum === undefined ? undefined : maximumOf(o.maximum),
    history: list(o.history).map((h) => {
      const [bidderId, amount, isAuto] = list(h);
      return { bidderId: num(bidderId), amount: num(amount), isAuto: isAuto === true };
    }),
    people: list(o.people).map((p) => {
      const [id, ...name] = list(p);
      return { id: num(id), name: nameOf(name) };
    }),
    watching: o.watching === true,
    bought: num(o.bought),
    now: new Date(str(o.now)),
  };
}

export function bidOutcomeOf(row: Row | undefined): BidOutcome {
  const o = fields(row?.outcome);
  if (o.placed !== undefined) return { kind: 'placed', placed: placedOf(o.placed) };
  if (o.prior !== undefined) {
    const prior = fields(o.prior);
    return {
      kind: 'prior',
      prior: { route: str(prior.route), requestHash: str(prior.requestHash), response: prior.response },
    };
  }
  if (!isBidRefusal(o.refused)) throw new Error(`the bid function answered no outcome: ${JSON.stringify(o)}`);
  return { kind: 'refused', code: o.refused, figure: num(o.figure ?? 0) };
}

/** The bid, in one statement (`run` sends it: alone on the driver, or in a transaction Drizzle holds). */
export async function placeBidIn(run: Run, bid: BidInput): Promise<BidOutcome> {
  const { tenant, action, keep } = bid;
  const { event } = tenant;
  // Where the event asks for a card and its processor is set up, the bidder must have one of it.
  const cardProcessor = cardFlags(event, false).needscardtobid ? event.paymentprocessorcode : null;
  const [row] = await run(PLACE_BID, [
    bid.itemId,
    event.id,
    bid.bidderId,
    cardProcessor,
    event.biddingopens,
    event.biddingcloses,
    event.extendedbiddingminutes,
    event.extendedbiddinglatest,
    action.kind,
    action.kind === 'manual' ? action.amount : action.max,
    action.kind === 'manual' ? null : action.increment,
    BID_CAP,
    bid.now,
    keep?.key ?? null,
    keep?.route ?? null,
    keep?.requestHash ?? null,
  ]);
  return bidOutcomeOf(row);
}
