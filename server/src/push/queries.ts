import { sql } from 'drizzle-orm';
import { accounts, pushSubscriptions } from '../db/schema';

/**
 * Whether the account of the row being read has a device to push to: a column of the query that
 * reads a notice's bidder (notifications/), so knowing costs no statement of its own on the path
 * of a bid, and no push is queued for an account without one.
 */
export const hasPushDevice = sql<boolean>`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.accountId} = ${accounts.id})`;
