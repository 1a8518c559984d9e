import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { saveProfileRequest, UserNotification } from '@gavel/domain';
import { isStateCode, offeredNotificationColumns, passwordError, phoneDigits, profileErrors } from '@gavel/domain';
import type { Db } from '../../db/client';
import { accounts, bidders } from '../../db/schema';
import { AppError } from '../../errors';
import type { Tenant } from '../../tenancy';
import { hashPassword } from './service';
import { endSessions, type Revoked } from './sessions';
import type { AccountRow, BidderRow } from './presenter';

export async function bidderOf(
  db: Db,
  tenant: Tenant,
  accountId: number,
): Promise<{ account: AccountRow; bidder: BidderRow }> {
  const rows = await db
    .select({ account: accounts, bidder: bidders })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(
      and(
        eq(bidders.eventId, tenant.event.id),
        eq(bidders.accountId, accountId),
        eq(accounts.organizationId, tenant.organization.id),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) throw new AppError('unauthorized', 'Your session is not valid. Please log in again.');
  return row;
}

type SaveProfile = z.output<typeof saveProfileRequest>;

/** Keeps only the event's notification rows and columns, so a bidder cannot store anything else. */
function cleanNotifications(tenant: Tenant, given: UserNotification[]): UserNotification[] {
  const columns = new Set(offeredNotificationColumns(tenant.event.notificationcolumns).map((c) => c.value));
  const rows = new Set(tenant.event.notificationrows.map((r) => r.notificationrowid));
  for (const n of given) {
    if (!rows.has(n.notificationrowid))
      throw new AppError('bad_request', 'There is an error saving your notifications.');
    for (const key of Object.keys(n.flags))
      if (!columns.has(key)) throw new AppError('bad_request', 'There is an error saving your notifications.');
  }
  return given.map((n) => ({ notificationrowid: n.notificationrowid, flags: n.flags }));
}

/** Saves the profile with the spec's rules; the first broken rule is the message, nothing is saved. */
export async function saveProfile(db: Db, tenant: Tenant, accountId: number, body: SaveProfile): Promise<void> {
  const errors = profileErrors({
    firstname: body.firstname,
    lastname: body.lastname,
    cellphone: body.cellphone,
    zip: body.zip,
  });
  const first = Object.values(errors)[0];
  if (first) throw new AppError('bad_request', first);
  if (body.state !== '' && !isStateCode(body.state)) throw new AppError('bad_request', 'State is invalid.');
  if (body.bidanonymously && !tenant.event.allowanonymousbidding)
    throw new AppError('bad_request', 'This event does not allow anonymous bidding.');
  const notifications = cleanNotifications(tenant, body.notifications);
  const cellphone = phoneDigits(body.cellphone);
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({
        firstname: body.firstname.trim(),
        lastname: body.lastname.trim(),
        cellphone,
        address: body.address.trim(),
        address2: body.address2.trim(),
        city: body.city.trim(),
        state: body.state,
        zip: body.zip.trim(),
        // Texts go only to a number that opted in.
        allowtexting: body.allowtexting && cellphone !== '',
        updatedAt: sql`now()`,
      })
      .where(and(eq(accounts.id, accountId), eq(accounts.organizationId, tenant.organization.id)));
    await tx
      .update(bidders)
      .set({
        bidanonymously: body.bidanonymously,
        notifications,
        ...(body.setupcomplete ? { setupcomplete: true } : {}),
      })
      .where(and(eq(bidders.eventId, tenant.event.id), eq(bidders.accountId, accountId)));
  });
}

/**
 * A new password for the signed-in bidder. Like a reset by link it ends every earlier session and
 * link of the account, the caller's own too (the web app signs in again with the new password).
 */
export async function changePassword(db: Db, tenant: Tenant, accountId: number, password: string): Promise<Revoked> {
  const weak = passwordError(password);
  if (weak) throw new AppError('bad_request', weak);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(accounts)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(and(eq(accounts.id, accountId), eq(accounts.organizationId, tenant.organization.id)))
      .returning({ id: accounts.id });
    if (changed.length === 0) throw new AppError('unauthorized', 'Your session is not valid. Please log in again.');
    return { accountId, version: await endSessions(tx, accountId) };
  });
}

/** The organizer's switch: the bidder of this email in the event may bid, or may no longer. */
export async function authorizeBidder(db: Db, tenant: Tenant, email: string, allowed: boolean): Promise<void> {
  const updated = await db
    .update(bidders)
    .set({ authorizebidder: allowed })
    .where(
      and(
        eq(bidders.eventId, tenant.event.id),
        sql`${bidders.accountId} = (select ${accounts.id} from ${accounts} where ${accounts.organizationId} = ${tenant.organization.id} and lower(${accounts.email}) = ${email.trim().toLowerCase()})`,
      ),
    )
    .returning({ id: bidders.id });
  if (updated.length === 0) throw new AppError('not_found', 'No bidder with that email in this event.');
}
