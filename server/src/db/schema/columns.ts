import { type AnyPgColumn, bigint, customType, integer, text, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money in integer cents. */
export const cents = (name: string) => bigint(name, { mode: 'number' });
/** A row's owner: a required reference whose rows go when the owner goes. */
export const ownedBy = (name: string, owner: () => AnyPgColumn) =>
  integer(name).notNull().references(owner, { onDelete: 'cascade' });

/**
 * What every card charge records, whoever's order it is (an auction checkout, a store order): the
 * currency and processor, the processor's reference, the key it was sent under (so a retry or the
 * reconciliation job never charges twice), the card, and why it failed. New builders per table.
 */
export const chargeColumns = () => ({
  currency: text('currency').notNull(),
  processorcode: integer('processorcode').notNull(),
  /** The processor's charge (PaymentIntent) id, once known. */
  processorRef: text('processor_ref').notNull().default(''),
  chargeKey: text('charge_key').notNull(),
  cardbrand: text('cardbrand').notNull().default(''),
  cardlast4: text('cardlast4').notNull().default(''),
  /** Why a charge failed, for the organizer's report. */
  failure: text('failure').notNull().default(''),
});
