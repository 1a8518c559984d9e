import { type Row, type Run, type Statement } from '../db/prepared';
import { type BidderFacts, itemOf, list, nameOf, num, str } from '../features/bids/statements';
import type { ItemRow } from '../features/items/presenter';
import { itemNotFound } from '../features/items/queries';
import type { StoredAnswer } from '../lib/idempotent';
import type { Tenant } from '../tenancy';
import type { Maximum } from '@gavel/domain';

/**
 * What a bid sees of an item, read under its lock: the item, its maxima, the bidder and the
 * leader, the stored answer under a key. The bid reads these inside its function
 * (gavel_place_bid); the tests read them through this statement, independently of it, to see
 * what the bid left (place.test.ts, engine-sql.test.ts).
 *
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

/** The read statement's row as the tests compare it; one mapping for both drivers (everything but flags comes as JSON). */
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
        name: nameOf([firstname, lastname, bidanonymously, bidderdisplaynumber]),
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
