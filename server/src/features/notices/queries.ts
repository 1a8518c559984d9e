import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auctionItems, notices } from '../../db/schema';

/** The notices panel shows the night's latest; a bidder with more has long stopped scrolling. */
export const NOTICES_LISTED = 100;

export type NoticeListRow = Awaited<ReturnType<typeof bidderNotices>>[number];

/** A bidder's notices in one event, newest first. */
export function bidderNotices(db: Db, bidderId: number, eventId: number) {
  return (
    db
      .select({
        itemId: notices.itemId,
        itemName: auctionItems.name,
        kind: notices.kind,
        title: notices.title,
        message: notices.message,
        sentAt: notices.sentAt,
      })
      .from(notices)
      .innerJoin(auctionItems, eq(notices.itemId, auctionItems.id))
      .where(and(eq(notices.bidderId, bidderId), eq(auctionItems.eventId, eventId)))
      // Notices sent in the same instant (a closing sweep) keep one order from call to call.
      .orderBy(desc(notices.sentAt), desc(notices.itemId), asc(notices.kind))
      .limit(NOTICES_LISTED)
  );
}
