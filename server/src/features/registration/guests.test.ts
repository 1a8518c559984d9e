import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registrationMessages } from '@gavel/domain';
import { guestGroups, guestSeats, registrations } from '../../db/schema';
import { call } from '../../test/call';
import type { TestApp } from '../../test/harness';
import { bearer } from '../../test/store-fixtures';
import {
  addGuest,
  annTable,
  boAnswers,
  dialog,
  dialogOf,
  expectRefused,
  fieldIdOf,
  groupsOf,
  importRegistrationGala,
  lookupIdOf,
  openGuestLink,
  purchase,
  saveGuest,
  seatAt,
  seatsOf,
  valuesOf,
  useRegistrationGala,
} from '../../test/registration-fixtures';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
useRegistrationGala(now, (app) => (t = app));

const personRow = async (id: number) =>
  (await t.ctx.db.select().from(registrations).where(eq(registrations.id, id)))[0];
const seatRow = async (id: number) => (await t.ctx.db.select().from(guestSeats).where(eq(guestSeats.id, id)))[0];

describe('the edit dialog (POST /storeguest)', () => {
  it('opens a placeholder seat on a new person (-1): the fields in order, empty, the choices, and the purchase’s people', async () => {
    const p = await purchase(t, { table: 1 });
    const d = await dialogOf(t, p.token, seatAt(p.groups, 1));
    expect(d).toMatchObject({
      status: 'success',
      guestid: seatAt(p.groups, 1),
      guestislocked: false,
      selectedregistrationid: -1,
    });
    expect(
      d.guestfieldslist.map((f) => [
        f.fieldlabel,
        f.fieldcontrol,
        f.fieldrequired,
        f.fieldreadonly,
        f.fieldtextlength,
        f.fieldvalue,
      ]),
    ).toEqual([
      ['First Name', 5, true, false, 50, null],
      ['Last Name', 5, true, false, 50, null],
      ['Email', 5, false, false, 254, null],
      ['Meal Choice', 2, true, false, 100, null],
      ['Valet Parking', 1, false, false, 100, null],
      ['Age', 3, false, false, 100, null],
      ['Pledge', 4, false, false, 100, null],
      ['Notes', 5, false, false, 20, null],
      ['Table Number', 5, false, true, 10, null],
    ]);
    const meal = fieldIdOf(d.guestfieldslist, 'Meal Choice');
    expect(d.guestlookuplist.map((l) => [l.lookupfieldid, l.lookup])).toEqual([
      [meal, 'Chicken'],
      [meal, 'Fish'],
      [meal, 'Vegetarian'],
    ]);
    expect(d.guestlist.map((g) => g.existingguestname)).toEqual(['Ann Lee']);
  });

  it('opens the purchaser’s seat on their person, named and mailed from the billing details', async () => {
    const p = await purchase(t, { table: 1 });
    const d = await dialogOf(t, p.token, seatAt(p.groups, 0));
    expect(d.guestlist).toEqual([{ existingguestid: d.selectedregistrationid, existingguestname: 'Ann Lee' }]);
    expect(valuesOf(d.guestfieldslist)).toMatchObject({
      'First Name': 'Ann',
      'Last Name': 'Lee',
      Email: 'ann@example.org',
      'Meal Choice': null,
    });
  });

  it('shows another person of the purchase when asked by registrationid, and lists every person of it', async () => {
    const p = await annTable(t);
    const boId = await addGuest(t, p.token, seatAt(p.groups, 1), {
      'First Name': 'Bo',
      'Last Name': 'Diaz',
      Notes: 'Window seat',
    });
    const d = await dialogOf(t, p.token, seatAt(p.groups, 2), boId);
    expect(d.selectedregistrationid).toBe(boId);
    expect(valuesOf(d.guestfieldslist)).toMatchObject({ 'First Name': 'Bo', Notes: 'Window seat' });
    expect(d.guestlist.map((g) => g.existingguestname)).toEqual(['Ann Lee', 'Bo Diaz']);
    // Add New still opens the seat on no one.
    expect((await dialogOf(t, p.token, seatAt(p.groups, 2), -1)).selectedregistrationid).toBe(-1);
  });

  it('refuses a seat or a person of another purchase with 404, changing nothing', async () => {
    const ann = await annTable(t);
    const cy = await purchase(t, { single: 1 }, 'cy@example.org', 'Cy');
    const cyPerson = (await dialogOf(t, cy.token, seatAt(cy.groups, 0))).selectedregistrationid;
    await expectRefused(t, () => dialog(t, ann.token, seatAt(cy.groups, 0)), {
      status: 404,
      code: 'not_found',
      message: registrationMessages.notYours,
    });
    await expectRefused(t, () => dialog(t, ann.token, seatAt(ann.groups, 1), cyPerson), {
      status: 404,
      code: 'not_found',
      message: registrationMessages.notYours,
    });
    await expectRefused(
      t,
      () =>
        saveGuest(t, ann.token, { guestid: seatAt(cy.groups, 0), registrationid: -1, guestfieldslist: boAnswers(ann) }),
      { status: 404, code: 'not_found', message: registrationMessages.notYours },
    );
    await expectRefused(
      t,
      () =>
        saveGuest(t, ann.token, {
          guestid: seatAt(ann.groups, 1),
          registrationid: cyPerson,
          guestfieldslist: boAnswers(ann),
        }),
      { status: 404, code: 'not_found', message: registrationMessages.notYours },
    );
  });
});

