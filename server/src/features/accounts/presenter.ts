import { effectiveNotifications, type SessionUser } from '@gavel/domain';
import type { accounts, bidders } from '../../db/schema';
import type { Tenant } from '../../tenancy';
import { cardFlags } from '../../payments/card-flags';

export type AccountRow = typeof accounts.$inferSelect;
export type BidderRow = typeof bidders.$inferSelect;

/** The signed-in user as the login, verify, link and profile calls answer it. */
export function presentSession({
  tenant,
  account,
  bidder,
  token,
  hasCard,
}: {
  tenant: Tenant;
  account: AccountRow;
  bidder: BidderRow;
  token: string;
  hasCard: boolean;
}): SessionUser {
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
    notifications: effectiveNotifications(tenant.event, bidder.notifications),
    eventcode: tenant.event.eventcode,
    auctioncode: tenant.organization.auctioncode,
    haspassword: account.passwordHash !== null,
  };
}
