import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StaffRole } from '@gavel/domain';
import { tstz, ownedBy } from './columns';
import { events, organizations } from './events';

/**
 * A member of an organization's staff: not a bidder (accounts), signed in with a staff token of its
 * own kind (lib/tokens.ts). The password is empty until the invitation is accepted. Removal keeps the
 * row (the audit log names who did what) and ends every session.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    organizationId: ownedBy('organization_id', () => organizations.id),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').$type<StaffRole>().notNull(),
    passwordHash: text('password_hash'),
    /** Raised by a password reset and by removal: a staff token signed at an older version is revoked. */
    sessionVersion: integer('session_version').notNull().default(0),
    removedAt: tstz('removed_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_org_email').on(t.organizationId, sql`lower(${t.email})`)],
);

/**
 * A staff member's emailed one-time links: an invitation (sets name and password once, 7 days), a
 * sign-in link, a password reset. Only a hash of the secret is stored.
 */
export const staffLinks = pgTable(
  'staff_links',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['invitation', 'signin', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: ownedBy('staff_id', () => staff.id),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('staff_links_staff').on(t.staffId, t.kind)],
);

/**
 * The console's append-only audit log: every console write, in the same transaction as the change.
 * `staffId` null is the operator (ADMIN_TOKEN); `actor` keeps the name shown then.
 */
export const audit = pgTable(
  'audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: ownedBy('organization_id', () => organizations.id),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    at: tstz('at').notNull().defaultNow(),
    kind: text('kind').notNull(),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_org_event').on(t.organizationId, t.eventId, t.id)],
);

/**
 * Bidder numbers once given to a person in an event: a number is never given to another person,
 * even after it was swapped away (a paddle seen across the room must name one person).
 */
export const bidderNumbersUsed = pgTable(
  'bidder_numbers_used',
  {
    eventId: ownedBy('event_id', () => events.id),
    number: integer('number').notNull(),
    accountId: integer('account_id').notNull(),
  },
  (t) => [uniqueIndex('bidder_numbers_used_event_number').on(t.eventId, t.number)],
);
