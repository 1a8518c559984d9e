import type { FastifyBaseLogger } from 'fastify';
import {
  canReceiveTexts,
  effectiveNotifications,
  formatMinutesLeft,
  formatMoney,
  itemCloses,
  type NotificationKind,
  PUSH_NOTIFICATION_COLUMN,
} from '@gavel/domain';
import type { Db } from '../db/client';
import type { accounts, auctionItems, bidders, events, organizations } from '../db/schema';
import { mailRow, type OutboxRow, pushRow, textRow } from '../mail/outbox';
import { itemNoticeMail } from '../mail/templates';
import type { LivePublisher } from '../realtime/hub';

export interface Deps {
  db: Db;
  live: LivePublisher;
  clock: () => Date;
  /** Where an organization's pages are (lib/site.ts): links never come from a request. */
  originOf: (auctioncode: string) => string;
  log: FastifyBaseLogger;
}

/** Everything a notice needs: the bidder, their account, the item, its event and organization. */
export interface NoticeRow {
  bidder: typeof bidders.$inferSelect;
  account: typeof accounts.$inferSelect;
  item: typeof auctionItems.$inferSelect;
  event: typeof events.$inferSelect;
  organization: typeof organizations.$inferSelect;
  /** Whether the account has a device subscribed to pushes (push/queries.ts). */
  pushDevice: boolean;
}

/** What a notice says, from the item as it stands when the notice is sent. */
interface NoticeFacts {
  item: string;
  amount: string;
  /** Until the item closes; only closing-soon notices say it. */
  msLeft: number;
}

export const NOTICE_WORDS: Record<
  NotificationKind,
  { subject: (item: string) => string; text: (facts: NoticeFacts) => string; title: string }
> = {
  outbid: {
    subject: (i) => `You have been outbid on ${i}`,
    text: ({ item, amount }) => `You have been outbid on ${item}. The current bid is ${amount}.`,
    title: 'Outbid',
  },
  won: {
    subject: (i) => `You won ${i}!`,
    text: ({ item, amount }) => `Congratulations! You won ${item} for ${amount}. It is waiting in your cart.`,
    title: 'You won!',
  },
  closingsoon: {
    subject: (i) => `Bidding on ${i} closes soon`,
    // The sweep may find an item with anything up to the closing-soon window left: say what is really left.
    text: ({ item, amount, msLeft }) =>
      `Bidding on ${item} closes in ${formatMinutesLeft(msLeft)}. The current bid is ${amount}.`,
    title: 'Closing soon',
  },
};

export function noticeText(kind: NotificationKind, row: NoticeRow, now: Date): string {
  return NOTICE_WORDS[kind].text({
    item: row.item.name,
    amount: formatMoney(row.item.currentbid ?? 0),
    msLeft: itemCloses(row.item, row.event).getTime() - now.getTime(),
  });
}

/**
 * Tells the bidder live, and answers the email, text and push the bidder chose for this kind, as
 * outbox rows for the caller to insert (one notice's, or a whole batch's in one statement). The notice's
 * text must be stored before: a phone that opens its notices on hearing one finds it there.
 */
export function tell(
  deps: Deps,
  { kind, row, text, now }: { kind: NotificationKind; row: NoticeRow; text: string; now: Date },
): OutboxRow[] {
  const words = NOTICE_WORDS[kind];
  deps.live.toBidder(row.bidder.id, {
    type: 'notification',
    title: words.title,
    message: text,
    itemid: row.item.id,
    itemname: row.item.name,
    kind,
    senttime: now.toISOString(),
    auctioncode: row.organization.auctioncode,
    eventcode: row.event.eventcode,
  });
  const choice = effectiveNotifications(row.event, row.bidder.notifications).find(
    (n) => row.event.notificationrows.find((r) => r.notificationrowid === n.notificationrowid)?.kind === kind,
  );
  if (!choice) return [];
  const recipient = { organizationId: row.organization.id, eventId: row.event.id };
  const rows: OutboxRow[] = [];
  const url = `${deps.originOf(row.organization.auctioncode)}/${row.event.eventcode}/auction-items/${row.item.id}`;
  if (choice.flags.email && row.account.emailVerified) {
    const brand = { eventname: row.event.eventname, organizationname: row.organization.name };
    rows.push(
      mailRow(
        { ...recipient, to: row.account.email },
        itemNoticeMail(brand, {
          subject: words.subject(row.item.name),
          heading: words.title,
          body: text,
          itemUrl: url,
        }),
      ),
    );
  }
  // Texts go only to a bidder who opted in with a number.
  if (choice.flags.text && canReceiveTexts(row.account))
    rows.push(
      textRow(
        { ...recipient, to: row.account.cellphone },
        `${row.event.eventname}: ${text} Reply STOP to unsubscribe.`,
      ),
    );
  // Pushes go only to an account with a device subscribed; the flag alone sends nothing.
  if (choice.flags[PUSH_NOTIFICATION_COLUMN] && row.pushDevice)
    rows.push(pushRow({ ...recipient, accountId: row.account.id }, { title: words.title, body: text, url }));
  return rows;
}
