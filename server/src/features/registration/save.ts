import { eq } from 'drizzle-orm';
import type { ChoicesOf, Problem, SaveGuestRequest, StoredValue } from '@gavel/domain';
import {
  choicesByField,
  deadlinePassed,
  FIELD_CONTROL,
  groupNameProblem,
  NEW_REGISTRATION_ID,
  peopleCap,
  registrationMessages,
  storedValueOf,
} from '@gavel/domain';
import type { AppContext } from '../../context';
import { guestGroups, guestSeats, registrations } from '../../db/schema';
import { AppError } from '../../errors';
import { type GuestLinkOutcome, issueGuestLink } from './links';
import { type Loaded, load, nameOf, personIn, type Scope, seatIn } from './present';
import { fieldDef, type FieldRow, lockSeats, type RegistrationRow } from './queries';

const same = (a: StoredValue | undefined, b: StoredValue | undefined) =>
  a === b || ((a === undefined || a === '') && (b === undefined || b === ''));

/**
 * The answers a save leaves, or the problems with it. Omitted fields are empty (the dialog leaves
 * out what is blank); a read-only field keeps its value unless the edit-lock toggle was turned.
 */
function readAnswers(
  fields: readonly FieldRow[],
  choicesOf: ChoicesOf,
  body: SaveGuestRequest,
  prior: RegistrationRow | undefined,
): { answers: Record<string, StoredValue>; problems: Problem[] } {
  const sent = new Map<number, SaveGuestRequest['guestfieldslist'][number]['value']>();
  const problems: Problem[] = [];
  const known = new Set(fields.map((f) => f.id));
  for (const entry of body.guestfieldslist) {
    if (!known.has(entry.fieldid))
      problems.push({ path: `guestfieldslist.${entry.fieldid}`, message: registrationMessages.unknownField });
    sent.set(entry.fieldid, entry.value);
  }
  // Answers to fields the organizer has since retired are kept: the seating list may name them again.
  const answers: Record<string, StoredValue> = {};
  for (const [key, value] of Object.entries(prior?.answers ?? {})) if (!known.has(Number(key))) answers[key] = value;
  for (const f of fields) {
    const key = String(f.id);
    const before = prior?.answers[key];
    const raw = sent.get(f.id);
    let value: StoredValue | undefined;
    if (raw !== undefined) {
      const read = storedValueOf(fieldDef(f), raw, choicesOf(f.id));
      if ('problem' in read) {
        problems.push({ path: `guestfieldslist.${f.id}`, message: read.problem });
        continue;
      }
      value = read.value;
    } else if (f.control === FIELD_CONTROL.yesno) value = false;
    if (f.readonly && !body.unlock) {
      const changed = f.control === FIELD_CONTROL.yesno ? (value === true) !== (before === true) : !same(value, before);
      if (changed) problems.push({ path: `guestfieldslist.${f.id}`, message: registrationMessages.readOnly(f.label) });
      value = before;
    }
    if ((value === undefined || value === '') && f.required && f.control !== FIELD_CONTROL.yesno) {
      problems.push({ path: `guestfieldslist.${f.id}`, message: registrationMessages.required(f.label) });
      continue;
    }
    if (value !== undefined && value !== '') answers[key] = value;
  }
  return { answers, problems };
}

function roleValue(
  fields: readonly FieldRow[],
  answers: Record<string, StoredValue>,
  role: 'first' | 'last' | 'email',
): string {
  const f = fields.find((x) => x.role === role);
  const v = f ? answers[String(f.id)] : undefined;
  return typeof v === 'string' ? v : '';
}

function assertEditable(loaded: Loaded, seat: { locked: boolean }, now: Date): void {
  if (deadlinePassed(loaded.settings.editdeadline, now))
    throw new AppError('forbidden', registrationMessages.deadlinePassed);
  if (seat.locked) throw new AppError('forbidden', registrationMessages.guestLocked);
}

/**
 * PUT storeguest: a person saved into a seat, under the purchase's seat locks. A new person for -1;
 * an existing one moves from any other seat of the purchase (one person, one seat). Locked seats
 * and the deadline refuse; a seat whose person has an email gets the guest's own link. A new person
 * past twice the purchase's seats is refused (409); a link held back by a mail cap is not: the save
 * stands and the answer's `linknotice` says the link was not emailed.
 */
