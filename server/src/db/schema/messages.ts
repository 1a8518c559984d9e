import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { staff } from './console';
import { events, organizations } from './events';
import { ownedBy, tstz } from './columns';

/**
 * Texting and the console's messages (issue 30). The outbox (accounts.ts) carries every email and
 * text; these are what is around it: who said STOP, an organization's own text provider, and the
 * messages staff composed to an audience (each outbox row it queued points back at it).
 */

/** A number that texted STOP (or another stop word) to an organization: nothing more is texted to it until START. */
export const textOptouts = pgTable(
  'text_optouts',
  {
    organizationId: ownedBy('organization_id', () => organizations.id),
    /** The number as the provider gives it (E.164, "+15551234567"). */
    phone: text('phone').notNull(),
    /** The word it sent, upper-cased ("STOP", "UNSUBSCRIBE"). */
    word: text('word').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.phone] })],
);

/**
 * An organization's own text provider account (set by the owner in the console); without a row the
 * server's environment (TWILIO_*) applies, and without that the texts stay in the dev mailbox.
 * The auth token is a secret: never served back, only whether it is set.
 */
export const textSettings = pgTable('text_settings', {
  organizationId: ownedBy('organization_id', () => organizations.id).primaryKey(),
  provider: text('provider', { enum: ['twilio'] })
    .notNull()
    .default('twilio'),
  accountsid: text('accountsid').notNull().default(''),
  authtoken: text('authtoken').notNull().default(''),
  /** The sending number (E.164), or '' when a messaging service sends. */
  fromnumber: text('fromnumber').notNull().default(''),
  messagingservicesid: text('messagingservicesid').notNull().default(''),
  /** What HELP answers after the organization's name: a phone or email to reach it. */
  helpcontact: text('helpcontact').notNull().default(''),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** A message composed in the console to an audience, by email, text or both; its rows are in the outbox. */
export const consoleMessages = pgTable(
  'console_messages',
  {
    id: serial('id').primaryKey(),
    organizationId: ownedBy('organization_id', () => organizations.id),
    eventId: ownedBy('event_id', () => events.id),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    audience: text('audience').notNull(),
    channel: text('channel', { enum: ['email', 'text', 'both'] }).notNull(),
    /** The template it started from ('' when written from scratch). */
    template: text('template').notNull().default(''),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** People in the audience when it was sent, and outbox rows queued for them (two for "both"). */
    recipients: integer('recipients').notNull(),
    queued: integer('queued').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('console_messages_event').on(t.eventId, t.id)],
);
