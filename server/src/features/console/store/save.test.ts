import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type ImportStore, importStore, type Problem, storeLeftOutMessages } from '@gavel/domain';
import { guestFields, promoCodes, registrations, storeItems } from '../../../db/schema';
import { call } from '../../../test/call';
import type { TestApp } from '../../../test/harness';
import { importDoc } from '../../../test/import-fixtures';
import { captureEventMessages } from '../../../test/live-capture';
import { cartWith, checkoutBody, checkoutCart } from '../../../test/store-fixtures';
import { storeIds } from '../../../test/store-state';
import {
  everything,
  galaDocumentWith,
  lastAudit,
  putRaw,
  putStore,
  type StoreTest,
  storeNow,
  useStoreTest,
} from './fixtures';

/** Saving the whole store: what it writes, what it audits, and what it refuses as the import does. */
const now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
let s: StoreTest;
useStoreTest(now, (app, setup) => {
  t = app;
  s = setup;
});

const stored = async () => (await storeNow(t, s.staffer.headers)).store;

/** A Bill Me order of these units (Bill Me counts as sold, and seats are made for tickets). */
async function billMe(lines: Record<string, number>) {
  const token = await cartWith(t, await storeIds(t.ctx.db), lines);
  const res = await checkoutCart(t, token, await checkoutBody(t, token, { method: 'BILLME' }));
  if (!res.ok) throw new Error(res.failure.message);
}

async function expectRefused(store: ImportStore, problems: Problem[]) {
  const before = await everything(t);
  const res = await putRaw(t, s.staffer.headers, { store });
  expect(res.statusCode, res.body).toBe(400);
  const n = problems.length;
  expect(res.json()).toEqual({
    status: 'failure',
    code: 'bad_request',
    message: `The store has ${n} problem${n === 1 ? '' : 's'}; nothing was saved.`,
    errors: problems,
  });
  expect(await everything(t)).toEqual(before);
}

describe('a save', () => {
  it('of what was read changes nothing and writes no audit entry', async () => {
    const before = await everything(t);
    const store = await stored();
    const res = await putStore(t, s.staffer.headers, store);
    expect(res.ok && res.answer.store).toEqual(store);
    expect(await everything(t)).toEqual(before);
  });

  it('adds an item, a promo code and a guest field; the store sells the item; audited with before and after', async () => {
    const live = captureEventMessages(t);
    const before = await stored();
    const after: ImportStore = importStore.parse({
      ...before,
      items: [
        ...before.items,
        { code: 'raffle', tab: 'Merchandise', section: 'Raffle', name: 'Raffle Ticket', price: 20, quantity: 100 },
      ],
      promocodes: [...before.promocodes, { code: 'VIP', amount: 50, items: ['table'] }],
      registration: {
        ...before.registration,
        fields: [...before.registration.fields, { code: 'diet', label: 'Dietary Needs', control: 5 }],
      },
    });
    const res = await putStore(t, s.staffer.headers, after);
    live.stop();
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.store).toEqual(after);
    expect(res.answer.use.items.map((i) => i.code)).toEqual(['single', 'table', 'shirt', 'raffle']);
    const entry = await lastAudit(t);
    expect(entry).toMatchObject({
      kind: 'store.update',
      summary: 'Store: added item raffle; added promo code VIP; added guest field diet.',
      actor: 'Sam Staff',
      staffId: s.staffer.id,
      before: JSON.parse(JSON.stringify(before)),
      after: JSON.parse(JSON.stringify(after)),
    });
    expect(live.messages).toContainEqual(expect.objectContaining({ type: 'eventrefresh', eventcode: 'gala' }));
    const setup = await call(t.app, 'POST /storesetup2', { eventcode: 'gala' });
    if (!setup.ok) throw new Error(setup.failure.message);
    const merchandise = setup.answer.tabs.find((tab) => tab.tabname === 'Merchandise');
    expect(merchandise?.sections.flatMap((x) => x.data.map((i) => i.name))).toContain('Raffle Ticket');
  });

  it('reorders items and fields, deletes what nothing names, and sanitizes the landing page', async () => {
    const before = await stored();
    const [single, table, shirt] = before.items;
    if (!single || !table || !shirt) throw new Error('the gala has three items');
    const res = await putStore(t, s.staffer.headers, {
      ...before,
      landinghtml: '<p onclick="x()">Welcome<script>alert(1)</script></p>',
      items: [table, single],
      promocodes: before.promocodes.filter((p) => p.code !== 'FIVE'),
      registration: { ...before.registration, fields: before.registration.fields.slice(1).reverse() },
    });
    if (!res.ok) throw new Error(res.failure.message);
    expect(res.answer.store.landinghtml).toBe('<p>Welcome</p>');
    expect(res.answer.store.items.map((i) => i.code)).toEqual(['table', 'single']);
    expect(res.answer.store.promocodes.map((p) => p.code)).toEqual(['GALA10', 'EARLY']);
    expect(res.answer.store.registration.fields.map((f) => f.code)).toEqual([
      'table',
      'notes',
      'pledge',
      'age',
      'valet',
    ]);
    expect(await t.ctx.db.select().from(storeItems).where(eq(storeItems.code, 'shirt'))).toEqual([]);
    expect(await t.ctx.db.select().from(promoCodes).where(eq(promoCodes.code, 'FIVE'))).toEqual([]);
    // A guest field is retired, not deleted: answers that name it are kept.
    const [meal] = await t.ctx.db.select().from(guestFields).where(eq(guestFields.code, 'meal'));
    expect(meal?.retired).toBe(true);
    expect((await lastAudit(t))?.summary).toBe(
      'Store: removed item shirt; removed promo code FIVE; removed guest field meal; changed the order; changed the store settings.',
    );
  });
});

