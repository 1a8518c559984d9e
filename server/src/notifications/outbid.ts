import { eq, inArray, sql } from 'drizzle-orm';
import { accounts, auctionItems, bidders, events, notices, organizations, outbox } from '../db/schema';
import { type Deps, NOTICE_WORDS, type NoticeRow, noticeText, tell } from './deliver';

/** At most one outbid notice per bidder per item in this window, so a bidding war does not flood a phone. */
export const OUTBID_QUIET_MINUTES = 5;
/**
 * Outbid notices wait this long and go out together: in the last minutes every accepted bid
 * outbids someone, and one notice at a time cost four statements on the connection the bids need
 * (on the embedded database, the only one). A batch costs about five, however many it holds.
 */
export const OUTBID_BATCH_MS = 100;

export interface Outbid {
  bidderId: number;
  itemId: number;
  /** When the bidder was outbid: the notice's time, whenever the batch goes out. */
  at: Date;
}

/**
 * The outbid notices of a moment: claims them all in one statement (a bidder already told of this
 * item within the quiet window is not claimed, and with several processes exactly one claims
 * each), reads what they need in two, stores their texts in one, tells the bidders live, and
 * queues their emails and texts in one insert.
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
    .select({ bidder: bidders, account: accounts })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(inArray(bidders.id, [...new Set(claimed.map((c) => c.bidderId))]));
  const items = await deps.db
    .select({ item: auctionItems, event: events, organization: organizations })
    .from(auctionItems)
    .innerJoin(events, eq(auctionItems.eventId, events.id))
    .innerJoin(organizations, eq(events.organizationId, organizations.id))
    .where(inArray(auctionItems.id, [...new Set(claimed.map((c) => c.itemId))]));
  const personOf = new Map(people.map((p) => [p.bidder.id, p]));
  const itemOf = new Map(items.map((i) => [i.item.id, i]));
  const rows: Array<NoticeRow & { at: Date }> = [];
  for (const c of claimed) {
    const person = personOf.get(c.bidderId);
    const item = itemOf.get(c.itemId);
    // A bidder is only ever outbid in their own event; anything else is not a notice to send.
    if (person && item && person.bidder.eventId === item.event.id) rows.push({ ...person, ...item, at: c.at });
  }
  if (rows.length === 0) return;

  const texts = rows.map((row) => noticeText('outbid', row, row.at));
  const stored = JSON.stringify(
    rows.map((row, i) => ({ bidder_id: row.bidder.id, item_id: row.item.id, message: texts[i] })),
  );
  await deps.db.execute(sql`update ${notices} set title = ${NOTICE_WORDS.outbid.title}, message = v.message
    from json_to_recordset(${stored}::json) as v(bidder_id int, item_id int, message text)
    where ${notices.bidderId} = v.bidder_id and ${notices.itemId} = v.item_id and ${notices.kind} = 'outbid'`);
  const queued = rows.flatMap((row, i) => tell(deps, 'outbid', row, texts[i] ?? '', row.at));
  if (queued.length > 0) await deps.db.insert(outbox).values(queued);
}
