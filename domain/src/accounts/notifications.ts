import type { UserNotification } from '../api/accounts';
import type { NotificationColumn, NotificationRow } from '../api/event';

/** What an event offers for notices: its rows (one per kind of notice) and its columns (email, text, ...). */
export interface NotificationChoices {
  notificationcolumns: NotificationColumn[];
  notificationrows: NotificationRow[];
}

/** The notification column whose notices go out by Web Push to the bidder's devices (docs/push.md). */
export const PUSH_NOTIFICATION_COLUMN = 'push';

/**
 * The columns a bidder may choose from: the event's, and Push after them when the event has no
 * column of that value (an organizer who wants another heading imports a `push` column). Added
 * here rather than stored by the import, so every event offers it, those imported before too: a
 * push costs nobody anything, unlike a text. It is off until the bidder turns it on (the event's
 * rows do not name it), and the app shows it only where the browser can take pushes.
 */
export function offeredNotificationColumns(columns: NotificationColumn[]): NotificationColumn[] {
  if (columns.some((c) => c.value === PUSH_NOTIFICATION_COLUMN)) return columns;
  return [...columns, { title: 'Push', value: PUSH_NOTIFICATION_COLUMN }];
}

/**
 * A bidder's notification choices, completed from the event's rows: a row the bidder never saved
 * takes the event's defaults, and choices for rows or columns the event no longer has are dropped.
 */
export function effectiveNotifications(event: NotificationChoices, saved: UserNotification[]): UserNotification[] {
  const columns = offeredNotificationColumns(event.notificationcolumns).map((c) => c.value);
  return event.notificationrows.map((row, rownumber) => {
    const mine = saved.find((n) => n.notificationrowid === row.notificationrowid);
    const flags: Record<string, boolean> = {};
    for (const col of columns) flags[col] = mine?.flags[col] ?? row.flags[col] ?? false;
    return { notificationrowid: row.notificationrowid, rownumber, flags };
  });
}
