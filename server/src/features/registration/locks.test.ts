import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registrationMessages } from '@gavel/domain';
import { guestSeats } from '../../db/schema';
import { call } from '../../test/call';
import { importEvent } from '../../test/account-fixtures';
import { eventDocument } from '../../test/documents';
import { ADMIN, type TestApp } from '../../test/harness';
import { bearer } from '../../test/store-fixtures';
import {
  addGuest,
  answersFor,
  dialog,
  dialogOf,
  expectRefused,
  galaRegistration,
  groupsOf,
  importRegistrationGala,
  lookupIdOf,
  openGuestLink,
  purchase,
  saveGuest,
  seatAt,
  seatsOf,
  useRegistrationGala,
} from '../../test/registration-fixtures';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
useRegistrationGala(now, (app) => (t = app));

const lock =
  (guestid: number, locked: boolean, eventcode = 'gala', headers: Record<string, string> = ADMIN) =>
  () =>
    call(t.app, 'PUT /admin/registrations/lock', { eventcode, guestid, locked }, { headers });

/** Ann Lee's table with Bo Diaz in its second seat; answers the tokens, the groups, Bo's id and a save of Bo into a seat. */
async function tableWithBo() {
  const p = await purchase(t, { table: 1 });
  const boId = await addGuest(t, p.token, seatAt(p.groups, 1), {
    'First Name': 'Bo',
    'Last Name': 'Diaz',
    Email: 'bo@example.org',
  });
  const d = await dialogOf(t, p.token, seatAt(p.groups, 1));
  const fields = answersFor(d.guestfieldslist, {
    'First Name': 'Bo',
    'Last Name': 'Diaz',
    Email: 'bo@example.org',
    'Meal Choice': lookupIdOf(d.guestlookuplist, 'Fish'),
  });
  const save =
    (guestid: number, token = p.token) =>
    () =>
      saveGuest(t, token, { guestid, registrationid: boId, guestfieldslist: fields });
  return { ...p, boId, save };
}

const lockedFlags = async (token: string) => seatsOf(await groupsOf(t, token)).map((s) => s.guestislocked);

describe('the organizer’s lock (PUT /admin/registrations/lock)', () => {
  it('shows the seat locked to the purchaser and refuses saving it with 403, changing nothing', async () => {
    const p = await tableWithBo();
    const res = await lock(seatAt(p.groups, 1), true)();
    expect(res.ok && res.answer).toEqual({ status: 'success', message: 'The guest is locked.' });
    expect(await lockedFlags(p.token)).toEqual([false, true, false, false, false, false, false, false]);
    expect((await dialogOf(t, p.token, seatAt(p.groups, 1))).guestislocked).toBe(true);
    await expectRefused(t, p.save(seatAt(p.groups, 1)), {
      status: 403,
      code: 'forbidden',
      message: registrationMessages.guestLocked,
    });
    // Nor may a new person take the locked seat.
    await expectRefused(
      t,
      () => saveGuest(t, p.token, { guestid: seatAt(p.groups, 1), registrationid: -1, guestfieldslist: [] }),
      { status: 403, code: 'forbidden', message: registrationMessages.guestLocked },
    );
  });

  it('refuses the guest’s own save of a locked seat too', async () => {
    const p = await tableWithBo();
    const guest = await openGuestLink(t, 'bo@example.org');
    await lock(seatAt(p.groups, 1), true)();
    expect((await dialogOf(t, guest.token, seatAt(p.groups, 1))).guestislocked).toBe(true);
    await expectRefused(t, p.save(seatAt(p.groups, 1), guest.token), {
      status: 403,
      code: 'forbidden',
      message: registrationMessages.guestLocked,
    });
  });

  it('refuses moving the person of a locked seat to another seat', async () => {
    const p = await tableWithBo();
    await lock(seatAt(p.groups, 1), true)();
    await expectRefused(t, p.save(seatAt(p.groups, 2)), {
      status: 403,
      code: 'forbidden',
      message: 'Bo Diaz is in a locked seat and cannot be moved.',
    });
    expect(seatsOf(await groupsOf(t, p.token))[1]?.guestname).toBe('Bo Diaz');
  });

  it('allows edits again once unlocked', async () => {
    const p = await tableWithBo();
    await lock(seatAt(p.groups, 1), true)();
    const res = await lock(seatAt(p.groups, 1), false)();
    expect(res.ok && res.answer).toEqual({ status: 'success', message: 'The guest is unlocked.' });
    expect(await lockedFlags(p.token)).toEqual(Array(8).fill(false));
    expect((await p.save(seatAt(p.groups, 1))()).ok).toBe(true);
    expect((await p.save(seatAt(p.groups, 2))()).ok).toBe(true);
  });

  it('refuses a seat of another event, or no seat, with 404, and the call without the admin token', async () => {
    await importEvent(t, eventDocument(now, { eventcode: 'spring', store: { registration: galaRegistration() } }));
    const p = await purchase(t, { table: 1 });
    const notFound = 'No guest seat of this event has that id.';
    await expectRefused(t, lock(seatAt(p.groups, 1), true, 'spring'), {
      status: 404,
      code: 'not_found',
      message: notFound,
    });
    await expectRefused(t, lock(999_999, true), { status: 404, code: 'not_found', message: notFound });
    await expectRefused(t, lock(seatAt(p.groups, 1), true, 'gala', {}), {
      status: 401,
      code: 'unauthorized',
      message: 'An admin token is required: send Authorization: Bearer <ADMIN_TOKEN>.',
    });
    await expectRefused(t, lock(seatAt(p.groups, 1), true, 'gala', bearer(p.token)), {
      status: 403,
      code: 'forbidden',
      message: 'The admin token is not valid.',
    });
    const [row] = await t.ctx.db
      .select()
      .from(guestSeats)
      .where(eq(guestSeats.id, seatAt(p.groups, 1)));
    expect(row?.locked).toBe(false);
  });
});