describe('bad input', () => {
  it('is refused at the field with its message, nothing written', async () => {
    const store = await stored();
    const before = await everything(t);
    const bad = { ...store, items: store.items.map((i, n) => (n === 1 ? { ...i, price: 0 } : i)) };
    const res = await putRaw(t, s.staffer.headers, { store: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'bad_request',
      message: 'store.items[1].price: must be above 0 (use itemtypecode 4 for a free item)',
      errors: [{ path: 'store.items[1].price', message: 'must be above 0 (use itemtypecode 4 for a free item)' }],
    });
    const unknownItem = { ...store, promocodes: [{ code: 'X', percent: 5, items: ['nosuch'] }] };
    const second = await putRaw(t, s.staffer.headers, { store: unknownItem });
    expect(second.json()).toMatchObject({
      errors: [{ path: 'store.promocodes[0].items[0]', message: 'is not the code of a store item' }],
    });
    const stray = await putRaw(t, s.staffer.headers, { store: { ...store, colour: 'red' } });
    expect(stray.statusCode).toBe(400);
    expect((await putRaw(t, s.staffer.headers, store)).statusCode).toBe(400);
    expect(await everything(t)).toEqual(before);
  });
});

describe('the refusals of the import', () => {
  it('a quantity below what is sold, with the same problem the import answers', async () => {
    await billMe({ single: 3 });
    const store = await stored();
    const lowered = { ...store, items: store.items.map((i) => (i.code === 'single' ? { ...i, quantity: 2 } : i)) };
    const problem = { path: 'store.items[0].quantity', message: 'cannot be below the 3 already sold' };
    await expectRefused(lowered, [problem]);
    const imported = await importDoc(t, galaDocumentWith(now, lowered));
    expect(imported.json()).toMatchObject({ errors: [problem] });
  });

  it('a guest field whose control changes once guests answered it, as the import says', async () => {
    const [meal] = await t.ctx.db.select().from(guestFields).where(eq(guestFields.code, 'meal'));
    await billMe({ single: 1 });
    await t.ctx.db.update(registrations).set({ answers: { [String(meal?.id)]: 'Fish' } });
    const { store, use } = await storeNow(t, s.staffer.headers);
    expect(use.fields[0]).toEqual({ code: 'meal', answered: true });
    const fields = store.registration.fields.map((f) => (f.code === 'meal' ? { ...f, control: 5, lookups: [] } : f));
    const changed = { ...store, registration: { ...store.registration, fields } };
    const problem = {
      path: 'store.registration.fields[0].control',
      message: 'cannot change from 2 to 5: guests have answered this field (give the new field another code)',
    };
    await expectRefused(importStore.parse(changed), [problem]);
    const imported = await importDoc(t, galaDocumentWith(now, changed));
    expect(imported.json()).toMatchObject({ errors: [problem] });
  });

  it('an item in an order or a cart, or a used promo code, cannot be left out', async () => {
    const ids = await storeIds(t.ctx.db);
    await billMe({ table: 1 });
    await cartWith(t, ids, { shirt: 1 });
    const token = await cartWith(t, ids, { shirt: 1 });
    const discounted = await call(
      t.app,
      'POST /storecartdiscount',
      { discountcode: 'FIVE' },
      { headers: { authorization: `Bearer ${token}` } },
    );
    if (!discounted.ok) throw new Error(discounted.failure.message);
    const paid = await checkoutCart(
      t,
      discounted.answer.token,
      await checkoutBody(t, discounted.answer.token, { method: 'BILLME' }),
    );
    if (!paid.ok) throw new Error(paid.failure.message);
    const store = await stored();
    await expectRefused({ ...store, items: store.items.filter((i) => i.code === 'single'), promocodes: [] }, [
      { path: 'store.items', message: storeLeftOutMessages.item('Table of Eight', 'table') },
      { path: 'store.items', message: storeLeftOutMessages.item('Shirt', 'shirt') },
      { path: 'store.promocodes', message: storeLeftOutMessages.promo('FIVE', 1) },
    ]);
  });
});
