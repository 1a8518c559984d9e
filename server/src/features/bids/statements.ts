import type { BidAction, HistoryEntry, Maximum } from '@gavel/domain';
import { type Row, type Run, rowFromJson, type Statement } from '../../db/prepared';
import { auctionItems } from '../../db/schema';
import type { StoredAnswer } from '../../lib/idempotent';
import type { Tenant } from '../../tenancy';
import type { ItemRow } from '../items/presenter';
import { itemNotFound } from '../items/queries';

/**
 * A bid's two statements, in its transaction: one locks the item and reads everything the bid
 * needs, one writes everything it decided. Written in SQL and prepared, because a bid is the
 * hottest call and building its queries with Drizzle cost more than running them.
 */

/**
 * $1 item, $2 event, $3 bidder, $4 the event's card processor when it asks for a card to bid
 * (else null: no card lookup), $5 the Idempotency-Key (else null).
 *
 * `bought`: the bidder's Buy It Now units of the item, for the answer's per-bidder limit; counted
 * only for an item that has a limit, so nearly every bid skips it.
 *
 * `fresh`: under READ COMMITTED a row lock that had to wait returns the item as the other bid
 * committed it, but the subqueries still read the snapshot from before that commit (stale
 * maxima). The item's xmin then differs from the snapshot's version of the item, and the
 * statement is run again: the lock is held by then, so it does not wait and reads the new maxima.
 */
export const READ_BID: Statement = {
  name: 'gavel_bid_read',
  text: `select
  i.xmin = (select s.xmin from auction_items s where s.id = i.id) as fresh,
  to_json(i) as item,
  (select coalesce(json_agg(json_build_array(m.bidder_id, m.max, m.increment, m.is_auto, m.seq) order by m.seq), '[]'::json)
     from item_maxima m where m.item_id = i.id) as maxima,
  (select coalesce(json_agg(json_build_array(b.id, a.firstname, a.lastname, b.bidanonymously, b.bidderdisplaynumber, b.authorizebidder, a.email_verified)), '[]'::json)
     from bidders b join accounts a on a.id = b.account_id
     where b.event_id = i.event_id and (b.id = $3::int or b.id = i.leader_bidder_id)) as people,
  exists (select 1 from watchlist w where w.bidder_id = $3::int and w.item_id = i.id) as watching,
  ($4::int is null or exists (select 1 from payment_methods p where p.bidder_id = $3::int and p.processorcode = $4::int)) as has_card,
  case when i.maxpurchasequantity > 0
    then (select coalesce(sum(w.quantity), 0)::int from won_items w where w.item_id = i.id and w.bidder_id = $3::int and w.kind = 'buynow')
    else 0 end as bought,
  (select json_build_array(k.route, k.request_hash, k.response) from idempotency_keys k where k.bidder_id = $3::int and k.key = $5::text) as prior
from auction_items i
where i.id = $1::int and i.event_id = $2::int
for update of i`,
};

/**
 * $1 item, $2 bidder, $3..$5 the action (kind, amount, increment), $6 now, $7..$10 the bidder's
 * maximum (whether there is one, max, increment, automatic), $11..$13 the history (bidders,
 * amounts, automatic: oldest first, so the ids keep the engine's order), $14..$17 the item's
 * price, leader, count and close, $18..$21 the Idempotency-Key, route, request digest and answer
 * (a null key stores nothing).
 *
 * A new maximum takes a new sequence number, so the earlier of two equal maxima keeps winning.
 * The item's new row is known before the statement runs (the bid holds its lock), so the answer
 * stored under the key is written in this same statement.
 */
export const WRITE_BID: Statement = {
  name: 'gavel_bid_write',
  text: `with a as (
  insert into bid_actions (item_id, bidder_id, kind, amount, increment, created_at)
  values ($1::int, $2::int, $3::text, $4::bigint, $5::bigint, $6::timestamptz)
), m as (
  insert into item_maxima (item_id, bidder_id, max, increment, is_auto)
  select $1::int, $2::int, $8::bigint, $9::bigint, $10::boolean where $7::boolean
  on conflict (item_id, bidder_id) do update set max = excluded.max, increment = excluded.increment, is_auto = excluded.is_auto,
    seq = case when item_maxima.max = excluded.max then item_maxima.seq else nextval(pg_get_serial_sequence('item_maxima', 'seq')) end
), h as (
  insert into bids (item_id, bidder_id, amount, is_auto, created_at)
  select $1::int, e.bidder_id, e.amount, e.is_auto, $6::timestamptz
  from unnest($11::int[], $12::bigint[], $13::boolean[]) with ordinality as e (bidder_id, amount, is_auto, n)
  order by e.n
), k as (
  insert into idempotency_keys (bidder_id, key, route, request_hash, status_code, response)
  select $2::int, $18::text, $19::text, $20::text, 200, $21::text::jsonb where $18::text is not null
)
update auction_items set currentbid = $14::bigint, leader_bidder_id = $15::int, numberofbids = $16::int, closing = $17::timestamptz, updated_at = $6::timestamptz
where id = $1::int
returning id`,
};

