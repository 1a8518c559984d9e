import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { itemBidStatus, type NotificationKind } from '@gavel/domain';
import type { Notifier } from '../context';
import type { Db } from '../db/client';
import {
  accounts,
  auctionItems,
  bidders,
  events,
  itemMaxima,
  notices,
  organizations,
  outbox,
  watchlist,
} from '../db/schema';
import { itemClosesSql } from '../features/items/queries';
import { hasPushDevice } from '../push/queries';
import { type Deps, NOTICE_WORDS, type NoticeRow, noticeText, tell } from './deliver';
import { type Outbid, OUTBID_BATCH_MS, sendOutbids } from './outbid';

/** Bidders and watchers hear this long before an item closes. */
export const CLOSING_SOON_MINUTES = 10;

export function createNotifier(deps: Deps): Notifier {
  let pending = Promise.resolve();
  // Outbid notices are gathered for OUTBID_BATCH_MS and sent together (notifications/outbid.ts).
  let outbids = new Map<string, Outbid>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (outbids.size === 0) return;
    const batch = [...outbids.values()];
    outbids = new Map();
    pending = pending
      .then(() => sendOutbids(deps, batch))
      .catch((err: unknown) => deps.log.error({ err, count: batch.length }, 'outbid notices failed'));
  };
  const notifier: Notifier = {
    notify(kind, bidderId, itemId) {
      if (kind === 'outbid') {
        // Outbid twice within a batch: one notice, dated the first time.
        const key = `${bidderId}:${itemId}`;
        if (!outbids.has(key)) outbids.set(key, { bidderId, itemId, at: deps.clock() });
        // Unreferenced: a batch waiting must not keep a stopping process alive (idle() sends it).
        timer ??= setTimeout(flush, OUTBID_BATCH_MS).unref();
        return;
      }
      pending = pending
        .then(() => sendNotice(deps, kind, bidderId, itemId))
        .catch((err: unknown) => deps.log.error({ err, kind, bidderId, itemId }, 'notice failed'));
    },
    async closingSoon(now) {
      const soon = new Date(now.getTime() + CLOSING_SOON_MINUTES * 60_000);
      const closes = itemClosesSql;
      const items = await deps.db
        .select({ id: auctionItems.id })
        .from(auctionItems)
        .innerJoin(events, eq(auctionItems.eventId, events.id))
        .where(and(isNull(auctionItems.closedAt), gt(closes, now), lte(closes, soon), lte(events.biddingopens, now)));
      if (items.length === 0) return 0;
      const ids = items.map((i) => i.id);
      const interested = await deps.db
        .select({ bidderId: itemMaxima.bidderId, itemId: itemMaxima.itemId })
        .from(itemMaxima)
        .where(inArray(itemMaxima.itemId, ids))
        .union(
          deps.db
            .select({ bidderId: watchlist.bidderId, itemId: watchlist.itemId })
            .from(watchlist)
            .where(inArray(watchlist.itemId, ids)),
        );
      let sent = 0;
      for (const row of interested) {
        notifier.notify('closingsoon', row.bidderId, row.itemId);
        sent++;
      }
      await pending;
      return sent;
    },
    idle: () => {
      flush();
      return pending;
    },
  };
  return notifier;
}

/**
 * Claims the right to send a won or closing-soon notice (one row per bidder, item and kind, never
 * renewed; outbid notices are claimed in batches by outbid.ts): with several processes, exactly one
 * wins the claim.
 */
async function claim(
  db: Db,
  { kind, bidderId, itemId, now }: { kind: NotificationKind; bidderId: number; itemId: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(notices)
    .values({ bidderId, itemId, kind, sentAt: now })
    .onConflictDoUpdate({
      target: [notices.bidderId, notices.itemId, notices.kind],
      set: { sentAt: now },
      setWhere: sql`false`,
    })
    .returning({ sentAt: notices.sentAt });
  return rows.length > 0;
}

/** The bidder, their account, the item, its event and organization: everything a notice needs. */
async function noticeRow(db: Db, bidderId: number, itemId: number): Promise<NoticeRow | undefined> {
  const [row] = await db
    .select({
      bidder: bidders,
      account: accounts,
      item: auctionItems,
      event: events,
      organization: organizations,
      pushDevice: hasPushDevice,
    })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .innerJoin(events, eq(bidders.eventId, events.id))
    .innerJoin(organizations, eq(events.organizationId, organizations.id))
    .innerJoin(auctionItems, and(eq(auctionItems.id, itemId), eq(auctionItems.eventId, events.id)))
    .where(eq(bidders.id, bidderId));
  return row;
}

async function sendNotice(deps: Deps, kind: NotificationKind, bidderId: number, itemId: number): Promise<void> {
  const now = deps.clock();
  if (kind === 'closingsoon') {
    // Read before the claim: a warning queued before the item closed must neither arrive after the
    // close nor leave a row for the notices panel to list.
    const row = await noticeRow(deps.db, bidderId, itemId);
    if (!row || itemBidStatus(row.item, row.event, now) !== 'biddingopen') return;
    if (!(await claim(deps.db, { kind, bidderId, itemId, now }))) return;
    return deliver(deps, kind, row, now);
  }
  // A won notice is claimed first: whichever process closed the item, it is sent once.
  if (!(await claim(deps.db, { kind, bidderId, itemId, now }))) return;
  const row = await noticeRow(deps.db, bidderId, itemId);
  if (row) await deliver(deps, kind, row, now);
}

/** Keeps what was said on the claimed row, then tells the bidder live and queues their email and text. */
async function deliver(deps: Deps, kind: NotificationKind, row: NoticeRow, now: Date): Promise<void> {
  const text = noticeText(kind, row, now);
  await deps.db
    .update(notices)
    .set({ title: NOTICE_WORDS[kind].title, message: text })
    .where(and(eq(notices.bidderId, row.bidder.id), eq(notices.itemId, row.item.id), eq(notices.kind, kind)));
  const queued = tell(deps, { kind, row, text, now });
  if (queued.length > 0) await deps.db.insert(outbox).values(queued);
}
