import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AdminRegistrationsResponse } from '@gavel/domain';
import { displayValueOf, seatLocked, storeOrderNumber } from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { guestGroups, guestLookups, guestSeats, registrations, storeItems, storeOrders } from '../../db/schema';
import { AppError } from '../../errors';
import type { Tenant } from '../../tenancy';
import { csvTable } from '../../lib/csv';
import { storeSettingsOf } from '../store/setup';
import { nameOf } from './present';
import { fieldDef, fieldsOf } from './queries';

/** GET /admin/registrations: every group of the event's final orders, in order, with each seat's guest and answers. */
export async function registrationsReport(db: Db, tenant: Tenant, now: Date): Promise<AdminRegistrationsResponse> {
  const eventId = tenant.event.id;
  const [settings, { fields }, groups] = await Promise.all([
    storeSettingsOf(db, tenant.event),
    fieldsOf(db, eventId),
    db
      .select({
        group: guestGroups,
        itemname: storeItems.name,
        first: storeOrders.first,
        last: storeOrders.last,
        email: storeOrders.email,
      })
      .from(guestGroups)
      .innerJoin(storeOrders, eq(storeOrders.id, guestGroups.orderId))
      .innerJoin(storeItems, eq(storeItems.id, guestGroups.itemId))
      .where(and(eq(guestGroups.eventId, eventId), inArray(storeOrders.state, ['paid', 'unpaid'])))
      .orderBy(asc(guestGroups.orderId), asc(guestGroups.position)),
  ]);
  const groupIds = groups.map((g) => g.group.id);
  const seats =
    groupIds.length === 0
      ? []
      : await db
          .select()
          .from(guestSeats)
          .where(inArray(guestSeats.groupId, groupIds))
          .orderBy(asc(guestSeats.position));
  const personIds = seats.map((s) => s.registrationId).filter((id): id is number => id !== null);
  const people =
    personIds.length === 0 ? [] : await db.select().from(registrations).where(inArray(registrations.id, personIds));
  const byId = new Map(people.map((p) => [p.id, p]));
  // A retired choice still names what a guest chose before the organizer took it off the list.
  const allLookups =
    fields.length === 0
      ? []
      : await db
          .select({ id: guestLookups.id, label: guestLookups.label })
          .from(guestLookups)
          .where(
            inArray(
              guestLookups.fieldId,
              fields.map((f) => f.id),
            ),
          );
  const labels = new Map(allLookups.map((l) => [l.id, l.label]));
  const lookupLabel = (id: number) => labels.get(id);
  const asked = fields.filter((f) => f.role === '');
  return {
    status: 'success',
    fields: asked.map((f) => ({ fieldid: f.id, fieldlabel: f.label })),
    groups: groups.map(({ group, itemname, first, last, email }) => {
      const purchaser = `${first} ${last}`.trim();
      return {
        groupid: group.id,
        groupname: group.name,
        itemname,
        orderid: group.orderId,
        purchaser,
        purchaseremail: email,
        seats: seats
          .filter((s) => s.groupId === group.id)
          .map((s, i) => {
            const person = s.registrationId === null ? undefined : byId.get(s.registrationId);
            return {
              guestid: s.id,
              seat: i + 1,
              guestname: nameOf(person, purchaser),
              email: person?.email ?? '',
              registrationid: person?.id ?? null,
              locked: seatLocked(s, settings.editdeadline, now),
              answers: asked.map((f) => displayValueOf(fieldDef(f), person?.answers[String(f.id)], lookupLabel)),
            };
          }),
      };
    }),
  };
}

/** The seating list as a spreadsheet the venue can print: one row per seat. */
export function registrationsCsv(report: AdminRegistrationsResponse): string {
  const header = [
    'Group',
    'Ticket',
    'Seat',
    'Guest',
    'Email',
    'Purchaser',
    'Purchaser email',
    'Order',
    'Locked',
    ...report.fields.map((f) => f.fieldlabel),
  ];
  const rows = report.groups.flatMap((g) =>
    g.seats.map((s) => [
      g.groupname,
      g.itemname,
      s.seat,
      s.guestname,
      s.email,
      g.purchaser,
      g.purchaseremail,
      storeOrderNumber(g.orderid),
      s.locked ? 'Yes' : 'No',
      ...s.answers,
    ]),
  );
  return csvTable(header, rows);
}

/** PUT /admin/registrations/lock: the organizer locks or unlocks one guest's seat. */
export async function lockGuest(
  ctx: AppContext,
  tenant: Tenant,
  guestid: number,
  locked: boolean,
): Promise<{ status: 'success'; message: string }> {
  const [seat] = await ctx.db
    .update(guestSeats)
    .set({ locked, updatedAt: ctx.clock() })
    .where(and(eq(guestSeats.id, guestid), eq(guestSeats.eventId, tenant.event.id)))
    .returning({ id: guestSeats.id });
  if (!seat) throw new AppError('not_found', 'No guest seat of this event has that id.');
  return { status: 'success', message: locked ? 'The guest is locked.' : 'The guest is unlocked.' };
}
