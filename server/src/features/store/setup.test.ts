import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY, storeMessages } from '@gavel/domain';
import { storeCarts } from '../../db/schema';
import { TokenService } from '../../lib/tokens';
import { importEvent, makeBidder } from '../../test/account-fixtures';
import { call } from '../../test/call';
import { eventDocument, storeItem } from '../../test/documents';
import { failure, type TestApp } from '../../test/harness';
import { bearer, openCart, setQty } from '../../test/store-fixtures';
import { idOf, importGala, storeState, tokenClaims, useStoreGala, minutesAfter } from '../../test/store-state';

const now = new Date('2026-12-01T18:00:00Z');
const minutes = minutesAfter(now);
let t: TestApp;
let ids: Record<string, number>;
useStoreGala(now, (app, gala) => {
  t = app;
  ids = gala;
});

const id = (code: string) => idOf(ids, code);
const invalidCart = failure('unauthorized', 'This cart is not valid. Please reload the page.');

/** Sets a quantity that must be taken; answers the renewed token. */
async function take(token: string, code: string, quantity: number): Promise<string> {
  const res = await setQty(t, token, id(code), quantity);
  if (!res.ok || res.answer.status !== 'success')
    throw new Error(`could not take ${quantity} ${code}: ${JSON.stringify(res)}`);
  return res.answer.token;
}

const cartRows = () => t.ctx.db.select().from(storeCarts).orderBy(storeCarts.id);

describe('storesetup1: the landing page and the tabs', () => {
  it('answers the landing fields, the buttons and their flags', async () => {
    await importGala(t, now, {
      header: 'Welcome to the Gala',
      landinghtml: '<p>Join us</p>',
      footerhtml: '<p>Thank you</p>',
      buttons: { event: { label: 'Buy Tickets' }, auction: { show: false } },
      auctionlink: '/gala/auction-items',
    });
    const res = await call(t.app, 'POST /storesetup1', { eventcode: 'gala' });
    expect(res.ok && res.answer).toMatchObject({
      status: 'success',
      message: '',
      storewelcomeeventname: 'Test Gala',
      storewelcomeheader: 'Welcome to the Gala',
      storelandinghtml: '<p>Join us</p>',
      storewelcomefooter: '<p>Thank you</p>',
      storewelcomebuttonevent: 'Buy Tickets',
      storewelcomebuttonauction: 'Go to the Auction',
      storewelcomebuttondonate: 'Donate',
      storewelcomebuttoneventshow: true,
      storewelcomebuttonauctionshow: false,
      storewelcomebuttondonateshow: true,
      storewelcomeauctionlink: '/gala/auction-items',
      itemtypecode: 4,
      hascheckedout: false,
      token: '',
      expires: '',
    });
    expect(await cartRows()).toEqual([]);
  });

  it('lists the tabs in the imported order, with their sections and items', async () => {
    const res = await call(t.app, 'POST /storesetup1', { eventcode: 'gala' });
    if (!res.ok) throw new Error(res.failure.message);
    const { tabs } = res.answer;
    expect(tabs.map((x) => [x.tabname, x.enabled])).toEqual([
      ['Tickets', true],
      ['Merchandise', true],
      ['Registration', false],
      ['Cart', true],
    ]);
    expect(tabs[0]?.sections.map((s) => [s.sectionheading, s.data.map((i) => i.name)])).toEqual([
      ['Tickets', ['Single Ticket', 'Table of Eight', 'Volunteer']],
    ]);
    expect(tabs[1]?.sections.map((s) => [s.sectionheading, s.data.map((i) => i.name)])).toEqual([
      ['Shirts', ['Shirt']],
      ['Mugs', ['Mug']],
    ]);
    expect(tabs[2]?.sections).toEqual([]);
    expect(tabs[0]?.sections[0]?.data[0]).toEqual({
      id: id('single'),
      name: 'Single Ticket',
      description: '',
      logourl: '',
      price: 15_000,
      quantity: 10,
      quantityremaining: 10,
      isquantityunlimited: false,
      maxquantitypertransaction: 4,
      itemtypecode: 1,
      cartquantity: 0,
    });
    expect(tabs[0]?.sections[0]?.data[2]).toMatchObject({ name: 'Volunteer', price: 0, itemtypecode: 4 });
    expect(tabs[1]?.sections[1]?.data[0]).toMatchObject({
      name: 'Mug',
      price: 1_250,
      quantity: 0,
      isquantityunlimited: true,
      quantityremaining: MAX_LINE_QUANTITY,
    });

    await importGala(t, now, {
      tabs: [{ tabname: 'Merchandise', heading: 'Swag' }, { tabname: 'Tickets', enabled: false }, { tabname: 'Cart' }],
    });
    const again = await call(t.app, 'POST /storesetup1', { eventcode: 'gala' });
    expect(again.ok && again.answer.tabs.map((x) => [x.tabname, x.heading, x.enabled])).toEqual([
      ['Merchandise', 'Swag', true],
      ['Tickets', '', false],
      ['Cart', '', true],
    ]);
  });

  it('answers expired with its message once the event has closed, and opens no cart', async () => {
    t.setNow(new Date(now.getTime() + 49 * 3_600_000));
    const res = await call(t.app, 'POST /storesetup1', { eventcode: 'gala' });
    expect(res.ok && res.answer).toMatchObject({ status: 'expired', message: storeMessages.storeClosed });
    const two = await call(t.app, 'POST /storesetup2', { eventcode: 'gala' });
    expect(two.ok && two.answer).toMatchObject({ status: 'expired', message: storeMessages.storeClosed, token: '' });
    expect(await cartRows()).toEqual([]);
  });
});

