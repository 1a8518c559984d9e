import { and, eq, isNull, ne } from 'drizzle-orm';
import { STAFF_INVITATION_DAYS } from '@gavel/domain';
import type { Db, Tx } from '../../../db/client';
import { organizations, staff, staffLinks } from '../../../db/schema';
import { AppError } from '../../../errors';
import { hashLinkSecret, newLinkSecret } from '../../../lib/tokens';
import { enqueueMail } from '../../../mail/outbox';
import { staffBrand, staffInvitationMail, staffResetMail, staffSignInMail } from '../../../mail/staff-mails';
import type { OrganizationRow } from '../../../tenancy';
import type { StaffRow } from './presenter';

/** A staff member's emailed one-time links, by kind, and how long each works. */
export type StaffLinkKind = 'invitation' | 'signin' | 'reset';

const LIFETIME_MINUTES: Record<StaffLinkKind, number> = {
  invitation: STAFF_INVITATION_DAYS * 24 * 60,
  signin: 30,
  reset: 60,
};

/** The console's page for each kind of link (web/src/console/routes.tsx). */
const PAGE: Record<StaffLinkKind, string> = { invitation: 'invitation', signin: 'signin', reset: 'reset' };

export function staffLinkUrl(origin: string, kind: StaffLinkKind, secret: string): string {
  return `${origin}/console/${PAGE[kind]}/${secret}`;
}

export interface StaffMailing {
  organization: OrganizationRow;
  member: Pick<StaffRow, 'id' | 'email' | 'role'>;
  now: Date;
  /** From ctx.site (lib/site.ts) for the organization, never the request's Host. */
  origin: string;
}

/**
 * Makes a link of `kind` for a staff member and queues its mail, in the caller's transaction.
 * Answers when it expires and its address (the demo's start prints the owner's).
 */
export async function mailStaffLink(
  tx: Tx,
  {
    organization,
    member,
    now,
    origin,
    kind,
    invitedBy = null,
  }: StaffMailing & { kind: StaffLinkKind; invitedBy?: string | null },
): Promise<{ expires: Date; url: string }> {
  // A new invitation replaces the earlier ones: the newest mail is the one that works.
  if (kind === 'invitation')
    await tx
      .delete(staffLinks)
      .where(and(eq(staffLinks.staffId, member.id), eq(staffLinks.kind, 'invitation'), isNull(staffLinks.usedAt)));
  const { secret, hash } = newLinkSecret();
  const expires = new Date(now.getTime() + LIFETIME_MINUTES[kind] * 60_000);
  await tx.insert(staffLinks).values({ kind, tokenHash: hash, staffId: member.id, expiresAt: expires });
  const url = staffLinkUrl(origin, kind, secret);
  const brand = staffBrand(organization.name);
  const mail =
    kind === 'invitation'
      ? staffInvitationMail(brand, { url, role: member.role, invitedBy })
      : kind === 'signin'
        ? staffSignInMail(brand, url)
        : staffResetMail(brand, url);
  await enqueueMail(tx, { organizationId: organization.id, eventId: null, to: member.email }, mail);
  return { expires, url };
}

/** Marks a staff member's unused links as spent: of one kind, or every kind but `except`. */
export async function endLinks(
  tx: Tx,
  staffId: number,
  now: Date,
  only?: StaffLinkKind,
  except?: StaffLinkKind,
): Promise<void> {
  await tx
    .update(staffLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffLinks.staffId, staffId),
        isNull(staffLinks.usedAt),
        only ? eq(staffLinks.kind, only) : undefined,
        except ? ne(staffLinks.kind, except) : undefined,
      ),
    );
}

const MESSAGES: Record<StaffLinkKind, { expired: string; used: string }> = {
  invitation: {
    expired: 'This invitation has expired or was replaced by a newer one. Please ask an owner to invite you again.',
    used: 'This invitation has already been accepted. Please sign in with your email and password.',
  },
  signin: {
    expired: 'This sign-in link has expired. Please ask for a new one.',
    used: 'This sign-in link has already been used. Please ask for a new one.',
  },
  reset: {
    expired: 'This password link has expired. Please ask for a new one.',
    used: 'This password link has already been used. Please ask for a new one.',
  },
};

interface LinkShown {
  kind: StaffLinkKind;
  secret: string;
  auctioncode: string;
  now: Date;
}

/**
 * A working link of the host's organization: it must exist for this kind, be unused and unexpired,
 * and its staff member still on the staff. Refusals are `expired` (a link that does not work any
 * more), which the guessing budget counts.
 */
async function workingLink(db: Db | Tx, { kind, secret, auctioncode, now }: LinkShown) {
  const [row] = await db
    .select({ link: staffLinks, member: staff, organization: organizations })
    .from(staffLinks)
    .innerJoin(staff, eq(staffLinks.staffId, staff.id))
    .innerJoin(organizations, eq(staff.organizationId, organizations.id))
    .where(
      and(
        eq(staffLinks.tokenHash, hashLinkSecret(secret)),
        eq(staffLinks.kind, kind),
        eq(organizations.auctioncode, auctioncode),
      ),
    )
    .limit(1);
  const words = MESSAGES[kind];
  if (!row || row.member.removedAt) throw new AppError('expired', words.expired);
  if (row.link.usedAt) throw new AppError('expired', words.used);
  if (row.link.expiresAt <= now) throw new AppError('expired', words.expired);
  return row;
}

/** What a working link is for, without spending it (the invitation page's welcome). */
export async function readStaffLink(
  db: Db,
  shown: LinkShown,
): Promise<{ member: StaffRow; organization: OrganizationRow; expires: Date }> {
  const { member, organization, link } = await workingLink(db, shown);
  return { member, organization, expires: link.expiresAt };
}

/**
 * Spends a one-time link (see workingLink). It is marked used in the statement that checks it is
 * unused, so two clicks at once spend it once.
 */
export async function spendStaffLink(
  tx: Tx,
  shown: LinkShown,
): Promise<{ member: StaffRow; organization: OrganizationRow }> {
  const row = await workingLink(tx, shown);
  const words = MESSAGES[shown.kind];
  const spent = await tx
    .update(staffLinks)
    .set({ usedAt: shown.now })
    .where(and(eq(staffLinks.id, row.link.id), isNull(staffLinks.usedAt)))
    .returning({ id: staffLinks.id });
  if (spent.length === 0) throw new AppError('expired', words.used);
  // The row, locked: what the link then changes is decided on the staff member as it is now.
  const [member] = await tx.select().from(staff).where(eq(staff.id, row.member.id)).for('update');
  if (!member || member.removedAt) throw new AppError('expired', words.expired);
  return { member, organization: row.organization };
}
