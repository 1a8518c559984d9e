import { and, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { canReceiveTexts, formatMinutesLeft, formatMoney, itemBidStatus, itemCloses, type NotificationKind } from '@gavel/domain';
import type { Db } from '../db/client';
import { accounts, auctionItems, bidders, events, itemMaxima, notices, organizations, watchlist } from '../db/schema';
import { effectiveNotifications } from '../features/accounts/presenter';
import { itemClosesSql } from '../features/items/queries';
import { enqueueMail, enqueueText } from '../mail/outbox';
import { itemNoticeMail } from '../mail/templates';
import type { LivePublisher } from '../realtime/hub';

/** At most one outbid notice per bidder per item in this window, so a bidding war does not flood a phone. */
export const OUTBID_QUIET_MINUTES = 5;
/** Bidders and watchers hear this long before an item closes. */
export const CLOSING_SOON_MINUTES = 10;

export interface Notifier {
  /** Queue a notice; returns at once. Delivery happens off the caller's path. */
  notify(kind: NotificationKind, bidderId: number, itemId: number): void;
  /** Sends closing-soon notices for items about to close; the sweeper calls it. */
  closingSoon(now: Date): Promise<number>;
  /** Resolves when every queued notice has been handled (tests and shutdown). */
  idle(): Promise<void>;
}

interface Deps {
  db: Db;
  live: LivePublisher;
  clock: () => Date;
  origin: string;
  log: FastifyBaseLogger;
}

export function createNotifier(deps: Deps): Notifier {
  let pending = Promise.resolve();
  const notifier: Notifier = {
    notify(kind, bidderId, itemId) {
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
        .union(deps.db.select({ bidderId: watchlist.bidderId, itemId: watchlist.itemId }).from(watchlist).where(inArray(watchlist.itemId, ids)));
      let sent = 0;
      for (const row of interested) {
        notifier.notify('closingsoon', row.bidderId, row.itemId);
        sent++;
      }
      await pending;
      return sent;
    },
    idle: () => pending,
  };
  return notifier;
}

/**
 * Claims the right to send (one row per bidder, item and kind, renewed for outbid notices after
 * the quiet window): with several processes, exactly one wins the claim.
 */
async function claim(db: Db, kind: NotificationKind, bidderId: number, itemId: number, now: Date): Promise<boolean> {
  const quiet = new Date(now.getTime() - OUTBID_QUIET_MINUTES * 60_000);
  const rows = await db
    .insert(notices)
    .values({ bidderId, itemId, kind, sentAt: now })
    .onConflictDoUpdate({
      target: [notices.bidderId, notices.itemId, notices.kind],
      set: { sentAt: now },
      setWhere: kind === 'outbid' ? lt(notices.sentAt, quiet) : sql`false`,
    })
    .returning({ sentAt: notices.sentAt });
  return rows.length > 0;
}

/** What a notice says, from the item as it stands when the notice is sent. */
interface NoticeFacts {
  item: string;
  amount: string;
  /** Until the item closes; only closing-soon notices say it. */
  msLeft: number;
}

export const NOTICE_WORDS: Record<NotificationKind, { subject: (item: string) => string; text: (facts: NoticeFacts) => string; title: string }> = {
  outbid: { subject: (i) => `You have been outbid on ${i}`, text: ({ item, amount }) => `You have been outbid on ${item}. The current bid is ${amount}.`, title: 'Outbid' },
  won: { subject: (i) => `You won ${i}!`, text: ({ item, amount }) => `Congratulations! You won ${item} for ${amount}. It is waiting in your cart.`, title: 'You won!' },
  closingsoon: {
    subject: (i) => `Bidding on ${i} closes soon`,
    // The sweep may find an item with anything up to CLOSING_SOON_MINUTES left: say what is really left.
    text: ({ item, amount, msLeft }) => `Bidding on ${item} closes in ${formatMinutesLeft(msLeft)}. The current bid is ${amount}.`,
    title: 'Closing soon',
  },
};

type NoticeRow = NonNullable<Awaited<ReturnType<typeof noticeRow>>>;

/** The bidder, their account, the item, its event and organization: everything a notice needs. */
async function noticeRow(db: Db, bidderId: number, itemId: number) {
  const [row] = await db
    .select({ bidder: bidders, account: accounts, item: auctionItems, event: events, organization: organizations })
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
    if (!(await claim(deps.db, kind, bidderId, itemId, now))) return;
    return deliver(deps, kind, row, now);
  }
  // Claim first: in a bidding war most outbid notices fall in the quiet window and stop here.
  if (!(await claim(deps.db, kind, bidderId, itemId, now))) return;
  const row = await noticeRow(deps.db, bidderId, itemId);
  if (row) await deliver(deps, kind, row, now);
}

/** Keeps what was said on the claimed row, then tells the bidder live and queues their email and text. */
async function deliver(deps: Deps, kind: NotificationKind, row: NoticeRow, now: Date): Promise<void> {
  const tenant = { organization: row.organization, event: row.event };
  const words = NOTICE_WORDS[kind];
  const amount = formatMoney(row.item.currentbid ?? 0);
  const text = words.text({ item: row.item.name, amount, msLeft: itemCloses(row.item, row.event).getTime() - now.getTime() });
  // Stored before the live message, so a phone that opens its notices on hearing one finds it there.
  await deps.db
    .update(notices)
    .set({ title: words.title, message: text })
    .where(and(eq(notices.bidderId, row.bidder.id), eq(notices.itemId, row.item.id), eq(notices.kind, kind)));
  const codes = { auctioncode: row.organization.auctioncode, eventcode: row.event.eventcode };
  deps.live.toBidder(row.bidder.id, {
    type: 'notification',
    title: words.title,
    message: text,
    itemid: row.item.id,
    itemname: row.item.name,
    kind,
    senttime: now.toISOString(),
    ...codes,
  });

  const choice = effectiveNotifications(tenant, row.bidder.notifications).find((n) => row.event.notificationrows.find((r) => r.notificationrowid === n.notificationrowid)?.kind === kind);
  if (!choice) return;
  const recipient = { organizationId: row.organization.id, eventId: row.event.id };
  if (choice.flags.email && row.account.emailVerified) {
    const url = `${deps.origin}/${row.event.eventcode}/auction-items/${row.item.id}`;
    const brand = { eventname: row.event.eventname, organizationname: row.organization.name };
    await enqueueMail(deps.db, { ...recipient, to: row.account.email }, itemNoticeMail(brand, words.subject(row.item.name), words.title, text, url));
  }
  // Texts go only to a bidder who opted in with a number.
  if (choice.flags.text && canReceiveTexts(row.account))
    await enqueueText(deps.db, { ...recipient, to: row.account.cellphone }, `${row.event.eventname}: ${text} Reply STOP to unsubscribe.`);
}
