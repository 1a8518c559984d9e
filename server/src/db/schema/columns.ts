import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money in integer cents. */
export const cents = (name: string) => bigint(name, { mode: 'number' });
