/**
 * The console's roles, from most to least trusted:
 * - owner: everything, including staff, payment settings, refunds and charge-all;
 * - staff: events, items, store, bidders, reports, messages; no staff changes, no payment keys;
 * - volunteer: the night's desks (check-in, checkout, pickup) and read-only lists.
 */
export const STAFF_ROLES = ['owner', 'staff', 'volunteer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const rank: Record<StaffRole, number> = { owner: 3, staff: 2, volunteer: 1 };

/** Whether someone of `role` may do what `needed` may do. */
export function roleAllows(role: StaffRole, needed: StaffRole): boolean {
  return rank[role] >= rank[needed];
}

export const roleNames: Record<StaffRole, string> = { owner: 'Owner', staff: 'Staff', volunteer: 'Volunteer' };

/** The sentence a refused console call answers with (403). */
export function roleNeeded(needed: StaffRole): string {
  if (needed === 'owner') return 'Only an owner of this organization may do this.';
  if (needed === 'staff')
    return 'This needs the staff or owner role; volunteers may only use the desks and read the lists.';
  return 'Please sign in to the console.';
}

/** How long a staff session lasts, and an invitation link. */
export const STAFF_TOKEN_HOURS = 12;
export const STAFF_INVITATION_DAYS = 7;

/**
 * Words no event code may take: they are paths of their own at the top of the site
 * (`/console` is the organization's list of events).
 */
export const RESERVED_EVENT_CODES: ReadonlySet<string> = new Set([
  'console',
  'api',
  'assets',
  'media',
  'dev',
  'hubs',
  'testpay',
]);

/** Whether a page address is the console's: `/console...` or `/{eventcode}/console...`. */
export function isConsolePath(pathname: string): boolean {
  return /^\/(console|[^/]+\/console)(\/|$)/i.test(pathname);
}
