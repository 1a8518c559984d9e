import { describe, expect, it } from 'vitest';
import { seatsNamed } from '@gavel/domain';
import type { TestApp } from '../../test/harness';
import {
  addGuest,
  answersFor,
  dialogOf,
  groupsOf,
  importRegistrationGala,
  openPurchaserLink,
  purchase,
  saveGuest,
  seatAt,
  seatsOf,
  useRegistrationGala,
} from '../../test/registration-fixtures';

/**
 * What the purchaser's page shows of their progress (issue 26, item 13): the event's deadline (none
 * made up), which seats are named, which named guests still lack a required answer, and whether a
 * save emailed the guest's link.
 */
const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
useRegistrationGala(now, (app) => (t = app));

const flags = (groups: Awaited<ReturnType<typeof groupsOf>>) =>
  seatsOf(groups).map((s) => [s.guestisnamed, s.guestneedsanswers]);

describe("the purchaser's progress", () => {
  it("says no deadline when the event has none, and the event's own when it has one, on the link and the groups alike", async () => {
    const p = await purchase(t, { table: 1 });
    expect((await openPurchaserLink(t, p.purchaserSecret)).editdeadline).toBe('');
    const deadline = new Date('2026-12-04T23:00:00Z');
    await importRegistrationGala(t, now, { editdeadline: '2026-12-04T17:00:00-06:00' });
    expect((await openPurchaserLink(t, p.purchaserSecret)).editdeadline).toBe(deadline.toISOString());
    const groups = await t.app.inject({
      method: 'GET',
      url: '/api/storeguest',
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(groups.json()).toMatchObject({ status: 'success', editdeadline: deadline.toISOString() });
  });

  it('marks named seats, and the named guests whose required answers are missing, until they are answered', async () => {
    const p = await purchase(t, { table: 1 });
    // Ann sits in seat 1 with her name and email only: the required Meal Choice is missing.
    expect(flags(p.groups)).toEqual([[true, true], ...Array<boolean[]>(7).fill([false, false])]);
    expect(seatsNamed(p.groups)).toEqual({ named: 1, total: 8 });

    // Bo is saved with his meal: named, nothing needed.
    await addGuest(t, p.token, seatAt(p.groups, 1), { 'First Name': 'Bo', 'Last Name': 'Diaz' });
    let groups = await groupsOf(t, p.token);
    expect(flags(groups).slice(0, 3)).toEqual([
      [true, true],
      [true, false],
      [false, false],
    ]);
    expect(seatsNamed(groups)).toEqual({ named: 2, total: 8 });

    // Ann's meal answered: no seat needs answers.
    const d = await dialogOf(t, p.token, seatAt(p.groups, 0));
    const values = Object.fromEntries(d.guestfieldslist.map((f) => [f.fieldlabel, f.fieldvalue ?? '']));
    const meal = d.guestlookuplist.find((l) => l.lookup === 'Fish')?.lookupid ?? 0;
    const res = await saveGuest(t, p.token, {
      guestid: seatAt(p.groups, 0),
      registrationid: d.selectedregistrationid,
      guestfieldslist: answersFor(d.guestfieldslist, {
        'First Name': values['First Name'] ?? '',
        'Last Name': values['Last Name'] ?? '',
        Email: values['Email'] ?? '',
        'Meal Choice': meal,
      }),
    });
    expect(res.ok && res.answer).toMatchObject({ status: 'success', guestname: 'Ann Lee', linkemailed: false });
    groups = await groupsOf(t, p.token);
    expect(flags(groups).slice(0, 2)).toEqual([
      [true, false],
      [true, false],
    ]);
  });

  it('tells whether the save emailed the guest their link: yes for a new guest with an email, no without one or when it is unchanged', async () => {
    const p = await purchase(t, { table: 1 });
    const d = await dialogOf(t, p.token, seatAt(p.groups, 1));
    const meal = d.guestlookuplist.find((l) => l.lookup === 'Chicken')?.lookupid ?? 0;
    const dana = answersFor(d.guestfieldslist, {
      'First Name': 'Dana',
      'Last Name': 'Reyes',
      Email: 'dana@example.org',
      'Meal Choice': meal,
    });
    const first = await saveGuest(t, p.token, {
      guestid: seatAt(p.groups, 1),
      registrationid: -1,
      guestfieldslist: dana,
    });
    if (!first.ok) throw new Error(first.failure.message);
    expect(first.answer).toMatchObject({ guestname: 'Dana Reyes', linkemailed: true });
    const again = await saveGuest(t, p.token, {
      guestid: seatAt(p.groups, 1),
      registrationid: first.answer.registrationid,
      guestfieldslist: dana,
    });
    expect(again.ok && again.answer).toMatchObject({ guestname: 'Dana Reyes', linkemailed: false });
    const noEmail = answersFor(d.guestfieldslist, { 'First Name': 'Eli', 'Last Name': 'Moss', 'Meal Choice': meal });
    const eli = await saveGuest(t, p.token, {
      guestid: seatAt(p.groups, 2),
      registrationid: -1,
      guestfieldslist: noEmail,
    });
    expect(eli.ok && eli.answer).toMatchObject({ guestname: 'Eli Moss', linkemailed: false });
  });
});
