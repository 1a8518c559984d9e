import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { organizations, staff } from '../schema';
import { recordAudit } from '../../lib/audit';
import { mailStaffLink } from '../../features/console/staff/links';
import type { Config } from '../../config';
import { createSite } from '../../lib/site';

/** The demo organization's owner in development: invited at every start until they accept. */
export const DEMO_OWNER_EMAIL = 'organizer@example.org';

export type DemoOwner = { invitation: string; expires: Date } | { accepted: true };

/**
 * The demo organization's first owner (development, SEED_DEMO): made on the first start, with an
 * invitation mailed to the dev mailbox. Until they accept, each start mails a fresh invitation (the
 * older links stop working), so the link the start prints always works. Answers that link, or that
 * the owner has accepted (sign in instead); undefined when there is no such organization.
 */
export async function demoOwnerInvitation(
  db: Db,
  { auctioncode, origin, now }: { auctioncode: string; origin: string; now: Date },
): Promise<DemoOwner | undefined> {
  return db.transaction(async (tx) => {
    const [organization] = await tx.select().from(organizations).where(eq(organizations.auctioncode, auctioncode));
    if (!organization) return undefined;
    const [found] = await tx
      .select()
      .from(staff)
      .where(
        and(
          eq(staff.organizationId, organization.id),
          sql`lower(${staff.email}) = ${DEMO_OWNER_EMAIL}`,
          isNull(staff.removedAt),
        ),
      );
    if (found?.passwordHash) return { accepted: true };
    let owner = found;
    if (!owner) {
      [owner] = await tx
        .insert(staff)
        .values({ organizationId: organization.id, email: DEMO_OWNER_EMAIL, role: 'owner' })
        .onConflictDoNothing()
        .returning();
      // Someone removed them: the demo leaves the staff as its owners set it.
      if (!owner) return undefined;
      await recordAudit(
        tx,
        { operator: true, organizationId: organization.id },
        {
          eventId: null,
          kind: 'staff.invite',
          summary: `Invited ${DEMO_OWNER_EMAIL} as the demo organization's owner`,
          after: { email: DEMO_OWNER_EMAIL, role: 'owner' },
        },
      );
    }
    const { url, expires } = await mailStaffLink(tx, { kind: 'invitation', organization, member: owner, now, origin });
    return { invitation: url, expires };
  });
}

/** What the start prints about the console's demo owner, beside the other addresses. */
export function demoOwnerLines(owner: DemoOwner | undefined): string[] {
  if (!owner) return [];
  if ('accepted' in owner) return [`  Console sign-in:         sign in as ${DEMO_OWNER_EMAIL}`];
  return [
    `  Console owner invitation (${DEMO_OWNER_EMAIL}, mailed to the dev mailbox too):`,
    `    ${owner.invitation}`,
  ];
}

/** The demo owner's invitation for the configured demo organization, its links pointing where this server answers. */
export function demoOwner(db: Db, config: Config, now: Date): Promise<DemoOwner | undefined> {
  const auctioncode = config.defaultAuctionCode;
  return demoOwnerInvitation(db, { auctioncode, origin: createSite(config).originOf(auctioncode), now });
}
