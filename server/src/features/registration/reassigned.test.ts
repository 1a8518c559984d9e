import { describe, expect, it } from 'vitest';
import { registrationMessages } from '@gavel/domain';
import { linkSecret } from '../../test/account-fixtures';
import { call } from '../../test/call';
import type { TestApp } from '../../test/harness';
import {
  buy,
  dialog,
  groupsOf,
  openPurchaserLink,
  saveGuest,
  useRegistrationGala,
} from '../../test/registration-fixtures';
import { bearer } from '../../test/store-fixtures';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
useRegistrationGala(now, (app) => (t = app));

/** Seats a new person with these names and email in the seat; answers their registration id. */
async function seatPerson(token: string, guestid: number, first: string, email: string): Promise<number> {
  const d = await dialog(t, token, guestid, -1);
  if (!d.ok) throw new Error(d.failure.message);
  const id = (label: string) => d.answer.guestfieldslist.find((f) => f.fieldlabel === label)?.fieldid ?? 0;
  const meal = d.answer.guestlookuplist[0]?.lookupid ?? 0;
  const res = await saveGuest(t, token, {
    guestid,
    registrationid: -1,
    guestfieldslist: [
      { fieldid: id('First Name'), value: first },
      { fieldid: id('Last Name'), value: 'Guest' },
      { fieldid: id('Email'), value: email },
      { fieldid: id('Meal Choice'), value: meal },
    ],
  });
  if (!res.ok) throw new Error(res.failure.message);
  return res.answer.registrationid;
}

describe('a seat given to someone else', () => {
  it("closes the former guest's link and their open page: they can no longer read or change the seat", async () => {
    const { purchaserSecret } = await buy(t, { table: 1 });
    const { token } = await openPurchaserLink(t, purchaserSecret);
    const seat = (await groupsOf(t, token))[0]?.guests[1]?.guestid ?? 0;
    await seatPerson(token, seat, 'Bo', 'bo@example.org');
    const boLink = await linkSecret(t, 'bo@example.org', 'guestregistration');
    const bo = await call(t.app, 'GET /guestregistration/:id', undefined, { params: { id: boLink } });
    if (!bo.ok) throw new Error(bo.failure.message);

    await seatPerson(token, seat, 'Cy', 'cy@example.org');

    // Bo's emailed link no longer opens, and the page Bo already had open is refused too.
    const again = await call(t.app, 'GET /guestregistration/:id', undefined, { params: { id: boLink } });
    expect(again).toMatchObject({ ok: false, statusCode: 404, failure: { message: registrationMessages.linkInvalid } });
    const read = await call(t.app, 'POST /storeguest', { guestid: seat }, { headers: bearer(bo.answer.token) });
    expect(read).toMatchObject({ ok: false, statusCode: 403, failure: { message: registrationMessages.linkInvalid } });
    const groups = await call(t.app, 'GET /storeguest', undefined, { headers: bearer(bo.answer.token) });
    expect(groups).toMatchObject({
      ok: false,
      statusCode: 403,
      failure: { message: registrationMessages.linkInvalid },
    });
    // Cy's own link opens Cy's registration.
    const cy = await call(t.app, 'GET /guestregistration/:id', undefined, {
      params: { id: await linkSecret(t, 'cy@example.org', 'guestregistration') },
    });
    expect(cy).toMatchObject({ ok: true, answer: { guestname: 'Cy Guest', guestid: seat } });
  });
});
