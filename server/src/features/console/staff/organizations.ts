import type { Db } from '../../../db/client';
import { organizations, staff } from '../../../db/schema';
import { AppError } from '../../../errors';
import { recordAudit } from '../../../lib/audit';
import { mailStaffLink } from './links';

/**
 * The operator's new organization with its first owner: a staff member with the owner role and
 * no password yet, mailed an invitation to choose their name and password. The link's secret is
 * only in the mail.
 */
export async function createOrganization(
  db: Db,
  {
    auctioncode,
    name,
    owneremail,
    now,
    origin,
  }: { auctioncode: string; name: string; owneremail: string; now: Date; origin: string },
): Promise<{ expires: Date }> {
  return db.transaction(async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values({ auctioncode, name })
      .onConflictDoNothing({ target: organizations.auctioncode })
      .returning();
    if (!organization) throw new AppError('conflict', `The auction code ${auctioncode} is already taken.`);
    const [owner] = await tx
      .insert(staff)
      .values({ organizationId: organization.id, email: owneremail, role: 'owner' })
      .returning();
    if (!owner) throw new Error('staff insert returned nothing');
    const { expires } = await mailStaffLink(tx, { kind: 'invitation', organization, member: owner, now, origin });
    await recordAudit(
      tx,
      { operator: true, organizationId: organization.id },
      {
        eventId: null,
        kind: 'organization.create',
        summary: `Created the organization ${name} (${auctioncode}) and invited ${owneremail} as its owner`,
        after: { auctioncode, name, owneremail },
      },
    );
    return { expires };
  });
}
