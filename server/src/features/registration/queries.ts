import { and, asc, eq, inArray } from 'drizzle-orm';
import type { GuestFieldDef } from '@gavel/domain';
import type { Db, Tx } from '../../db/client';
import { guestFields, guestGroups, guestLookups, guestSeats, registrations, storeOrders } from '../../db/schema';
import { AppError } from '../../errors';

export type FieldRow = typeof guestFields.$inferSelect;
export type LookupRow = typeof guestLookups.$inferSelect;
export type GroupRow = typeof guestGroups.$inferSelect;
export type SeatRow = typeof guestSeats.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;

/** A field as the domain's rules see it. */
export const fieldDef = (f: FieldRow): GuestFieldDef => ({
  fieldid: f.id,
  fieldlabel: f.label,
  fieldcontrol: f.control,
  fieldrequired: f.required,
  fieldreadonly: f.readonly,
  fieldtextlength: f.textlength,
});

/** The event's fields in order (First Name, Last Name, Email, then the organizer's), and their live choices. */
export async function fieldsOf(db: Db | Tx, eventId: number): Promise<{ fields: FieldRow[]; lookups: LookupRow[] }> {
  const fields = await db
    .select()
    .from(guestFields)
    .where(and(eq(guestFields.eventId, eventId), eq(guestFields.retired, false)))
    .orderBy(asc(guestFields.position), asc(guestFields.id));
  const ids = fields.map((f) => f.id);
  const lookups =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(guestLookups)
          .where(and(inArray(guestLookups.fieldId, ids), eq(guestLookups.retired, false)))
          .orderBy(asc(guestLookups.fieldId), asc(guestLookups.position));
  return { fields, lookups };
}

/** A purchase's groups, seats and people, in order. */
export interface Purchase {
  groups: GroupRow[];
  seats: SeatRow[];
  people: RegistrationRow[];
}

export async function purchaseOf(db: Db | Tx, orderId: number): Promise<Purchase> {
  // In turn, not at once: a transaction's queries share its one connection (see load in present.ts).
  const groups = await db
    .select()
    .from(guestGroups)
    .where(eq(guestGroups.orderId, orderId))
    .orderBy(asc(guestGroups.position));
  const seats = await db
    .select()
    .from(guestSeats)
    .where(eq(guestSeats.orderId, orderId))
    .orderBy(asc(guestSeats.position));
  const people = await db
    .select()
    .from(registrations)
    .where(eq(registrations.orderId, orderId))
    .orderBy(asc(registrations.id));
  return { groups, seats, people };
}

/** The order of a purchase, within the caller's event. */
export async function orderRow(db: Db | Tx, eventId: number, orderId: number) {
  const [order] = await db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.id, orderId), eq(storeOrders.eventId, eventId)));
  if (!order) throw new AppError('not_found', 'This purchase was not found.');
  return order;
}

/** The purchase's seats, locked (in position order): every change of who sits where runs under them. */
export async function lockSeats(tx: Tx, orderId: number): Promise<SeatRow[]> {
  return tx
    .select()
    .from(guestSeats)
    .where(eq(guestSeats.orderId, orderId))
    .orderBy(asc(guestSeats.position))
    .for('update');
}
