import { and, eq, isNull, sql } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import type { ConsoleSessionResponse } from '@gavel/domain';
import { normalizeEmail } from '@gavel/domain';
import type { Db, Tx } from '../../../db/client';
import { organizations, staff } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { TokenService } from '../../../lib/tokens';
import type { OrganizationRow } from '../../../tenancy';
import { hashPassword } from '../../accounts/service';
import { recordAudit } from '../../../lib/audit';
import { endLinks, mailStaffLink, readStaffLink, spendStaffLink } from './links';
import { actorOf, hasAccepted, memberName, sessionStaff, type StaffRow } from './presenter';

export const ALREADY_ACCEPTED =
  'This invitation has already been accepted. Please sign in with your email and password.';

/** One sentence for a wrong password, an unknown email and a removed person alike. */
export const WRONG_CONSOLE_LOGIN = 'The email or password is incorrect.';

/** The host organization's staff member with this email, still on the staff. */
export async function findMember(
  db: Db | Tx,
  auctioncode: string,
  email: string,
): Promise<{ member: StaffRow; organization: OrganizationRow } | undefined> {
  const [row] = await db
    .select({ member: staff, organization: organizations })
    .from(staff)
    .innerJoin(organizations, eq(staff.organizationId, organizations.id))
    .where(
      and(
        eq(organizations.auctioncode, auctioncode),
        sql`lower(${staff.email}) = ${normalizeEmail(email)}`,
        isNull(staff.removedAt),
      ),
    )
    .limit(1);
  return row;
}

let dummy: Promise<string> | undefined;
/** A real hash to check against when there is none, so an unknown email takes as long as a wrong password. */
const dummyHash = () => (dummy ??= hashPassword('no staff member has this password'));

/** Signs a staff member in with their password; refuses anything else with one sentence. */
export async function consoleLogin(db: Db, auctioncode: string, email: string, password: string): Promise<StaffRow> {
  const found = await findMember(db, auctioncode, email);
  const stored = found?.member.passwordHash ?? (await dummyHash());
  const ok = await verify(stored, password).catch(() => false);
  if (!found || !found.member.passwordHash || !ok) throw new AppError('unauthorized', WRONG_CONSOLE_LOGIN);
  return found.member;
}

/** A new console session for a staff member: a staff token at their current session version. */
export async function staffSession(
  tokens: TokenService,
  { member, auctioncode, now, message = '' }: { member: StaffRow; auctioncode: string; now: Date; message?: string },
): Promise<ConsoleSessionResponse> {
  const token = await tokens.signStaff({ staffid: member.id, auctioncode, ver: member.sessionVersion }, now);
  return { status: 'success', message, token, staff: sessionStaff(member) };
}

/**
 * Mails a sign-in link or a password link to a staff member who has accepted their invitation
 * (someone still invited uses the invitation). Run off the request: an email that is not staff
 * answers alike and in the same time.
 */
export async function mailSignInHelp(
  db: Db,
  {
    kind,
    auctioncode,
    email,
    now,
    origin,
  }: { kind: 'signin' | 'reset'; auctioncode: string; email: string; now: Date; origin: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await findMember(tx, auctioncode, email);
    if (!found || !hasAccepted(found.member)) return;
    await mailStaffLink(tx, { kind, organization: found.organization, member: found.member, now, origin });
  });
}

/** Signs in once with an emailed sign-in link. */
export async function signInByLink(
  db: Db,
  link: { secret: string; auctioncode: string; now: Date },
): Promise<StaffRow> {
  return db.transaction(async (tx) => {
    const { member } = await spendStaffLink(tx, { kind: 'signin', ...link });
    if (!hasAccepted(member)) throw new AppError('expired', 'Please accept your invitation first.');
    return member;
  });
}

/**
 * Sets a new password with an emailed link. The session version rises, so every earlier session
 * ends (the console's caller compares versions), and the other links still open end too.
 */
export async function resetByLink(
  db: Db,
  { password, ...link }: { secret: string; auctioncode: string; now: Date; password: string },
): Promise<StaffRow> {
  // A link that does not work is refused before the (deliberately slow) hash is made.
  await readStaffLink(db, { kind: 'reset', ...link });
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const { member, organization } = await spendStaffLink(tx, { kind: 'reset', ...link });
    if (!hasAccepted(member)) throw new AppError('expired', 'Please accept your invitation first.');
    const updated = await setPassword(tx, member.id, { passwordHash, endSessions: true });
    await endLinks(tx, member.id, link.now, undefined, 'invitation');
    await recordAudit(tx, actorOf(updated, organization), {
      eventId: null,
      kind: 'staff.password',
      summary: `${memberName(updated)} chose a new password; their other sessions ended`,
    });
    return updated;
  });
}

/**
 * Accepts an invitation: the name and password are set once. The invitation's other links end,
 * and the person is signed in.
 */
export async function acceptInvitation(
  db: Db,
  { password, name, ...link }: { secret: string; auctioncode: string; now: Date; password: string; name: string },
): Promise<StaffRow> {
  await readStaffLink(db, { kind: 'invitation', ...link });
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const { member, organization } = await spendStaffLink(tx, { kind: 'invitation', ...link });
    if (hasAccepted(member)) throw new AppError('expired', ALREADY_ACCEPTED);
    const updated = await setPassword(tx, member.id, { passwordHash, name });
    await endLinks(tx, member.id, link.now);
    await recordAudit(tx, actorOf(updated, organization), {
      eventId: null,
      kind: 'staff.join',
      summary: `${memberName(updated)} accepted the invitation (${updated.email}, ${updated.role})`,
      before: { name: member.name },
      after: { name: updated.name },
    });
    return updated;
  });
}

async function setPassword(
  tx: Tx,
  staffId: number,
  { passwordHash, name, endSessions = false }: { passwordHash: string; name?: string; endSessions?: boolean },
): Promise<StaffRow> {
  const [updated] = await tx
    .update(staff)
    .set({
      passwordHash,
      ...(name === undefined ? {} : { name }),
      ...(endSessions ? { sessionVersion: sql`${staff.sessionVersion} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(staff.id, staffId))
    .returning();
  if (!updated) throw new AppError('expired', 'This link is no longer valid.');
  return updated;
}
