import { and, eq } from 'drizzle-orm';
import type { PushSubscriptionRequest } from '@gavel/domain';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

/** Whose device it is: the signed-in account, in its organization. */
export interface DeviceOwner {
  organizationId: number;
  accountId: number;
}

/** Kept only to tell devices apart when reading the table; never shown to anyone. */
const USER_AGENT_MAX = 300;

/**
 * Keeps this device's subscription for the account: one row per endpoint (the device's), so a
 * phone that subscribes again, or that another bidder now signs in on, moves its row to this
 * account with the keys the browser gave now, and its count of failures starts again.
 */
export async function keepSubscription(
  db: Db,
  owner: DeviceOwner,
  { subscription, userAgent }: { subscription: PushSubscriptionRequest; userAgent: string },
): Promise<void> {
  const row = {
    organizationId: owner.organizationId,
    accountId: owner.accountId,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent.replace(/[\p{Cc}]/gu, '').slice(0, USER_AGENT_MAX),
    failures: 0,
  };
  await db
    .insert(pushSubscriptions)
    .values({ ...row, endpoint: subscription.endpoint })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
}

/** Forgets this device's subscription, if it is the account's own; another's stays (nothing says whose it is). */
export async function forgetSubscription(db: Db, owner: DeviceOwner, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, endpoint),
        eq(pushSubscriptions.accountId, owner.accountId),
        eq(pushSubscriptions.organizationId, owner.organizationId),
      ),
    );
}
