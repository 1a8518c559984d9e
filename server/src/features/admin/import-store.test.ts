import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_HOLD_MINUTES, type ImportDocumentInput, type Problem } from '@gavel/domain';
import { promoCodes, storeItems, storeSettings } from '../../db/schema';
import { call } from '../../test/call';
import { dbState } from '../../test/db-state';
import { eventDocument, type StoreInput, storeItem } from '../../test/documents';
import type { TestApp } from '../../test/harness';
import { useEmptiedApp } from '../../test/hooks';
import { expectImportRefused, importOk as importOkAs } from '../../test/import-fixtures';
import { checkoutBody, checkoutCart, openCart, setQty } from '../../test/store-fixtures';
import { idOf, storeIds, storeState } from '../../test/store-state';

const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
useEmptiedApp(now, (app) => (t = app));
beforeEach(() => t.setNow(now));

const doc = (store?: StoreInput): ImportDocumentInput =>
  eventDocument(now, { event: { ccfeespercent: 2.5 }, ...(store ? { store } : {}) });

const importOk = (payload: unknown) => importOkAs(t, payload);

const state = async () => ({ db: await dbState(t.ctx.db), store: await storeState(t.ctx.db) });

const expectRefused = (payload: unknown, problems: Problem[]) => expectImportRefused(t, payload, problems, state);

describe('a document without a store', () => {
  it('gets the defaults: the four tabs, a hold of 15 minutes, checkout settings and the event fee', async () => {
    await importOk(doc());
    const [settings] = await t.ctx.db.select().from(storeSettings);
    expect(settings).toMatchObject({
      holdminutes: DEFAULT_HOLD_MINUTES,
      billme: false,
      requiredemail: true,
      requiredzip: true,
      allowpaymentoffees: true,
      ccfeespercent: 2.5,
      landinghtml: '',
      buttons: {
        event: { label: 'Register for the Event', show: true },
        auction: { label: 'Go to the Auction', show: true },
        donate: { label: 'Donate', show: true },
      },
    });
    expect(settings?.tabs.map((x) => [x.tabname, x.enabled])).toEqual([
      ['Tickets', true],
      ['Merchandise', true],
      ['Registration', true],
      ['Cart', true],
    ]);
    expect(await t.ctx.db.select().from(storeItems)).toEqual([]);
    const setup = await call(t.app, 'POST /storesetup2', { eventcode: 'gala' });
    expect(setup.ok && setup.answer).toMatchObject({
      status: 'success',
      storewelcomeheader: 'Test Gala',
      storewelcomeauctionlink: '/gala',
      expires: new Date(now.getTime() + 15 * 60_000).toISOString(),
    });
    expect(setup.ok && setup.answer.tabs.map((x) => x.tabname)).toEqual([
      'Tickets',
      'Merchandise',
      'Registration',
      'Cart',
    ]);
  });
});

describe('a store that is not valid', () => {
  const cases: Array<[string, StoreInput | Record<string, unknown>, Problem[]]> = [
    [
      'a free item with a price',
      { items: [storeItem('vol', { itemtypecode: 4, price: 5 })] },
      [{ path: 'store.items[0].price', message: 'must be 0 for a free item (itemtypecode 4)' }],
    ],
    [
      'a paid item at $0',
      { items: [storeItem('t1', { price: 0 })] },
      [{ path: 'store.items[0].price', message: 'must be above 0 (use itemtypecode 4 for a free item)' }],
    ],
    [
      'seats on merchandise',
      { items: [storeItem('shirt', { tab: 'Merchandise', seats: 2 })] },
      [{ path: 'store.items[0].seats', message: 'is only for items of the Tickets tab' }],
    ],
    [
      'a repeated item code',
      { items: [storeItem('t1'), storeItem('T1')] },
      [{ path: 'store.items[1].code', message: 'repeats the code of items[0]' }],
    ],
    [
      'a promo with percent and amount',
      { items: [storeItem('t1')], promocodes: [{ code: 'BOTH', percent: 10, amount: 5 }] },
      [{ path: 'store.promocodes[0].percent', message: 'give exactly one of percent or amount' }],
    ],
    [
      'a promo naming an unknown item',
      { items: [storeItem('t1')], promocodes: [{ code: 'P', percent: 10, items: ['t1', 'nope'] }] },
      [{ path: 'store.promocodes[0].items[1]', message: 'is not the code of a store item' }],
    ],
    [
      'an unknown field of an item',
      { items: [{ ...storeItem('t1'), colour: 'red' }] },
      [{ path: 'store.items[0].colour', message: 'is not a known field' }],
    ],
    [
      'an unknown field of the store',
      { items: [storeItem('t1')], holdminuts: 20 },
      [{ path: 'store.holdminuts', message: 'is not a known field' }],
    ],
  ];

  it.each(cases)('refuses %s with its JSON path, importing nothing', async (_name, store, problems) => {
    await expectRefused({ ...doc(), store }, problems);
  });

  it('refuses it on a re-import too, leaving the store as it was', async () => {
    await importOk(doc({ items: [storeItem('t1', { name: 'Before' })] }));
    await expectRefused(doc({ items: [storeItem('t1', { name: 'After', price: 0 })] }), [
      { path: 'store.items[0].price', message: 'must be above 0 (use itemtypecode 4 for a free item)' },
    ]);
    expect((await t.ctx.db.select().from(storeItems)).map((i) => i.name)).toEqual(['Before']);
  });
});