export async function saveGuest(ctx: AppContext, scope: Scope, body: SaveGuestRequest, origin: string) {
  const now = ctx.clock();
  const result = await ctx.db.transaction(async (tx) => {
    const seats = await lockSeats(tx, scope.orderId);
    const loaded = await load(tx, scope);
    loaded.purchase.seats = seats;
    const seat = seatIn(loaded, scope, body.guestid);
    assertEditable(loaded, seat, now);
    const prior = body.registrationid === NEW_REGISTRATION_ID ? undefined : personIn(loaded, body.registrationid);
    if (body.registrationid !== NEW_REGISTRATION_ID && !prior)
      throw new AppError('not_found', registrationMessages.notYours);
    if (scope.seatId !== null && (prior?.id ?? null) !== seat.registrationId)
      throw new AppError('forbidden', registrationMessages.ownSeatOnly);
    const elsewhere = prior ? seats.find((s) => s.registrationId === prior.id && s.id !== seat.id) : undefined;
    if (elsewhere && (elsewhere.locked || deadlinePassed(loaded.settings.editdeadline, now)))
      throw new AppError('forbidden', registrationMessages.personLocked(nameOf(prior, loaded.purchaserName)));
    // Counted under the seat locks, so saves racing each other cannot pass the cap together.
    if (!prior && loaded.purchase.people.length >= peopleCap(seats.length))
      throw new AppError('conflict', registrationMessages.tooManyPeople(seats.length));

    const choicesOf = choicesByField(loaded.lookups.map((l) => ({ lookupfieldid: l.fieldId, lookupid: l.id })));
    // The edit-lock toggle is the purchaser's: on a guest's own link read-only fields stay as the organizer or purchaser set them.
    const { answers, problems } = readAnswers(
      loaded.fields,
      choicesOf,
      { ...body, unlock: scope.seatId === null && body.unlock === true },
      prior,
    );
    if (problems.length > 0)
      throw new AppError('bad_request', problems[0]?.message ?? 'Please check the fields.', problems);
    const person = {
      first: roleValue(loaded.fields, answers, 'first'),
      last: roleValue(loaded.fields, answers, 'last'),
      email: roleValue(loaded.fields, answers, 'email'),
    };

    let saved: RegistrationRow | undefined;
    if (prior)
      [saved] = await tx
        .update(registrations)
        .set({ ...person, answers, updatedAt: now })
        .where(eq(registrations.id, prior.id))
        .returning();
    else
      [saved] = await tx
        .insert(registrations)
        .values({ eventId: scope.tenant.event.id, orderId: scope.orderId, ...person, answers, updatedAt: now })
        .returning();
    if (!saved) throw new Error('registration write returned nothing');
    if (elsewhere)
      await tx
        .update(guestSeats)
        .set({ registrationId: null, linkHash: '', updatedAt: now })
        .where(eq(guestSeats.id, elsewhere.id));
    const moved = seat.registrationId !== saved.id;
    const emailChanged = (prior?.email ?? '') !== saved.email;
    await tx.update(guestSeats).set({ registrationId: saved.id, updatedAt: now }).where(eq(guestSeats.id, seat.id));
    let link: GuestLinkOutcome = 'none';
    if (moved || emailChanged || seat.linkHash === '')
      link = await issueGuestLink(tx, { tenant: scope.tenant, loaded, seat, person: saved, now, origin });
    return { seat, saved, loaded, link };
  });
  const guestname = nameOf(result.saved, result.loaded.purchaserName);
  return {
    status: 'success' as const,
    message: registrationMessages.saved,
    guestid: result.seat.id,
    guestname,
    registrationid: result.saved.id,
    linkemailed: result.link === 'mailed',
    ...(result.link === 'capped' ? { linknotice: registrationMessages.linkNotEmailed(guestname) } : {}),
  };
}

/** PUT storeguestgroupname: the purchaser renames a group, where the organizer allows it and before the deadline. */
export async function renameGroup(ctx: AppContext, scope: Scope, body: { groupid: number; groupname: string }) {
  const now = ctx.clock();
  if (scope.seatId !== null) throw new AppError('forbidden', registrationMessages.renameNotAllowed);
  const loaded = await load(ctx.db, scope);
  const group = loaded.purchase.groups.find((g) => g.id === body.groupid);
  if (!group) throw new AppError('not_found', registrationMessages.notYours);
  if (!loaded.settings.allowgrouprename) throw new AppError('forbidden', registrationMessages.renameNotAllowed);
  if (deadlinePassed(loaded.settings.editdeadline, now))
    throw new AppError('forbidden', registrationMessages.deadlinePassed);
  const name = body.groupname;
  // Kept as typed (spec section 5), but it must show something: a name of zero-width spaces is no name.
  const problem = groupNameProblem(name);
  if (problem) throw new AppError('bad_request', problem, [{ path: 'groupname', message: problem }]);
  await ctx.db.update(guestGroups).set({ name }).where(eq(guestGroups.id, group.id));
  return { status: 'success' as const, message: 'Group name saved.', groupid: group.id, groupname: name };
}