describe('the edit deadline', () => {
  const deadline = new Date(now.getTime() + 60_000);
  const rename = (token: string, groupid: number) => () =>
    call(t.app, 'PUT /storeguestgroupname', { groupid, groupname: 'The Lee Family' }, { headers: bearer(token) });

  beforeEach(async () => {
    await importRegistrationGala(t, now, { editdeadline: deadline.toISOString() });
  });

  it('leaves every seat open until the deadline', async () => {
    const p = await tableWithBo();
    t.setNow(new Date(deadline.getTime() - 1));
    expect(await lockedFlags(p.token)).toEqual(Array(8).fill(false));
    expect((await groupsOf(t, p.token)).map((g) => g.allowchangegroupname)).toEqual([true]);
    expect((await p.save(seatAt(p.groups, 2))()).ok).toBe(true);
    expect((await rename(p.token, p.groups[0]?.groupid ?? 0)()).ok).toBe(true);
  });

  it('locks every seat from the deadline on: saves, moves and renames are refused with 403', async () => {
    const p = await tableWithBo();
    t.setNow(deadline);
    expect(await lockedFlags(p.token)).toEqual(Array(8).fill(true));
    expect((await groupsOf(t, p.token)).map((g) => g.allowchangegroupname)).toEqual([false]);
    expect((await dialogOf(t, p.token, seatAt(p.groups, 3))).guestislocked).toBe(true);
    await expectRefused(t, p.save(seatAt(p.groups, 1)), {
      status: 403,
      code: 'forbidden',
      message: registrationMessages.deadlinePassed,
    });
    await expectRefused(t, p.save(seatAt(p.groups, 2)), {
      status: 403,
      code: 'forbidden',
      message: registrationMessages.deadlinePassed,
    });
    await expectRefused(
      t,
      () => saveGuest(t, p.token, { guestid: seatAt(p.groups, 3), registrationid: -1, guestfieldslist: [] }),
      { status: 403, code: 'forbidden', message: registrationMessages.deadlinePassed },
    );
    await expectRefused(t, rename(p.token, p.groups[0]?.groupid ?? 0), {
      status: 403,
      code: 'forbidden',
      message: registrationMessages.deadlinePassed,
    });
    // The dialog still opens, to show what was entered.
    expect((await dialog(t, p.token, seatAt(p.groups, 1))).ok).toBe(true);
  });

  it('locks a guest’s own page at the deadline as well', async () => {
    const p = await tableWithBo();
    t.setNow(new Date(deadline.getTime() + 3_600_000));
    const guest = await openGuestLink(t, 'bo@example.org');
    expect(guest.guestislocked).toBe(true);
    await expectRefused(t, p.save(seatAt(p.groups, 1), guest.token), {
      status: 403,
      code: 'forbidden',
      message: registrationMessages.deadlinePassed,
    });
  });
});
