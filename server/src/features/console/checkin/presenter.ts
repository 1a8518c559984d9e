import { type CheckinBidder, formatPhone, isoInZone } from '@gavel/domain';
import type { CheckinRow } from './queries';

/** A bidder as the check-in desk lists them; `bidderid` is the account id (the bidder sign-in's `userid`). */
export function presentCheckin(row: CheckinRow, timezone: string): CheckinBidder {
  return {
    bidderid: row.accountId,
    biddernumber: row.bidderdisplaynumber,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    phone: row.cellphone === '' ? '' : formatPhone(row.cellphone),
    emailverified: row.emailVerified,
    checkedin: row.checkedin ? { at: isoInZone(row.checkedin.at, timezone), by: row.checkedin.by } : null,
    card: row.card,
  };
}

/** What the audit log keeps of a check-in: who, and when and by whom they were checked in. */
export function auditedCheckin(row: CheckinRow) {
  return {
    bidderid: row.accountId,
    name: `${row.firstname} ${row.lastname}`.trim(),
    biddernumber: row.bidderdisplaynumber,
    checkedin: row.checkedin,
  };
}
