import { type ConsoleBidder, formatPhone } from '@gavel/domain';
import type { ConsoleBidderRow } from './queries';

/** A bidder as the console's calls answer them; `bidderid` is the account id (the bidder sign-in's `userid`). */
export function presentBidder(row: ConsoleBidderRow): ConsoleBidder {
  return {
    bidderid: row.accountId,
    bidderdisplaynumber: row.bidderdisplaynumber,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    cellphone: row.cellphone === '' ? '' : formatPhone(row.cellphone),
    emailverified: row.emailVerified,
    cardonfile: row.cardOnFile,
    authorizebidder: row.authorizebidder,
    haspassword: row.hasPassword,
  };
}

/** What the audit log keeps of a bidder: who, and the values a console write may change. */
export function auditedBidder(row: ConsoleBidderRow) {
  return {
    bidderid: row.accountId,
    name: `${row.firstname} ${row.lastname}`.trim(),
    email: row.email,
    bidderdisplaynumber: row.bidderdisplaynumber,
    authorizebidder: row.authorizebidder,
  };
}
