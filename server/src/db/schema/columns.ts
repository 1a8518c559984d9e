import { type AnyPgColumn, bigint, customType, integer, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money in integer cents. */
export const cents = (name: string) => bigint(name, { mode: 'number' });
/** A row's owner: a required reference whose rows go when the owner goes. */
export const ownedBy = (name: string, owner: () => AnyPgColumn) => integer(name).notNull().references(owner, { onDelete: 'cascade' });
