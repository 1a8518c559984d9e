import { describe, expect, it } from 'vitest';
import { registrationMessages } from '@gavel/domain';
import { call } from '../../test/call';
import type { TestApp } from '../../test/harness';
import { bearer } from '../../test/store-fixtures';
import {
  buy,
  dialog,
  groupsOf,
  openPurchaserLink,
  saveGuest,
  useRegistrationGala,
} from '../../test/registration-fixtures';
import { mailbox } from '../../test/account-fixtures';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
useRegistrationGala(now, (app) => (t = app));

describe('seats from tickets', () => {
  it('two single tickets and a table of eight: the singles together, a group per table (in the store order), the purchaser in the first seat', async () => {
    const { purchaserSecret, cartToken } = await buy(t, { table: 1, single: 2, shirt: 1 });
    const page = await openPurchaserLink(t, purchaserSecret);
    expect(page).toMatchObject({
      status: 'success',
      purchasertitle: 'Gala Guest Registration',
      purchasername: 'Ann Lee',
      storeurl: '/gala/event',
    });
    expect(page.groups.map((g) => [g.groupname, g.guests.length, g.allowchangegroupname])).toEqual([
      ['Single Ticket', 2, true],
      ['Table of Eight', 8, true],
    ]);
    const names = page.groups.flatMap((g) => g.guests.map((s) => s.guestname));
    expect(names[0]).toBe('Ann Lee');
    expect(names.slice(1)).toEqual(Array(9).fill(registrationMessages.guestOf('Ann Lee')));
    // The store's Registration tab sees the same groups with the cart's token.
    expect(await groupsOf(t, cartToken)).toEqual(page.groups);
  });

  it('saves a new guest with every control into a seat and mails the guest their own link', async () => {
    const { purchaserSecret } = await buy(t, { table: 1 });
    const { token, groups } = await openPurchaserLink(t, purchaserSecret);
    const seat = groups[0]?.guests[1];
    if (!seat) throw new Error('no second seat');
    const d = await dialog(t, token, seat.guestid);
    if (!d.ok) throw new Error(d.failure.message);
    expect(d.answer.selectedregistrationid).toBe(-1);
    const f = Object.fromEntries(d.answer.guestfieldslist.map((x) => [x.fieldlabel, x.fieldid]));
    const fish = d.answer.guestlookuplist.find((l) => l.lookup === 'Fish')?.lookupid ?? 0;
    const res = await saveGuest(t, token, {
      guestid: seat.guestid,
      registrationid: -1,
      guestfieldslist: [
        { fieldid: f['First Name'] ?? 0, value: 'Bo' },
        { fieldid: f['Last Name'] ?? 0, value: 'Diaz' },
        { fieldid: f['Email'] ?? 0, value: 'bo@example.org' },
        { fieldid: f['Meal Choice'] ?? 0, value: fish },
        { fieldid: f['Valet Parking'] ?? 0, value: true },
        { fieldid: f['Age'] ?? 0, value: 41 },
        { fieldid: f['Pledge'] ?? 0, value: 250.5 },
        { fieldid: f['Notes'] ?? 0, value: 'Window seat' },
      ],
    });
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer).toMatchObject({ status: 'success', guestname: 'Bo Diaz' });
    const after = await groupsOf(t, token);
    expect(after[0]?.guests[1]?.guestname).toBe('Bo Diaz');
    const mail = (await mailbox(t)).find((m) => m.to === 'bo@example.org');
    expect(mail?.links[0]).toMatch(/\/gala\/event\/guestregistration\/[\w-]{20,}$/);
    const again = await dialog(t, token, seat.guestid);
    if (!again.ok) throw new Error(again.failure.message);
    const values = Object.fromEntries(again.answer.guestfieldslist.map((x) => [x.fieldlabel, x.fieldvalue]));
    expect(values).toMatchObject({
      'First Name': 'Bo',
      Email: 'bo@example.org',
      'Meal Choice': fish,
      'Valet Parking': true,
      Age: 41,
      Pledge: 250.5,
      Notes: 'Window seat',
      'Table Number': null,
    });
    const secret = mail?.links[0]?.split('/').pop() ?? '';
    const guest = await call(t.app, 'GET /guestregistration/:id', undefined, { params: { id: secret } });
    if (!guest.ok) throw new Error(guest.failure.message);
    expect(guest.answer).toMatchObject({
      guestname: 'Bo Diaz',
      groupname: 'Table of Eight',
      registrationtitle: 'Gala Guest Registration',
      guestid: seat.guestid,
    });
    const otherSeat = groups[0]?.guests[2]?.guestid ?? 0;
    const refused = await call(
      t.app,
      'POST /storeguest',
      { guestid: otherSeat },
      { headers: bearer(guest.answer.token) },
    );
    expect(refused).toMatchObject({ ok: false, statusCode: 403 });
  });
});
