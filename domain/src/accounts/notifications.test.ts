import { describe, expect, it } from 'vitest';
import type { UserNotification } from '../api/accounts';
import { effectiveNotifications, type NotificationChoices, offeredNotificationColumns } from './notifications';

const event: NotificationChoices = {
  notificationcolumns: [
    { title: 'Email', value: 'email' },
    { title: 'Text', value: 'text' },
  ],
  notificationrows: [
    { notificationrowid: 1, title: 'Outbid', kind: 'outbid', flags: { email: true, text: false } },
    { notificationrowid: 2, title: 'Won', kind: 'won', flags: { email: true } },
  ],
};

describe('effectiveNotifications', () => {
  it("takes the event's defaults for rows and columns the bidder never saved", () => {
    expect(effectiveNotifications(event, [])).toEqual([
      { notificationrowid: 1, rownumber: 0, flags: { email: true, text: false, push: false } },
      { notificationrowid: 2, rownumber: 1, flags: { email: true, text: false, push: false } },
    ]);
  });

  it("keeps the bidder's saved choices and drops those for rows or columns the event no longer has", () => {
    const saved: UserNotification[] = [
      { notificationrowid: 1, flags: { email: false, text: true, fax: true } },
      { notificationrowid: 9, flags: { email: true } },
    ];
    expect(effectiveNotifications(event, saved)).toEqual([
      { notificationrowid: 1, rownumber: 0, flags: { email: false, text: true, push: false } },
      { notificationrowid: 2, rownumber: 1, flags: { email: true, text: false, push: false } },
    ]);
  });

  it("offers Push after the event's columns, off until the bidder turns it on, unless the event names its own", () => {
    expect(offeredNotificationColumns(event.notificationcolumns).map((c) => c.value)).toEqual([
      'email',
      'text',
      'push',
    ]);
    const own = [{ title: 'App', value: 'push' }];
    expect(offeredNotificationColumns(own)).toEqual(own);
    const on: UserNotification[] = [{ notificationrowid: 2, flags: { push: true } }];
    expect(effectiveNotifications(event, on)[1]?.flags).toEqual({ email: true, text: false, push: true });
  });
});
