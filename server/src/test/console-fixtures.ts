import type { StaffRole } from '@gavel/domain';
import { organizations, staff } from '../db/schema';
import type { TestApp } from './harness';

export interface TestStaff {
  id: number;
  email: string;
  role: StaffRole;
  token: string;
  /** The Authorization header of a console call. */
  headers: { authorization: string };
}

/**
 * A staff member of an organization (made if missing), signed in: for tests of console calls that
 * are not about signing in. The sign-in and invitation tests go through the calls themselves.
 */
export async function signedInStaff(
  t: TestApp,
  {
    role,
    email = `${role}@example.org`,
    auctioncode = t.config.defaultAuctionCode,
    name = '',
  }: { role: StaffRole; email?: string; auctioncode?: string; name?: string },
): Promise<TestStaff> {
  const [org] = await t.ctx.db
    .insert(organizations)
    .values({ auctioncode, name: `Organization ${auctioncode}` })
    .onConflictDoUpdate({ target: organizations.auctioncode, set: { auctioncode } })
    .returning({ id: organizations.id });
  if (!org) throw new Error('organization upsert returned nothing');
  const [row] = await t.ctx.db
    .insert(staff)
    .values({ organizationId: org.id, email, name: name || email.split('@')[0] || email, role })
    .returning({ id: staff.id });
  if (!row) throw new Error('staff insert returned nothing');
  const token = await t.ctx.tokens.signStaff({ staffid: row.id, auctioncode, ver: 0 }, t.ctx.clock());
  return { id: row.id, email, role, token, headers: { authorization: `Bearer ${token}` } };
}