/** What the bid check needs of a bidder: how their name shows, and whether they may bid. */
export interface BidderFacts {
  id: number;
  name: { firstname: string; lastname: string; bidanonymously: boolean; bidderdisplaynumber: number };
  authorizebidder: boolean;
  verified: boolean;
}

/** What a bid writes, in one statement (WRITE_BID): its action, the bidder's maximum, history and the item. */
export interface BidWrite {
  bidderId: number;
  action: { kind: BidAction['kind']; amount: number; increment: number };
  /** The bidder's standing maximum after the bid (absent only if the engine kept none). */
  maximum: Pick<Maximum, 'max' | 'increment' | 'isAuto'> | undefined;
  /** The bids the engine wrote, oldest first. */
  history: HistoryEntry[];
  /** The item as it stands after the bid: the locked row with the engine's price, leader and count. */
  item: ItemRow;
  now: Date;
}

export interface BidRead {
  item: ItemRow;
  maxima: Maximum[];
  /** The bidder and the item's leader (the only bidders a bid's history can name). */
  people: BidderFacts[];
  watching: boolean;
  hasCard: boolean;
  /** The bidder's Buy It Now units of the item (0 when the item has no per-bidder limit). */
  bought: number;
  /** What is stored under the request's Idempotency-Key, if it sent one that was used. */
  prior: StoredAnswer | undefined;
}

const itemOf = rowFromJson(auctionItems);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const num = (value: unknown): number => Number(value);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The read statement's row as the bid uses it; one mapping for both drivers (everything but flags comes as JSON). */
export function bidReadOf(row: Row): BidRead {
  const prior = list(row.prior);
  return {
    item: itemOf(row.item),
    maxima: list(row.maxima).map((m) => {
      const [bidderId, max, increment, isAuto, seq] = list(m);
      return {
        bidderId: num(bidderId),
        max: num(max),
        increment: num(increment),
        isAuto: isAuto === true,
        seq: num(seq),
      };
    }),
    people: list(row.people).map((p) => {
      const [id, firstname, lastname, bidanonymously, bidderdisplaynumber, authorizebidder, verified] = list(p);
      return {
        id: num(id),
        name: {
          firstname: str(firstname),
          lastname: str(lastname),
          bidanonymously: bidanonymously === true,
          bidderdisplaynumber: num(bidderdisplaynumber),
        },
        authorizebidder: authorizebidder === true,
        verified: verified === true,
      };
    }),
    watching: row.watching === true,
    hasCard: row.has_card === true,
    bought: num(row.bought),
    prior: prior.length === 3 ? { route: str(prior[0]), requestHash: str(prior[1]), response: prior[2] } : undefined,
  };
}

/** Locks the item (scoped to the event) and reads what the bid needs; 404 when the event has no such item. */
export async function readForBid(
  run: Run,
  { tenant, itemId, bidderId, key }: { tenant: Tenant; itemId: number; bidderId: number; key?: string | undefined },
): Promise<BidRead> {
  const { event } = tenant;
  const values = [itemId, event.id, bidderId, event.needscardtobid ? event.paymentprocessorcode : null, key ?? null];
  let [row] = await run(READ_BID, values);
  if (row && row.fresh !== true) [row] = await run(READ_BID, values);
  if (!row) throw itemNotFound();
  return bidReadOf(row);
}

/** What a write with an Idempotency-Key stores with it. */
export interface KeptAnswer {
  key: string;
  route: string;
  requestHash: string;
  answer: unknown;
}

/** Writes what the bid decided (and the answer under its key) in one statement. */
export async function writeBid(run: Run, write: BidWrite, keep: KeptAnswer | undefined): Promise<void> {
  const { item, action, maximum, history, now } = write;
  const rows = await run(WRITE_BID, [
    item.id,
    write.bidderId,
    action.kind,
    action.amount,
    action.increment,
    now,
    maximum !== undefined,
    maximum?.max ?? 0,
    maximum?.increment ?? 0,
    maximum?.isAuto ?? false,
    history.map((h) => h.bidderId),
    history.map((h) => h.amount),
    history.map((h) => h.isAuto),
    item.currentbid,
    item.leaderBidderId,
    item.numberofbids,
    item.closing,
    keep?.key ?? null,
    keep?.route ?? null,
    keep?.requestHash ?? null,
    keep ? JSON.stringify(keep.answer) : null,
  ]);
  if (rows.length !== 1) throw new Error('bid write updated no item');
}