describe('saving a person (PUT /storeguest)', () => {
  it('keeps each control’s answer: yes/no as a boolean (left out: No), currency as cents, text trimmed', async () => {
    const p = await annTable(t);
    const res = await saveGuest(t, p.token, {
      guestid: seatAt(p.groups, 1),
      registrationid: -1,
      guestfieldslist: boAnswers(p, { Age: 41.5, Pledge: 250.5, Notes: '  Window seat ' }),
    });
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer).toEqual({
      status: 'success',
      message: registrationMessages.saved,
      guestid: seatAt(p.groups, 1),
      guestname: 'Bo Diaz',
      registrationid: res.answer.registrationid,
      linkemailed: true,
    });
    const row = await personRow(res.answer.registrationid);
    const id = (label: string) => String(fieldIdOf(p.fields, label));
    expect(row).toMatchObject({ first: 'Bo', last: 'Diaz', email: 'bo@example.org' });
    expect(row?.answers).toEqual({
      [id('First Name')]: 'Bo',
      [id('Last Name')]: 'Diaz',
      [id('Email')]: 'bo@example.org',
      [id('Meal Choice')]: lookupIdOf(p.lookups, 'Fish'),
      [id('Valet Parking')]: false,
      [id('Age')]: 41.5,
      [id('Pledge')]: 25_050,
      [id('Notes')]: 'Window seat',
    });
    const shown = valuesOf((await dialogOf(t, p.token, seatAt(p.groups, 1))).guestfieldslist);
    expect(shown).toMatchObject({
      'Valet Parking': false,
      Age: 41.5,
      Pledge: 250.5,
      Notes: 'Window seat',
      'Table Number': null,
    });

    await saveGuest(t, p.token, {
      guestid: seatAt(p.groups, 1),
      registrationid: res.answer.registrationid,
      guestfieldslist: boAnswers(p, { 'Valet Parking': true }),
    });
    expect(valuesOf((await dialogOf(t, p.token, seatAt(p.groups, 1))).guestfieldslist)).toMatchObject({
      'Valet Parking': true,
      Pledge: null,
      Notes: null,
    });
  });

  it('edits the seat’s person in place, keeping their registration id', async () => {
    const p = await annTable(t);
    const boId = await addGuest(t, p.token, seatAt(p.groups, 1), { 'First Name': 'Bo', 'Last Name': 'Diaz' });
    const res = await saveGuest(t, p.token, {
      guestid: seatAt(p.groups, 1),
      registrationid: boId,
      guestfieldslist: boAnswers(p, { 'Last Name': 'Diaz-Lee' }),
    });
    expect(res.ok && res.answer).toMatchObject({ registrationid: boId, guestname: 'Bo Diaz-Lee' });
    expect(seatsOf(await groupsOf(t, p.token))[1]?.guestname).toBe('Bo Diaz-Lee');
    expect(await t.ctx.db.select().from(registrations)).toHaveLength(2);
  });

  it('moves a person to another seat, leaving the first seat a placeholder again', async () => {
    const p = await annTable(t);
    const [a, b] = [seatAt(p.groups, 1), seatAt(p.groups, 2)];
    const boId = await addGuest(t, p.token, a, { 'First Name': 'Bo', 'Last Name': 'Diaz' });
    const res = await saveGuest(t, p.token, { guestid: b, registrationid: boId, guestfieldslist: boAnswers(p) });
    expect(res.ok && res.answer).toMatchObject({ guestid: b, registrationid: boId });
    expect(
      seatsOf(await groupsOf(t, p.token))
        .map((s) => s.guestname)
        .slice(0, 3),
    ).toEqual(['Ann Lee', 'Guest of Ann Lee', 'Bo Diaz']);
    expect(await seatRow(a)).toMatchObject({ registrationId: null, linkHash: '' });
    expect(await seatRow(b)).toMatchObject({ registrationId: boId });
    expect((await dialogOf(t, p.token, a)).selectedregistrationid).toBe(-1);
    // Still one Bo: moving is not copying.
    expect(await t.ctx.db.select().from(registrations)).toHaveLength(2);
  });

  it('puts a new person in a seat that had one; the one replaced stays among the purchase’s people', async () => {
    const p = await annTable(t);
    await addGuest(t, p.token, seatAt(p.groups, 1), { 'First Name': 'Bo', 'Last Name': 'Diaz' });
    await addGuest(t, p.token, seatAt(p.groups, 1), { 'First Name': 'Cy', 'Last Name': 'Ng' });
    expect(seatsOf(await groupsOf(t, p.token))[1]?.guestname).toBe('Cy Ng');
    expect((await dialogOf(t, p.token, seatAt(p.groups, 2))).guestlist.map((g) => g.existingguestname)).toEqual([
      'Ann Lee',
      'Bo Diaz',
      'Cy Ng',
    ]);
  });
});

