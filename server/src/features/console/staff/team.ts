import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { StaffMemberAnswer, StaffRole } from '@gavel/domain';
import { normalizeEmail, roleNames } from '@gavel/domain';
import type { Db, Tx } from '../../../db/client';
import { organizations, staff, staffLinks } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { StaffCaller } from '../../../lib/staff-caller';
import { recordAudit } from '../../../lib/audit';
import { endLinks, mailStaffLink } from './links';
import { auditedMember, hasAccepted, memberName, presentMember, type StaffRow } from './presenter';

/** The organization's staff, removed people left out, owners first; with when an open invitation expires. */
export async function listStaff(db: Db, organizationId: number): Promise<StaffMemberAnswer[]> {
  const open = db
    .select({
      staffId: staffLinks.staffId,
      expires: sql<Date>`max(${staffLinks.expiresAt})`.mapWith(staffLinks.expiresAt).as('expires'),
    })
    .from(staffLinks)
    .where(and(eq(staffLinks.kind, 'invitation'), isNull(staffLinks.usedAt)))
    .groupBy(staffLinks.staffId)
    .as('open_invitations');
  const rows = await db
    .select({ member: staff, invitedExpires: open.expires })
    .from(staff)
    .leftJoin(open, eq(open.staffId, staff.id))
    .where(and(eq(staff.organizationId, organizationId), isNull(staff.removedAt)))
    .orderBy(
      sql`case ${staff.role} when 'owner' then 0 when 'staff' then 1 else 2 end`,
      asc(sql`lower(${staff.email})`),
    );
  return rows.map((r) => presentMember(r.member, r.invitedExpires));
}

/**
 * Staff changes of an organization wait for each other: the organization's row is locked first,
 * so two owners demoting each other at once cannot leave it without an owner.
 */
async function lockStaffOf(tx: Tx, organizationId: number): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('no key update');
}

async function memberOf(tx: Tx, organizationId: number, staffId: number): Promise<StaffRow> {
  const [member] = await tx
    .select()
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.organizationId, organizationId), isNull(staff.removedAt)))
    .limit(1);
  if (!member) throw new AppError('not_found', 'That person is not on the staff.');
  return member;
}

const LAST_OWNER = 'The organization needs at least one owner. Make someone else an owner first.';

/** Refuses to take the owner role from the last owner who can sign in (an invited owner cannot yet). */
async function keepAnOwner(tx: Tx, member: StaffRow): Promise<void> {
  if (member.role !== 'owner' || !hasAccepted(member)) return;
  const [others] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(staff)
    .where(
      and(
        eq(staff.organizationId, member.organizationId),
        eq(staff.role, 'owner'),
        isNull(staff.removedAt),
        isNotNull(staff.passwordHash),
        ne(staff.id, member.id),
      ),
    );
  if ((others?.n ?? 0) === 0) throw new AppError('conflict', LAST_OWNER);
}

/**
 * Invites someone: a new staff member, someone invited before who has not accepted (a new link;
 * the older ones stop working), or someone removed before (back, as invited). Someone already on
 * the staff is refused.
 */
export async function inviteStaff(
  db: Db,
  caller: StaffCaller,
  { email, name, role, now, origin }: { email: string; name: string; role: StaffRole; now: Date; origin: string },
): Promise<StaffMemberAnswer> {
  const organizationId = caller.organization.id;
  return db.transaction(async (tx) => {
    await lockStaffOf(tx, organizationId);
    const [existing] = await tx
      .select()
      .from(staff)
      .where(and(eq(staff.organizationId, organizationId), sql`lower(${staff.email}) = ${normalizeEmail(email)}`))
      .limit(1);
    if (existing && !existing.removedAt && hasAccepted(existing))
      throw new AppError('conflict', `${existing.email} is already on the staff.`);
    const [member] = existing
      ? await tx
          .update(staff)
          .set({
            name: name || (existing.removedAt ? '' : existing.name),
            role,
            removedAt: null,
            passwordHash: null,
            updatedAt: sql`now()`,
          })
          .where(eq(staff.id, existing.id))
          .returning()
      : await tx.insert(staff).values({ organizationId, email, name, role }).returning();
    if (!member) throw new Error('staff write returned nothing');
    const { expires } = await mailStaffLink(tx, {
      kind: 'invitation',
      organization: caller.organization,
      member,
      now,
      origin,
      invitedBy: memberName(caller.staff),
    });
    await recordAudit(tx, caller, {
      eventId: null,
      kind: 'staff.invite',
      summary: `${existing && !existing.removedAt ? 'Invited again' : 'Invited'} ${member.email} as ${roleNames[role].toLowerCase()}`,
      before: existing && !existing.removedAt ? auditedMember(existing) : undefined,
      after: auditedMember(member),
    });
    return presentMember(member, expires);
  });
}

/** Changes a staff member's role; the last owner stays an owner. The same role again changes nothing. */
export async function changeRole(
  db: Db,
  caller: StaffCaller,
  { staffId, role }: { staffId: number; role: StaffRole },
): Promise<{ member: StaffMemberAnswer; changed: boolean }> {
  return db.transaction(async (tx) => {
    await lockStaffOf(tx, caller.organization.id);
    const member = await memberOf(tx, caller.organization.id, staffId);
    if (member.role === role) return { member: presentMember(member), changed: false };
    if (role !== 'owner') await keepAnOwner(tx, member);
    const [updated] = await tx
      .update(staff)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(staff.id, member.id))
      .returning();
    if (!updated) throw new Error('staff update returned nothing');
    await recordAudit(tx, caller, {
      eventId: null,
      kind: 'staff.role',
      summary: `Changed ${memberName(member)}'s role from ${roleNames[member.role].toLowerCase()} to ${roleNames[role].toLowerCase()}`,
      before: { role: member.role },
      after: { role },
    });
    return { member: presentMember(updated), changed: true };
  });
}

/**
 * Removes someone from the staff: the row stays (the log names who did what), their session
 * version rises so every token of theirs is refused at once, and their open links end.
 */
export async function removeStaff(db: Db, caller: StaffCaller, staffId: number, now: Date): Promise<StaffRow> {
  return db.transaction(async (tx) => {
    await lockStaffOf(tx, caller.organization.id);
    const member = await memberOf(tx, caller.organization.id, staffId);
    await keepAnOwner(tx, member);
    const [removed] = await tx
      .update(staff)
      .set({ removedAt: now, sessionVersion: sql`${staff.sessionVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(staff.id, member.id))
      .returning();
    if (!removed) throw new Error('staff update returned nothing');
    await endLinks(tx, member.id, now);
    await recordAudit(tx, caller, {
      eventId: null,
      kind: 'staff.remove',
      summary: `Removed ${memberName(member)} (${member.email}) from the staff`,
      before: auditedMember(member),
      after: null,
    });
    return removed;
  });
}