describe('storesetup2: the cart and its token', () => {
  it('opens a cart whose token expires when its hold does', async () => {
    const res = await call(t.app, 'POST /storesetup2', { eventcode: 'gala' });
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.expires).toBe(minutes(15).toISOString());
    const claims = tokenClaims(res.answer.token);
    expect(claims.exp).toBe(Math.ceil(Date.parse(res.answer.expires) / 1000));
    const [cart] = await cartRows();
    expect(cart).toMatchObject({ id: claims.cartid, state: 'open', expiresAt: minutes(15) });
    expect(res.answer.tabs.find((x) => x.tabname === 'Registration')?.enabled).toBe(false);
  });

  it('answers the same cart for its token, with what it holds', async () => {
    const token = await take(await openCart(t), 'single', 2);
    const res = await call(t.app, 'POST /storesetup2', { eventcode: 'gala' }, { headers: bearer(token) });
    if (!res.ok) throw new Error(res.failure.message);
    expect(tokenClaims(res.answer.token).cartid).toBe(tokenClaims(token).cartid);
    expect(res.answer.tabs[0]?.sections[0]?.data[0]).toMatchObject({ cartquantity: 2, quantityremaining: 10 });
    expect(await cartRows()).toHaveLength(1);
    // Another buyer sees what is left beside this cart.
    const other = await call(t.app, 'POST /storesetup2', { eventcode: 'gala' });
    expect(other.ok && other.answer.tabs[0]?.sections[0]?.data[0]).toMatchObject({
      cartquantity: 0,
      quantityremaining: 8,
    });
  });

  it('never takes a login token for a cart token, nor a cart token for a login token', async () => {
    const ann = await makeBidder(t, 'gala', 'ann@example.org');
    const token = await openCart(t);
    const before = await storeState(t.ctx.db);
    const asCart = await t.app.inject({ method: 'GET', url: '/api/storecart', headers: ann.auth });
    expect(asCart.statusCode).toBe(401);
    expect(asCart.json()).toEqual(invalidCart);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/storesetup2',
      headers: ann.auth,
      payload: { eventcode: 'gala' },
    });
    expect(setup.statusCode).toBe(401);
    expect(setup.json()).toEqual(invalidCart);
    const asLogin = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(token) });
    expect(asLogin.statusCode).toBe(401);
    expect(asLogin.json()).toEqual(failure('unauthorized', 'Your session is not valid. Please log in again.'));
    expect(await storeState(t.ctx.db)).toEqual(before);
  });

  it('refuses a forged token and a token of another event', async () => {
    await importEvent(
      t,
      eventDocument(now, { eventcode: 'other', store: { items: [storeItem('o1', { name: 'Other Ticket' })] } }),
    );
    const token = await openCart(t);
    const forged = await new TokenService('another-secret-0123456789abcdefghijklmnopqrstuvwxyz').signCart(
      { cartid: tokenClaims(token).cartid, eventcode: 'gala', auctioncode: 'demo' },
      now,
      minutes(15),
    );
    const otherToken = await openCart(t, 'other');
    const before = await storeState(t.ctx.db);
    for (const bad of [forged, 'not-a-token']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/storecartadditem',
        headers: bearer(bad),
        payload: { itemid: id('single'), quantity: 1 },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(invalidCart);
    }
    const crossed = await t.app.inject({
      method: 'POST',
      url: '/api/storesetup2',
      headers: bearer(otherToken),
      payload: { eventcode: 'gala' },
    });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toEqual(invalidCart);
    expect(await storeState(t.ctx.db)).toEqual(before);
  });
});