describe('group names (PUT /storeguestgroupname)', () => {
  const rename = (token: string, groupid: number, groupname: string) => () =>
    call(t.app, 'PUT /storeguestgroupname', { groupid, groupname }, { headers: bearer(token) });

  it('renames a group of the purchase, as typed', async () => {
    const p = await purchase(t, { table: 1, single: 1 });
    const [singles, tableGroup] = p.groups;
    if (!singles || !tableGroup) throw new Error('two groups expected');
    const res = await rename(p.token, tableGroup.groupid, 'The Lee Family')();
    expect(res.ok && res.answer).toEqual({
      status: 'success',
      message: 'Group name saved.',
      groupid: tableGroup.groupid,
      groupname: 'The Lee Family',
    });
    expect((await groupsOf(t, p.token)).map((g) => g.groupname)).toEqual(['Single Ticket', 'The Lee Family']);
    const longest = 'x'.repeat(100);
    expect((await rename(p.token, singles.groupid, longest)()).ok).toBe(true);
    expect((await t.ctx.db.select().from(guestGroups).where(eq(guestGroups.id, singles.groupid)))[0]?.name).toBe(
      longest,
    );
  });

  it('refuses an empty name and one over 100 characters with 400', async () => {
    const p = await purchase(t, { table: 1 });
    const groupid = p.groups[0]?.groupid ?? 0;
    await expectRefused(t, rename(p.token, groupid, ''), {
      status: 400,
      code: 'bad_request',
      message: 'Please enter a group name.',
      errors: [{ path: 'groupname', message: 'Please enter a group name.' }],
    });
    await expectRefused(t, rename(p.token, groupid, '   '), {
      status: 400,
      code: 'bad_request',
      message: 'Please enter a group name.',
      errors: [{ path: 'groupname', message: 'Please enter a group name.' }],
    });
    const tooLong = 'The group name must be at most 100 characters.';
    await expectRefused(t, rename(p.token, groupid, 'x'.repeat(101)), {
      status: 400,
      code: 'bad_request',
      message: tooLong,
      errors: [{ path: 'groupname', message: tooLong }],
    });
  });

  it('refuses a group of another purchase with 404', async () => {
    const ann = await purchase(t, { table: 1 });
    const cy = await purchase(t, { single: 1 }, 'cy@example.org', 'Cy');
    await expectRefused(t, rename(ann.token, cy.groups[0]?.groupid ?? 0, 'Ours now'), {
      status: 404,
      code: 'not_found',
      message: registrationMessages.notYours,
    });
  });

  it('refuses renaming where the organizer does not allow it, and says so in the groups', async () => {
    await importRegistrationGala(t, now, { allowgrouprename: false });
    const p = await purchase(t, { table: 1 });
    expect(p.groups.map((g) => g.allowchangegroupname)).toEqual([false]);
    await expectRefused(t, rename(p.token, p.groups[0]?.groupid ?? 0, 'The Lee Family'), {
      status: 403,
      code: 'forbidden',
      message: registrationMessages.renameNotAllowed,
    });
  });

  it('refuses renaming with a guest’s own token', async () => {
    const p = await annTable(t);
    await addGuest(t, p.token, seatAt(p.groups, 1), {
      'First Name': 'Bo',
      'Last Name': 'Diaz',
      Email: 'bo@example.org',
    });
    const guest = await openGuestLink(t, 'bo@example.org');
    expect((await groupsOf(t, guest.token)).map((g) => g.allowchangegroupname)).toEqual([false]);
    await expectRefused(t, rename(guest.token, p.groups[0]?.groupid ?? 0, 'Bo’s Table'), {
      status: 403,
      code: 'forbidden',
      message: registrationMessages.renameNotAllowed,
    });
  });
});
