import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FieldControl, FieldRole, StoredValue } from '@gavel/domain';
import { ownedBy, tstz } from './columns';
import { events } from './events';
import { storeItems, storeOrders } from './store';

/** A guest field of an event: the three standard ones (role first, last, email) and the organizer's. */
export const guestFields = pgTable(
  'guest_fields',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    code: text('code').notNull(),
    role: text('role').$type<FieldRole | ''>().notNull().default(''),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    control: integer('control').$type<FieldControl>().notNull(),
    required: boolean('required').notNull().default(false),
    readonly: boolean('readonly').notNull().default(false),
    textlength: integer('textlength').notNull(),
    /** Left out of the document's last import: kept for the answers that name it, no longer asked. */
    retired: boolean('retired').notNull().default(false),
  },
  (t) => [uniqueIndex('guest_fields_event_code').on(t.eventId, sql`lower(${t.code})`)],
);

/** A choice of a lookup field. */
export const guestLookups = pgTable(
  'guest_lookups',
  {
    id: serial('id').primaryKey(),
    fieldId: ownedBy('field_id', () => guestFields.id),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    retired: boolean('retired').notNull().default(false),
  },
  (t) => [index('guest_lookups_field').on(t.fieldId, t.position)],
);

/** The seats one ticket unit of an order gives (a table of eight: one group of eight), or a line's single tickets together. */
export const guestGroups = pgTable(
  'guest_groups',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    orderId: ownedBy('order_id', () => storeOrders.id),
    itemId: ownedBy('item_id', () => storeItems.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('guest_groups_order').on(t.orderId, t.position), index('guest_groups_event').on(t.eventId)],
);

/** A person the purchaser has entered (or the purchaser): their answers by field id, and their name and email for lists. */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    orderId: ownedBy('order_id', () => storeOrders.id),
    first: text('first').notNull().default(''),
    last: text('last').notNull().default(''),
    email: text('email').notNull().default(''),
    answers: jsonb('answers').$type<Record<string, StoredValue>>().notNull().default({}),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [index('registrations_order').on(t.orderId)],
);

/**
 * A seat of a group. Its person, if one is entered (one person fills one seat at a time); locked by
 * the organizer; and the hash of the guest's own link, made when the seat's person has an email.
 */
export const guestSeats = pgTable(
  'guest_seats',
  {
    id: serial('id').primaryKey(),
    eventId: ownedBy('event_id', () => events.id),
    orderId: ownedBy('order_id', () => storeOrders.id),
    groupId: ownedBy('group_id', () => guestGroups.id),
    position: integer('position').notNull(),
    registrationId: integer('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    locked: boolean('locked').notNull().default(false),
    linkHash: text('link_hash').notNull().default(''),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    index('guest_seats_order').on(t.orderId, t.position),
    uniqueIndex('guest_seats_registration')
      .on(t.registrationId)
      .where(sql`${t.registrationId} is not null`),
    uniqueIndex('guest_seats_link')
      .on(t.linkHash)
      .where(sql`${t.linkHash} <> ''`),
  ],
);

/**
 * Every guest-registration link mailed, by purchase and recipient (lowercased): the mails a
 * purchaser can cause are capped per purchase and per recipient by counting these.
 */
export const guestLinkMails = pgTable(
  'guest_link_mails',
  {
    id: serial('id').primaryKey(),
    orderId: ownedBy('order_id', () => storeOrders.id),
    recipient: text('recipient').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('guest_link_mails_order').on(t.orderId, t.createdAt),
    index('guest_link_mails_recipient').on(t.recipient, t.createdAt),
  ],
);
