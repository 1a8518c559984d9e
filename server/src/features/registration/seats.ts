import { seatingPlan, type StoredValue } from '@gavel/domain';
import type { Tx } from '../../db/client';
import { guestGroups, guestSeats, registrations } from '../../db/schema';
import type { CartLine, StoreOrderRow } from '../store/queries';
import { type FieldRow, fieldsOf } from './queries';

/** Answers of the standard fields (First Name, Last Name, Email) by field id. */
function standardAnswers(
  fields: readonly FieldRow[],
  person: { first: string; last: string; email: string },
): Record<string, StoredValue> {
  const answers: Record<string, StoredValue> = {};
  for (const f of fields) {
    if (f.role === 'first' && person.first) answers[String(f.id)] = person.first;
    if (f.role === 'last' && person.last) answers[String(f.id)] = person.last;
    if (f.role === 'email' && person.email) answers[String(f.id)] = person.email;
  }
  return answers;
}

/**
 * A final order's guest seats (domain/src/registration/seating.ts), in the order's transaction: a
 * group per table, the single tickets of a line together, and the purchaser in the first seat of
 * the first group. The other seats wait as 'Guest of {purchaser}' until named.
 */
export async function seatPurchase(tx: Tx, order: StoreOrderRow, lines: readonly CartLine[], now: Date): Promise<void> {
  const plan = seatingPlan(lines);
  if (plan.length === 0) return;
  const { fields } = await fieldsOf(tx, order.eventId);
  const [purchaser] = await tx
    .insert(registrations)
    .values({
      eventId: order.eventId,
      orderId: order.id,
      first: order.first,
      last: order.last,
      email: order.email,
      answers: standardAnswers(fields, order),
      updatedAt: now,
    })
    .returning({ id: registrations.id });
  if (!purchaser) throw new Error('registration insert returned nothing');
  let position = 0;
  for (const [g, planned] of plan.entries()) {
    const [group] = await tx
      .insert(guestGroups)
      .values({ eventId: order.eventId, orderId: order.id, itemId: planned.itemId, position: g, name: planned.name })
      .returning({ id: guestGroups.id });
    if (!group) throw new Error('group insert returned nothing');
    const seats = Array.from({ length: planned.seats }, (_, s) => ({
      eventId: order.eventId,
      orderId: order.id,
      groupId: group.id,
      position: position + s,
      registrationId: g === 0 && s === 0 ? purchaser.id : null,
      updatedAt: now,
    }));
    position += planned.seats;
    await tx.insert(guestSeats).values(seats);
  }
}
