import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UserNotification } from '@gavel/domain';
import { bytea, tstz, ownedBy } from './columns';
import { events, organizations } from './events';

/** A person, by email, within one organization; their password and profile. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    organizationId: ownedBy('organization_id', () => organizations.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    cellphone: text('cellphone').notNull().default(''),
    address: text('address').notNull().default(''),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    allowtexting: boolean('allowtexting').notNull().default(false),
    /**
     * Raised by a password reset: a login token carries the version it was signed at (claim `ver`),
     * and one signed at an older version has been revoked (lib/tokens.ts, features/accounts/sessions.ts).
     */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_org_email').on(t.organizationId, sql`lower(${t.email})`)],
);

/** An account's registration as a bidder of one event. */
export const bidders = pgTable(
  'bidders',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    accountId: ownedBy('account_id', () => accounts.id),
    bidderdisplaynumber: integer('bidderdisplaynumber').notNull(),
    authorizebidder: boolean('authorizebidder').notNull().default(true),
    setupcomplete: boolean('setupcomplete').notNull().default(false),
    bidanonymously: boolean('bidanonymously').notNull().default(false),
    notifications: jsonb('notifications').$type<UserNotification[]>().notNull().default([]),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bidders_event_account').on(t.eventId, t.accountId),
    uniqueIndex('bidders_event_number').on(t.eventId, t.bidderdisplaynumber),
  ],
);

/**
 * Emailed one-time links (verify, reset, login). Only a hash of the secret is stored; a link
 * works once and until it expires.
 */
export const authLinks = pgTable(
  'auth_links',
  {
    id: serial('id').primaryKey(),
    /** pay: a charge-all follow-up link that signs the bidder in for their checkout only. */
    kind: text('kind', { enum: ['verify', 'reset', 'login', 'pay'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    accountId: ownedBy('account_id', () => accounts.id),
    eventId: ownedBy('event_id', () => events.id),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('auth_links_account').on(t.accountId, t.kind)],
);

/** Every email and text message, delivered by the mail job (SMTP) or read in the dev mailbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    organizationId: ownedBy('organization_id', () => organizations.id),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** push: `to` is the account's id; the message goes to each of its devices' subscriptions (push_subscriptions). */
    channel: text('channel', { enum: ['email', 'text', 'push'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html').notNull().default(''),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    createdAt: tstz('created_at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Not to be tried again before this (a text's backoff after a transient failure); null = now. */
    nextAttemptAt: tstz('next_attempt_at'),
    /** The provider's id of a sent text (Twilio's message SID), for its status callback. */
    providerId: text('provider_id'),
    /**
     * Where the message stands: queued (in the outbox), sending (claimed by a process), sent (the
     * provider took it), delivered, failed or undelivered (the provider's status callback), optedout
     * (its number said STOP: never sent), or dev (no provider: readable in the dev mailbox only).
     */
    status: text('status').notNull().default('queued'),
    statusAt: tstz('status_at'),
    /** The console message it was queued for (console_messages.id), if any. No foreign key: that table is in messages.ts. */
    messageId: integer('message_id'),
    /** A file sent along with an email (a PDF statement or receipt); '' and null when none. */
    attachmentName: text('attachment_name').notNull().default(''),
    attachment: bytea('attachment'),
  },
  (t) => [
    index('outbox_unsent').on(t.sentAt, t.id),
    index('outbox_provider').on(t.providerId),
    index('outbox_message').on(t.messageId),
  ],
);
