import type { UserNotification } from '../api/accounts';
import type { NotificationColumn, NotificationRow } from '../api/event';

/** What an event offers for notices: its rows (one per kind of notice) and its columns (email, text, ...). */
export interface NotificationChoices {
  notificationcolumns: NotificationColumn[];
  notificationrows: NotificationRow[];
}

/**
 * A bidder's notification choices, completed from the event's rows: a row the bidder never saved
 * takes the event's defaults, and choices for rows or columns the event no longer has are dropped.
 */
export function effectiveNotifications(event: NotificationChoices, saved: UserNotification[]): UserNotification[] {
  const columns = event.notificationcolumns.map((c) => c.value);
  return event.notificationrows.map((row, rownumber) => {
    const mine = saved.find((n) => n.notificationrowid === row.notificationrowid);
    const flags: Record<string, boolean> = {};
    for (const col of columns) flags[col] = mine?.flags[col] ?? row.flags[col] ?? false;
    return { notificationrowid: row.notificationrowid, rownumber, flags };
  });
}
