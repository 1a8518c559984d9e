import type { SessionUser, UserNotification } from '@gavel/domain';
import type { accounts, bidders } from '../../db/schema';
import type { Tenant } from '../../tenancy';
import { cardFlags } from '../payments/cards';

export type AccountRow = typeof accounts.$inferSelect;
export type BidderRow = typeof bidders.$inferSelect;

/**
 * A bidder's notification choices, completed from the event's rows: a row the bidder never saved
 * takes the event's defaults, and choices for rows or columns the event no longer has are dropped.
 */
export function effectiveNotifications(tenant: Tenant, saved: UserNotification[]): UserNotification[] {
  const columns = tenant.event.notificationcolumns.map((c) => c.value);
  return tenant.event.notificationrows.map((row, rownumber) => {
    const mine = saved.find((n) => n.notificationrowid === row.notificationrowid);
    const flags: Record<string, boolean> = {};
    for (const col of columns) flags[col] = mine?.flags[col] ?? row.flags[col] ?? false;
    return { notificationrowid: row.notificationrowid, rownumber, flags };
  });
}

/** The signed-in user as the login, verify, link and profile calls answer it. */
export function presentSession(
  tenant: Tenant,
  account: AccountRow,
  bidder: BidderRow,
  token: string,
  hasCard: boolean,
): SessionUser {
  const { needscardtoregister, showupdatepaymentmethod } = cardFlags(tenant.event, hasCard);
  return {
    token,
    accountstatus: account.emailVerified ? 'verified' : 'notverified',
    setupcomplete: bidder.setupcomplete,
    userid: account.id,
    email: account.email,
    firstname: account.firstname,
    lastname: account.lastname,
    authorizebidder: bidder.authorizebidder,
    bidderdisplaynumber: bidder.bidderdisplaynumber,
    bidanonymously: tenant.event.allowanonymousbidding && bidder.bidanonymously,
    allowtexting: account.allowtexting,
    cellphone: account.cellphone,
    address: account.address,
    address2: account.address2,
    city: account.city,
    state: account.state,
    zip: account.zip,
    needscardtoregister,
    showupdatepaymentmethod,
    notifications: effectiveNotifications(tenant, bidder.notifications),
    eventcode: tenant.event.eventcode,
    auctioncode: tenant.organization.auctioncode,
    haspassword: account.passwordHash !== null,
  };
}
