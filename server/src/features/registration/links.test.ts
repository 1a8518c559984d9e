import { describe, expect, it } from 'vitest';
import { registrationMessages } from '@gavel/domain';
import { guestGroups, guestSeats, storeOrders } from '../../db/schema';
import { hashLinkSecret } from '../../lib/tokens';
import { call } from '../../test/call';
import { importEvent, mailbox, makeBidder } from '../../test/account-fixtures';
import { eventDocument } from '../../test/documents';
import type { TestApp } from '../../test/harness';
import { bearer, openCart, setQty } from '../../test/store-fixtures';
import { idOf, storeIds } from '../../test/store-state';
import {
  addGuest,
  answersFor,
  checkOut,
  dialog,
  dialogOf,
  expectRefused,
  galaRegistration,
  groupsOf,
  lookupIdOf,
  openGuestLink,
  openPurchaserLink,
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

const purchaserLink =
  (id: string, opts: { query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  () =>
    call(t.app, 'GET /purchaserregistration/:id', undefined, { params: { id }, ...opts });
const guestLink =
  (id: string, opts: { query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  () =>
    call(t.app, 'GET /guestregistration/:id', undefined, { params: { id }, ...opts });
const storeGuest = (headers: Record<string, string>) => () => call(t.app, 'GET /storeguest', undefined, { headers });
const notValid = registrationMessages.linkInvalid;

/** Ann Lee's table with Bo Diaz (bo@example.org) in its second seat, and Bo's own page opened from his email. */
async function tableWithBo() {
  const p = await purchase(t, { table: 1 });
  const boId = await addGuest(t, p.token, seatAt(p.groups, 1), {
    'First Name': 'Bo',
    'Last Name': 'Diaz',
    Email: 'bo@example.org',
  });
  const d = await dialogOf(t, p.token, seatAt(p.groups, 1));
  const fields = (over: Record<string, string> = {}) =>
    answersFor(d.guestfieldslist, {
      'First Name': 'Bo',
      'Last Name': 'Diaz',
      Email: 'bo@example.org',
      'Meal Choice': lookupIdOf(d.guestlookuplist, 'Fish'),
      ...over,
    });
  return { ...p, boId, fields, guest: await openGuestLink(t, 'bo@example.org') };
}

describe('the purchaser’s link', () => {
  it('opens its own purchase only', async () => {
    const ann = await purchase(t, { table: 1 });
    const cy = await purchase(t, { single: 2 }, 'cy@example.org', 'Cy');
    expect((await openPurchaserLink(t, cy.purchaserSecret)).purchasername).toBe('Cy Lee');
    expect((await groupsOf(t, ann.token)).map((g) => [g.groupname, g.guests.length])).toEqual([['Table of Eight', 8]]);
    expect((await groupsOf(t, cy.token)).map((g) => [g.groupname, g.guests.length])).toEqual([['Single Ticket', 2]]);
    expect(seatsOf(ann.groups).map((s) => s.guestid)).not.toContain(seatAt(cy.groups, 0));
    await expectRefused(t, () => dialog(t, ann.token, seatAt(cy.groups, 1)), {
      status: 404,
      code: 'not_found',
      message: registrationMessages.notYours,
    });
  });

  it('refuses a made-up secret with 404', async () => {
    await purchase(t, { table: 1 });
    await expectRefused(t, purchaserLink('x'.repeat(32)), { status: 404, code: 'not_found', message: notValid });
    await expectRefused(t, guestLink('x'.repeat(32)), { status: 404, code: 'not_found', message: notValid });
  });

  it('opens under its own event only', async () => {
    await importEvent(t, eventDocument(now, { eventcode: 'spring', store: { registration: galaRegistration() } }));
    const p = await purchase(t, { table: 1 });
    await expectRefused(t, purchaserLink(p.purchaserSecret, { query: { eventcode: 'spring' } }), {
      status: 404,
      code: 'not_found',
      message: notValid,
    });
    expect((await purchaserLink(p.purchaserSecret, { query: { eventcode: 'gala' } })()).ok).toBe(true);
  });

  it('opens on its own organization’s host only, and so does its token', async () => {
    await importEvent(t, eventDocument(now, { auctioncode: 'acme', eventcode: 'gala' }));
    const p = await purchase(t, { table: 1 });
    await expectRefused(t, purchaserLink(p.purchaserSecret, { headers: { host: 'acme.localhost' } }), {
      status: 404,
      code: 'not_found',
      message: notValid,
    });
    await expectRefused(t, storeGuest({ ...bearer(p.token), host: 'acme.localhost' }), {
      status: 401,
      code: 'unauthorized',
      message: notValid,
    });
    expect((await purchaserLink(p.purchaserSecret, { headers: { host: 'localhost' } })()).ok).toBe(true);
  });

  it('is kept only as a hash, and so is a guest’s', async () => {
    const p = await tableWithBo();
    const orders = await t.ctx.db.select().from(storeOrders);
    const seats = await t.ctx.db.select().from(guestSeats);
    expect(orders.map((o) => o.purchaserLinkHash)).toEqual([hashLinkSecret(p.purchaserSecret)]);
    expect(seats.find((s) => s.id === seatAt(p.groups, 1))?.linkHash).toBe(hashLinkSecret(p.guest.secret));
    const stored = JSON.stringify([orders, seats]);
    expect(stored).not.toContain(p.purchaserSecret);
    expect(stored).not.toContain(p.guest.secret);
  });
});

describe('a guest’s link', () => {
  it('opens that guest’s registration', async () => {
    const p = await tableWithBo();
    expect(p.guest).toMatchObject({
      status: 'success',
      guestid: seatAt(p.groups, 1),
      guestislocked: false,
      registrationtitle: 'Gala Guest Registration',
      guestname: 'Bo Diaz',
      groupname: 'Table of Eight',
      storeurl: '/gala/event',
      selectedregistrationid: p.boId,
    });
    expect(valuesOf(p.guest.guestfieldslist)).toMatchObject({ 'First Name': 'Bo', Email: 'bo@example.org' });
    expect(p.guest.guestlookuplist.map((l) => l.lookup)).toEqual(['Chicken', 'Fish', 'Vegetarian']);
  });

  it('opens that one seat: the groups show it alone, the dialog lists no one else', async () => {
    const p = await tableWithBo();
    expect(await groupsOf(t, p.guest.token)).toEqual([
      {
        groupid: p.groups[0]?.groupid,
        groupname: 'Table of Eight',
        allowchangegroupname: false,
        guests: [seatsOf(await groupsOf(t, p.token))[1]],
      },
    ]);
    const d = await dialogOf(t, p.guest.token, seatAt(p.groups, 1));
    expect(d.guestlist).toEqual([{ existingguestid: p.boId, existingguestname: 'Bo Diaz' }]);
  });

  it('refuses another seat, another person and a new person with 403, changing nothing', async () => {
    const p = await tableWithBo();
    const annId = (await dialogOf(t, p.token, seatAt(p.groups, 0))).selectedregistrationid;
    const own = registrationMessages.ownSeatOnly;
    await expectRefused(t, () => dialog(t, p.guest.token, seatAt(p.groups, 2)), {
      status: 403,
      code: 'forbidden',
      message: own,
    });
    await expectRefused(t, () => dialog(t, p.guest.token, seatAt(p.groups, 1), annId), {
      status: 403,
      code: 'forbidden',
      message: own,
    });
    await expectRefused(t, () => dialog(t, p.guest.token, seatAt(p.groups, 1), -1), {
      status: 403,
      code: 'forbidden',
      message: own,
    });
    await expectRefused(
      t,
      () =>
        saveGuest(t, p.guest.token, {
          guestid: seatAt(p.groups, 2),
          registrationid: p.boId,
          guestfieldslist: p.fields(),
        }),
      { status: 403, code: 'forbidden', message: own },
    );
    await expectRefused(
      t,
      () =>
        saveGuest(t, p.guest.token, {
          guestid: seatAt(p.groups, 1),
          registrationid: annId,
          guestfieldslist: p.fields(),
        }),
      { status: 403, code: 'forbidden', message: own },
    );
    await expectRefused(
      t,
      () =>
        saveGuest(t, p.guest.token, { guestid: seatAt(p.groups, 1), registrationid: -1, guestfieldslist: p.fields() }),
      { status: 403, code: 'forbidden', message: own },
    );
  });

  it('lets the guest save their own registration, sending no new link', async () => {
    const p = await tableWithBo();
    const mails = (await mailbox(t)).length;
    const res = await saveGuest(t, p.guest.token, {
      guestid: seatAt(p.groups, 1),
      registrationid: p.boId,
      guestfieldslist: p.fields({ 'Last Name': 'Diaz-Lee', Notes: 'Aisle' }),
    });
    expect(res.ok && res.answer).toMatchObject({ status: 'success', guestname: 'Bo Diaz-Lee', registrationid: p.boId });
    expect(seatsOf(await groupsOf(t, p.token))[1]?.guestname).toBe('Bo Diaz-Lee');
    expect((await mailbox(t)).length).toBe(mails);
    expect((await guestLink(p.guest.secret)()).ok).toBe(true);
  });

  it('is replaced when the purchaser changes the guest’s email: the old link stops, the new address gets a new one', async () => {
    const p = await tableWithBo();
    const res = await saveGuest(t, p.token, {
      guestid: seatAt(p.groups, 1),
      registrationid: p.boId,
      guestfieldslist: p.fields({ Email: 'bo.diaz@example.org' }),
    });
    expect(res.ok).toBe(true);
    await expectRefused(t, guestLink(p.guest.secret), { status: 404, code: 'not_found', message: notValid });
    const moved = await openGuestLink(t, 'bo.diaz@example.org');
    expect(moved.secret).not.toBe(p.guest.secret);
    expect(moved).toMatchObject({ guestid: seatAt(p.groups, 1), guestname: 'Bo Diaz' });
  });

  it('closes, page and token, once the purchaser has put someone else in the seat', async () => {
    const p = await tableWithBo();
    await addGuest(t, p.token, seatAt(p.groups, 1), { 'First Name': 'Cy', 'Last Name': 'Ng', Email: 'cy@example.org' });
    await expectRefused(t, guestLink(p.guest.secret), { status: 404, code: 'not_found', message: notValid });
    await expectRefused(t, () => dialog(t, p.guest.token, seatAt(p.groups, 1)), {
      status: 403,
      code: 'forbidden',
      message: notValid,
    });
    await expectRefused(t, storeGuest(bearer(p.guest.token)), { status: 403, code: 'forbidden', message: notValid });
  });

  it('closes once the purchaser has moved the guest out of the seat: the empty seat cannot be filled with it', async () => {
    const p = await tableWithBo();
    await saveGuest(t, p.token, { guestid: seatAt(p.groups, 2), registrationid: p.boId, guestfieldslist: p.fields() });
    const fill = () =>
      saveGuest(t, p.guest.token, {
        guestid: seatAt(p.groups, 1),
        registrationid: -1,
        guestfieldslist: p.fields({ 'First Name': 'Someone' }),
      });
    await expectRefused(t, fill, { status: 403, code: 'forbidden', message: notValid });
    // Bo's new seat came with a new link, which opens.
    expect(await openGuestLink(t, 'bo@example.org')).toMatchObject({
      guestid: seatAt(p.groups, 2),
      guestname: 'Bo Diaz',
    });
  });
});

describe('the tokens registration takes', () => {
  it('refuses no token, a login token and the token of a cart not checked out', async () => {
    await purchase(t, { table: 1 });
    const bidder = await makeBidder(t, 'gala', 'dee@example.org');
    let open = await openCart(t);
    const held = await setQty(t, open, idOf(await storeIds(t.ctx.db), 'single'), 1);
    if (held.ok && held.answer.status === 'success') open = held.answer.token;
    await expectRefused(t, storeGuest({}), { status: 401, code: 'unauthorized', message: notValid });
    await expectRefused(t, storeGuest(bidder.auth), {
      status: 401,
      code: 'unauthorized',
      message: 'This cart is not valid. Please reload the page.',
    });
    await expectRefused(t, storeGuest(bearer('not-a-token')), {
      status: 401,
      code: 'unauthorized',
      message: 'This cart is not valid. Please reload the page.',
    });
    await expectRefused(t, storeGuest(bearer(open)), {
      status: 403,
      code: 'forbidden',
      message: 'Guest registration opens once your purchase is complete.',
    });
  });

  it('takes the token of the checked-out cart, for the same purchase', async () => {
    const p = await purchase(t, { table: 1 });
    expect(await groupsOf(t, p.cartToken)).toEqual(p.groups);
    await addGuest(t, p.cartToken, seatAt(p.groups, 1), { 'First Name': 'Bo', 'Last Name': 'Diaz' });
    expect(seatsOf(await groupsOf(t, p.token))[1]?.guestname).toBe('Bo Diaz');
  });

  it('answers expired for a registration token after its 12 hours; the link gives a fresh one', async () => {
    const p = await purchase(t, { table: 1 });
    t.setNow(new Date(now.getTime() + 12 * 3_600_000 - 1_000));
    expect((await storeGuest(bearer(p.token))()).ok).toBe(true);
    t.setNow(new Date(now.getTime() + 13 * 3_600_000));
    await expectRefused(t, storeGuest(bearer(p.token)), {
      status: 401,
      code: 'expired',
      message: 'This page has been open a long time. Please open your registration link again.',
    });
    const again = await openPurchaserLink(t, p.purchaserSecret);
    expect(await groupsOf(t, again.token)).toEqual(p.groups);
  });
});

describe('mail', () => {
  it('sends no guest link for the purchaser’s own seat', async () => {
    const p = await purchase(t, { table: 1 });
    const d = await dialogOf(t, p.token, seatAt(p.groups, 0));
    const mails = (await mailbox(t)).length;
    const res = await saveGuest(t, p.token, {
      guestid: seatAt(p.groups, 0),
      registrationid: d.selectedregistrationid,
      guestfieldslist: answersFor(d.guestfieldslist, {
        'First Name': 'Ann',
        'Last Name': 'Lee',
        Email: 'ann@example.org',
        'Meal Choice': lookupIdOf(d.guestlookuplist, 'Fish'),
      }),
    });
    expect(res.ok).toBe(true);
    expect((await mailbox(t)).length).toBe(mails);
    expect((await t.ctx.db.select().from(guestSeats)).every((s) => s.linkHash === '')).toBe(true);
  });

  it('puts the Update Registration link in the receipt only when the purchase has seats', async () => {
    const cartToken = await checkOut(t, { shirt: 1 }, 'dee@example.org', 'Dee');
    const [receipt] = (await mailbox(t)).filter((m) => m.to === 'dee@example.org');
    expect(receipt?.subject).toMatch(/^Your receipt/);
    expect(receipt?.text).not.toContain('Update Registration');
    expect(receipt?.links.filter((l) => l.includes('purchaserregistration'))).toEqual([]);
    expect(await groupsOf(t, cartToken)).toEqual([]);
    expect(await t.ctx.db.select().from(guestGroups)).toEqual([]);

    const p = await purchase(t, { single: 1 });
    const [withSeats] = (await mailbox(t)).filter((m) => m.to === 'ann@example.org');
    expect(withSeats?.text).toContain('Update Registration');
    expect(withSeats?.links.find((l) => l.includes('purchaserregistration'))).toMatch(
      new RegExp(`/gala/event/purchaserregistration/${p.purchaserSecret}$`),
    );
  });
});
