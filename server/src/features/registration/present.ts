import type { GuestField, GuestGroup, GuestLookup, StoreGuestResponse } from '@gavel/domain';
import {
  deadlinePassed,
  guestNameOf,
  missingAnswers,
  NEW_REGISTRATION_ID,
  registrationMessages,
  seatLocked,
  wireValueOf,
} from '@gavel/domain';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Tenant } from '../../tenancy';
import { type StoreSettings, storeSettingsOf } from '../store/setup';
import {
  type FieldRow,
  fieldDef,
  fieldsOf,
  type LookupRow,
  orderRow,
  type Purchase,
  purchaseOf,
  type RegistrationRow,
  type SeatRow,
} from './queries';

/** Who may see what: a purchase, or one guest's seat of it. */
export interface Scope {
  tenant: Tenant;
  orderId: number;
  seatId: number | null;
  /** A guest's scope: the person the link was opened for; the seat given to someone else closes it. */
  personId: number | null;
}

/** Everything a registration answer is made from, read once. */
export interface Loaded {
  order: Awaited<ReturnType<typeof orderRow>>;
  settings: StoreSettings;
  purchase: Purchase;
  fields: FieldRow[];
  lookups: LookupRow[];
  purchaserName: string;
}

export async function load(db: Db | Tx, scope: Scope): Promise<Loaded> {
  const order = await orderRow(db, scope.tenant.event.id, scope.orderId);
  // One after another: on a transaction they share one connection, which runs one query at a time
  // anyway (and the pg driver warns of queries sent while another runs).
  const settings = await storeSettingsOf(db, scope.tenant.event);
  const purchase = await purchaseOf(db, order.id);
  const { fields, lookups } = await fieldsOf(db, scope.tenant.event.id);
  return { order, settings, purchase, fields, lookups, purchaserName: `${order.first} ${order.last}`.trim() };
}

export const nameOf = (person: Pick<RegistrationRow, 'first' | 'last'> | undefined | null, purchaserName: string) =>
  guestNameOf(person ?? null, purchaserName);

/** The seat a call names, within the caller's scope: a guest's link reaches its own seat only. */
export function seatIn(loaded: Pick<Loaded, 'purchase'>, scope: Scope, guestid: number): SeatRow {
  if (scope.seatId !== null && guestid !== scope.seatId)
    throw new AppError('forbidden', registrationMessages.ownSeatOnly);
  const seat = loaded.purchase.seats.find((s) => s.id === guestid);
  if (!seat) throw new AppError('not_found', registrationMessages.notYours);
  if (scope.seatId !== null && seat.registrationId !== scope.personId)
    throw new AppError('forbidden', registrationMessages.linkInvalid);
  return seat;
}

export const personIn = (loaded: Pick<Loaded, 'purchase'>, id: number | null) =>
  id === null ? undefined : loaded.purchase.people.find((p) => p.id === id);

/** The groups with their seats; a guest's scope sees only its own seat. */
export function groupsAnswer(loaded: Loaded, scope: Scope, now: Date): GuestGroup[] {
  const { purchase, settings } = loaded;
  const rename = settings.allowgrouprename && !deadlinePassed(settings.editdeadline, now) && scope.seatId === null;
  const defs = loaded.fields.map(fieldDef);
  return purchase.groups
    .map((g) => ({
      groupid: g.id,
      groupname: g.name,
      allowchangegroupname: rename,
      guests: purchase.seats
        .filter((s) => s.groupId === g.id && (scope.seatId === null || s.id === scope.seatId))
        .map((s) => {
          const person = personIn(loaded, s.registrationId);
          return {
            guestid: s.id,
            guestname: nameOf(person, loaded.purchaserName),
            guestislocked: seatLocked(s, settings.editdeadline, now),
            guestisnamed: person !== undefined,
            guestneedsanswers: person !== undefined && missingAnswers(defs, person.answers).length > 0,
          };
        }),
    }))
    .filter((g) => g.guests.length > 0);
}

/** When guests must be registered by, as the answers carry it ('' without a deadline). */
export const deadlineOf = (loaded: Pick<Loaded, 'settings'>): string =>
  loaded.settings.editdeadline?.toISOString() ?? '';

export function fieldsAnswer(loaded: Pick<Loaded, 'fields'>, person: RegistrationRow | undefined): GuestField[] {
  return loaded.fields.map((f) => ({
    ...fieldDef(f),
    fieldvalue: wireValueOf(fieldDef(f), person?.answers[String(f.id)]),
  }));
}

export const lookupsAnswer = (loaded: Pick<Loaded, 'lookups'>): GuestLookup[] =>
  loaded.lookups.map((l) => ({ lookupfieldid: l.fieldId, lookupid: l.id, lookup: l.label }));

/** Which seat's dialog, showing whom (the seat's person when undefined), and when. */
interface DialogAsk {
  guestid: number;
  registrationid: number | undefined;
  now: Date;
}

/** POST storeguest: a seat's edit dialog, showing its person, another of the purchase's, or a new one (-1). */
function dialogAnswer(loaded: Loaded, scope: Scope, { guestid, registrationid, now }: DialogAsk): StoreGuestResponse {
  const seat = seatIn(loaded, scope, guestid);
  const selected = registrationid ?? seat.registrationId ?? NEW_REGISTRATION_ID;
  if (scope.seatId !== null && selected !== (seat.registrationId ?? NEW_REGISTRATION_ID))
    throw new AppError('forbidden', registrationMessages.ownSeatOnly);
  const person = selected === NEW_REGISTRATION_ID ? undefined : personIn(loaded, selected);
  if (selected !== NEW_REGISTRATION_ID && !person) throw new AppError('not_found', registrationMessages.notYours);
  const people =
    scope.seatId === null ? loaded.purchase.people : loaded.purchase.people.filter((p) => p.id === seat.registrationId);
  return {
    status: 'success',
    guestid: seat.id,
    guestislocked: seatLocked(seat, loaded.settings.editdeadline, now),
    guestlist: people.map((p) => ({ existingguestid: p.id, existingguestname: nameOf(p, loaded.purchaserName) })),
    guestfieldslist: fieldsAnswer(loaded, person),
    guestlookuplist: lookupsAnswer(loaded),
    selectedregistrationid: person ? person.id : NEW_REGISTRATION_ID,
  };
}

export async function groupsOf(db: Db, scope: Scope, now: Date) {
  const loaded = await load(db, scope);
  // A guest's link reaches its own seat, while that seat is still theirs.
  if (scope.seatId !== null) seatIn(loaded, scope, scope.seatId);
  return {
    status: 'success' as const,
    purchasername: loaded.purchaserName,
    groups: groupsAnswer(loaded, scope, now),
    editdeadline: deadlineOf(loaded),
  };
}

export async function dialogOf(db: Db, scope: Scope, ask: DialogAsk): Promise<StoreGuestResponse> {
  return dialogAnswer(await load(db, scope), scope, ask);
}
