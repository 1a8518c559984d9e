import type { ConsoleStaff, StaffMemberAnswer } from '@gavel/domain';
import type { staff } from '../../../db/schema';
import type { StaffCaller } from '../../../lib/staff-caller';
import type { OrganizationRow } from '../../../tenancy';

export type StaffRow = typeof staff.$inferSelect;

/** Someone has accepted their invitation once they have a password. */
export const hasAccepted = (member: Pick<StaffRow, 'passwordHash'>): boolean => member.passwordHash !== null;

/** Who a console session belongs to. */
export function sessionStaff(member: StaffRow): ConsoleStaff {
  return { email: member.email, name: member.name, role: member.role };
}

/** A row of the staff list. */
export function presentMember(member: StaffRow, invitedExpires: Date | null = null): StaffMemberAnswer {
  const accepted = hasAccepted(member);
  return {
    staffid: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
    status: accepted ? 'active' : 'invited',
    ...(!accepted && invitedExpires ? { invitedExpires: invitedExpires.toISOString() } : {}),
  };
}

/** What the audit log keeps of a staff member (never the password's hash). */
export function auditedMember(member: StaffRow): { email: string; name: string; role: string } {
  return { email: member.email, name: member.name, role: member.role };
}

/** How a staff member is named in the log's sentences. */
export const memberName = (member: Pick<StaffRow, 'name' | 'email'>): string => member.name || member.email;

/**
 * The staff member behind a change made through an emailed link (accepting an invitation, a new
 * password): the actor of its audit entry, as a signed-in console caller would be.
 */
export function actorOf(member: StaffRow, organization: OrganizationRow): StaffCaller {
  return {
    auctioncode: organization.auctioncode,
    organization,
    staff: { id: member.id, email: member.email, name: member.name, role: member.role },
    tenant: null,
  };
}