describe('a re-import', () => {
  it('updates items by code, whatever its case, and leaves the others as they are', async () => {
    await importOk(
      doc({
        items: [
          storeItem('single', { name: 'Single', price: 100 }),
          storeItem('table', { name: 'Table', price: 800, seats: 8 }),
        ],
      }),
    );
    const before = await storeIds(t.ctx.db);
    await importOk(doc({ items: [storeItem('SINGLE', { name: 'Single Ticket', price: 125, quantity: 20 })] }));
    const rows = await t.ctx.db.select().from(storeItems).orderBy(storeItems.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === before.single)).toMatchObject({
      code: 'SINGLE',
      name: 'Single Ticket',
      price: 12_500,
      quantity: 20,
    });
    expect(rows.find((r) => r.id === before.table)).toMatchObject({ name: 'Table', price: 80_000 });
  });

  it('refuses a quantity below what is already sold, and takes one equal to it', async () => {
    await importOk(doc({ billme: true, items: [storeItem('single', { quantity: 10 })] }));
    const id = idOf(await storeIds(t.ctx.db), 'single');
    const token = await openCart(t);
    const held = await setQty(t, token, id, 3);
    const tok = held.ok && held.answer.status === 'success' ? held.answer.token : token;
    expect((await checkoutCart(t, tok, await checkoutBody(t, tok, { method: 'BILLME' }))).ok).toBe(true);

    await expectRefused(doc({ billme: true, items: [storeItem('Single', { quantity: 2 })] }), [
      { path: 'store.items[0].quantity', message: 'cannot be below the 3 already sold' },
    ]);
    await importOk(doc({ billme: true, items: [storeItem('single', { quantity: 3 })] }));
    const [row] = await t.ctx.db.select().from(storeItems);
    expect(row).toMatchObject({ quantity: 3, sold: 3 });
  });

  it('stores promo codes as basis points or cents, naming the items by id', async () => {
    await importOk(
      doc({
        items: [storeItem('single'), storeItem('table', { price: 800 })],
        promocodes: [
          { code: 'Pct', percent: 12.5, items: ['TABLE'] },
          { code: 'AMT', amount: 20.5, maxuses: 3 },
        ],
      }),
    );
    const ids = await storeIds(t.ctx.db);
    const promos = await t.ctx.db.select().from(promoCodes).orderBy(promoCodes.id);
    expect(promos.map((p) => [p.code, p.kind, p.value, p.maxuses, p.itemIds])).toEqual([
      ['Pct', 'percent', 1_250, null, [ids.table]],
      ['AMT', 'amount', 2_050, 3, []],
    ]);
  });
});

describe('the landing page', () => {
  it('is sanitized: scripts and event handlers are removed', async () => {
    await importOk(
      doc({
        landinghtml: '<h1>Welcome</h1><script>alert(1)</script><p onclick="steal()">Join us</p>',
        footerhtml: '<p>Thanks<script src="https://evil.example/x.js"></script></p><a href="javascript:alert(1)">x</a>',
      }),
    );
    const [settings] = await t.ctx.db.select().from(storeSettings);
    for (const html of [settings?.landinghtml ?? '', settings?.footerhtml ?? '']) {
      expect(html).not.toMatch(/script|onclick|javascript:/i);
    }
    expect(settings?.landinghtml).toBe('<h1>Welcome</h1><p>Join us</p>');
    const setup = await call(t.app, 'POST /storesetup1', { eventcode: 'gala' });
    expect(setup.ok && setup.answer.storelandinghtml).toBe('<h1>Welcome</h1><p>Join us</p>');
    expect(setup.ok && setup.answer.storewelcomefooter).toContain('<p>Thanks</p>');
  });

  it('takes the hold, header and buttons the organizer gives', async () => {
    await importOk(
      doc({ holdminutes: 30, header: 'Spring Gala Store', buttons: { donate: { label: 'Give', show: false } } }),
    );
    const setup = await call(t.app, 'POST /storesetup2', { eventcode: 'gala' });
    expect(setup.ok && setup.answer).toMatchObject({
      storewelcomeheader: 'Spring Gala Store',
      storewelcomebuttondonate: 'Give',
      storewelcomebuttondonateshow: false,
      expires: new Date(now.getTime() + 30 * 60_000).toISOString(),
    });
  });
});
