import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { organizations } from './events';
import { ownedBy, tstz } from './columns';

/**
 * A device's Web Push subscription (issue 31): what its browser's push service gave when the
 * bidder turned Push on. One per device (the endpoint is the device's), kept for the account that
 * subscribed it; removed when the push service answers that it is gone (404 or 410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    organizationId: ownedBy('organization_id', () => organizations.id),
    accountId: ownedBy('account_id', () => accounts.id),
    /** The push service's address for this device: a secret capability, never served back. */
    endpoint: text('endpoint').notNull(),
    /** The browser's keys that the message is encrypted to (base64url). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** When a push last reached the push service for this device. */
    lastSentAt: tstz('last_sent_at'),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_account').on(t.accountId),
  ],
);
