import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, auctionItems, bidders, events, notices, organizations, outbox } from '../db/schema';
import { hasPushDevice } from '../push/queries';
import { type Deps, NOTICE_WORDS, type NoticeRow, noticeText, tell } from './deliver';

/** At most one outbid notice per bidder per item in this window, so a bidding war does not flood a phone. */
export const OUTBID_QUIET_MINUTES = 5;
/**
 * Outbid notices wait this long and go out together: in the last minutes every accepted bid
 * outbids someone, and one notice at a time cost four statements on the connection the bids need
 * (on the embedded database, the only one). A batch costs about five, however many it holds.
 */
export const OUTBID_BATCH_MS = 100;
/**
 * How many times a batch reads the prices again when bids moved them while it was writing its
 * texts; the last round stores what it read (in a war that never pauses, a price a moment old).
 */
const PRICE_ROUNDS = 5;

export interface Outbid {
  bidderId: number;
  itemId: number;
  /** When the bidder was outbid: the notice's time, whenever the batch goes out. */
  at: Date;
}

type Person = Pick<NoticeRow, 'bidder' | 'account' | 'pushDevice'>;
type Told = NoticeRow & { at: Date; text: string };

/**
 * The outbid notices of a moment: claims them all in one statement (a bidder already told of this
 * item within the quiet window is not claimed, and with several processes exactly one claims
 * each), reads what they need in two, stores their texts in one, tells the bidders live, and
 * queues their emails and texts in one insert.
 *
 * A notice states the price as it stands when it goes out: the texts are stored only where the
 * item's price is still the one they were written from, so a bid that commits while the batch is
 * on its way has the batch read the price again for the notices it changed.
 */
export async function sendOutbids(deps: Deps, batch: Outbid[]): Promise<void> {
  if (batch.length === 0) return;
  const claimed = await deps.db
    .insert(notices)
    .values(batch.map((o) => ({ bidderId: o.bidderId, itemId: o.itemId, kind: 'outbid' as const, sentAt: o.at })))
    .onConflictDoUpdate({
      target: [notices.bidderId, notices.itemId, notices.kind],
      set: { sentAt: sql`excluded.sent_at` },
      setWhere: sql`${notices.sentAt} < excluded.sent_at - make_interval(mins => ${OUTBID_QUIET_MINUTES})`,
    })
    .returning({ bidderId: notices.bidderId, itemId: notices.itemId, at: notices.sentAt });
  if (claimed.length === 0) return;

  const people = await deps.db
    .select({ bidder: bidders, account: accounts, pushDevice: hasPushDevice })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(inArray(bidders.id, [...new Set(claimed.map((c) => c.bidderId))]));
  const personOf = new Map(people.map((p) => [p.bidder.id, p]));

  const told: Told[] = [];
  let waiting = claimed;
  for (let round = 1; waiting.length > 0 && round <= PRICE_ROUNDS; round++) {
    const rows = await noticeRows(deps.db, waiting, personOf);
    const texts = rows.map((row) => ({ ...row, text: noticeText('outbid', row, row.at) }));
    const stored = await storeTexts(deps.db, texts, round < PRICE_ROUNDS);
    told.push(...texts.filter((t) => stored.has(keyOf(t.bidder.id, t.item.id))));
    waiting = texts.filter((t) => !stored.has(keyOf(t.bidder.id, t.item.id))).map(claimOf);
  }
  if (told.length === 0) return;

  const queued = told.flatMap((row) => tell(deps, { kind: 'outbid', row, text: row.text, now: row.at }));
  if (queued.length > 0) await deps.db.insert(outbox).values(queued);
}

const keyOf = (bidderId: number, itemId: number) => `${bidderId}:${itemId}`;
const claimOf = (t: Told): Outbid => ({ bidderId: t.bidder.id, itemId: t.item.id, at: t.at });

/** Each claimed notice with its bidder and the item as it stands now, its event and organization. */
async function noticeRows(
  db: Db,
  claimed: Outbid[],
  personOf: Map<number, Person>,
): Promise<Array<NoticeRow & { at: Date }>> {
  const items = await db
    .select({ item: auctionItems, event: events, organization: organizations })
    .from(auctionItems)
    .innerJoin(events, eq(auctionItems.eventId, events.id))
    .innerJoin(organizations, eq(events.organizationId, organizations.id))
    .where(inArray(auctionItems.id, [...new Set(claimed.map((c) => c.itemId))]));
  const itemOf = new Map(items.map((i) => [i.item.id, i]));
  const rows: Array<NoticeRow & { at: Date }> = [];
  for (const c of claimed) {
    const person = personOf.get(c.bidderId);
    const item = itemOf.get(c.itemId);
    // A bidder is only ever outbid in their own event; anything else is not a notice to send.
    if (person && item && person.bidder.eventId === item.event.id) rows.push({ ...person, ...item, at: c.at });
  }
  return rows;
}

/**
 * Stores the notices' texts in one statement; with `whereUnchanged`, only those whose item's price
 * is still the one the text states. Answers which were stored.
 */
async function storeTexts(db: Db, texts: Told[], whereUnchanged: boolean): Promise<Set<string>> {
  if (texts.length === 0) return new Set();
  const values = JSON.stringify(
    texts.map((t) => ({ bidder_id: t.bidder.id, item_id: t.item.id, message: t.text, price: t.item.currentbid })),
  );
  const result: unknown = await db.execute(sql`update ${notices}
    set title = ${NOTICE_WORDS.outbid.title}, message = v.message
    from json_to_recordset(${values}::json) as v(bidder_id int, item_id int, message text, price bigint)
    where ${notices.bidderId} = v.bidder_id and ${notices.itemId} = v.item_id and ${notices.kind} = 'outbid'
      and (not ${whereUnchanged} or exists (select 1 from ${auctionItems} i
        where i.id = v.item_id and i.currentbid is not distinct from v.price))
    returning ${notices.bidderId} as bidder_id, ${notices.itemId} as item_id`);
  // Both drivers answer { rows }, each row named as the statement returns it.
  const rows: unknown[] =
    typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows) ? result.rows : [];
  const stored = new Set<string>();
  for (const row of rows)
    if (typeof row === 'object' && row !== null && 'bidder_id' in row && 'item_id' in row)
      stored.add(keyOf(Number(row.bidder_id), Number(row.item_id)));
  return stored;
}
