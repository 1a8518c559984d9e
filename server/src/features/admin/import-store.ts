import { and, eq, sql } from 'drizzle-orm';
import type { ImportDocument, ImportStore, Problem } from '@gavel/domain';
import { dollarsToCents, FREE_ITEM_TYPE } from '@gavel/domain';
import type { Tx } from '../../db/client';
import { promoCodes, storeItems, storeSettings } from '../../db/schema';
import { sanitizeOrganizerHtml } from '../../lib/html';
import { storeImageRef } from '../media/store';
import { quantitiesBelowSold } from './import-quantities';
import { importRegistrationOf } from './import-registration';

const cents = (dollars: number): number => {
  const c = dollarsToCents(dollars);
  if (c === null) throw new Error(`unvalidated amount ${dollars}`);
  return c;
};

/**
 * The store part of an import, in the import's transaction: the settings row, the items (matched
 * by code, case-insensitive; a quantity below what is already sold is refused) and the promo codes
 * (matched by code). Items and codes the document leaves out are left as they are, so orders that
 * name them keep their meaning.
 */
export async function importStoreOf(
  tx: Tx,
  organizationId: number,
  eventId: number,
  doc: ImportDocument,
): Promise<{ problems: Problem[]; items: number }> {
  return writeStore(tx, { organizationId, eventId, store: doc.store, eventFeePercent: doc.event.ccfeespercent });
}

/**
 * The same write for one event's store without a whole document (the console's store settings):
 * `eventFeePercent` is the event's `ccfeespercent`, taken when the store names none.
 */
export async function writeStore(
  tx: Tx,
  {
    organizationId,
    eventId,
    store,
    eventFeePercent,
  }: { organizationId: number; eventId: number; store: ImportStore; eventFeePercent: number },
): Promise<{ problems: Problem[]; items: number }> {
  const existing = await tx
    .select({ id: storeItems.id, code: storeItems.code, sold: storeItems.sold })
    .from(storeItems)
    .where(eq(storeItems.eventId, eventId))
    .for('update');
  const byCode = new Map(existing.map((r) => [r.code.toLowerCase(), r]));
  const problems = quantitiesBelowSold(
    'store.items',
    store.items.map((item) => ({
      quantity: item.quantity,
      unlimited: item.unlimited,
      sold: byCode.get(item.code.toLowerCase())?.sold,
    })),
    'sold',
  );
  if (problems.length > 0) return { problems, items: 0 };

  const tabs = [];
  for (const t of store.tabs)
    tabs.push({
      tabname: t.tabname,
      heading: t.heading,
      enabled: t.enabled,
      image: await storeImageRef(tx, organizationId, t.image),
    });
  const settings = {
    eventId,
    header: store.header,
    landinghtml: sanitizeOrganizerHtml(store.landinghtml),
    footerhtml: sanitizeOrganizerHtml(store.footerhtml),
    buttons: store.buttons,
    auctionlink: store.auctionlink,
    tabs,
    holdminutes: store.holdminutes,
    billme: store.billme,
    ccfeespercent: store.ccfeespercent ?? eventFeePercent,
    allowpaymentoffees: store.allowpaymentoffees,
    requiredemail: store.requiredemail,
    requiredzip: store.requiredzip,
    registrationtitle: store.registration.title,
    allowgrouprename: store.registration.allowgrouprename,
    editdeadline: store.registration.editdeadline ? new Date(store.registration.editdeadline) : null,
  };
  await tx.insert(storeSettings).values(settings).onConflictDoUpdate({ target: storeSettings.eventId, set: settings });

  const ids = new Map<string, number>();
  for (const [position, item] of store.items.entries()) {
    const values = {
      eventId,
      code: item.code,
      tab: item.tab,
      section: item.section,
      position,
      name: item.name,
      description: item.description,
      logourl: await storeImageRef(tx, organizationId, item.logourl),
      price: item.itemtypecode === FREE_ITEM_TYPE ? 0 : cents(item.price),
      quantity: item.unlimited ? 0 : item.quantity,
      unlimited: item.unlimited,
      maxpertransaction: item.maxpertransaction,
      itemtypecode: item.itemtypecode,
      seats: item.seats,
      fairmarketvalue: cents(item.fairmarketvalue),
      deductible: item.deductible,
    };
    const prior = byCode.get(item.code.toLowerCase());
    if (prior) {
      await tx.update(storeItems).set(values).where(eq(storeItems.id, prior.id));
      ids.set(item.code.toLowerCase(), prior.id);
    } else {
      const [row] = await tx.insert(storeItems).values(values).returning({ id: storeItems.id });
      if (!row) throw new Error('store item insert returned nothing');
      ids.set(item.code.toLowerCase(), row.id);
    }
  }
  for (const [code, prior] of byCode) if (!ids.has(code)) ids.set(code, prior.id);

  for (const p of store.promocodes) {
    const values = {
      eventId,
      code: p.code,
      kind: p.percent !== undefined ? ('percent' as const) : ('amount' as const),
      value: p.percent !== undefined ? Math.round(p.percent * 100) : cents(p.amount ?? 0),
      validfrom: p.validfrom ? new Date(p.validfrom) : null,
      validuntil: p.validuntil ? new Date(p.validuntil) : null,
      maxuses: p.maxuses ?? null,
      itemIds: p.items.map((code) => ids.get(code.toLowerCase())).filter((id): id is number => id !== undefined),
    };
    const [prior] = await tx
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(and(eq(promoCodes.eventId, eventId), sql`lower(${promoCodes.code}) = ${p.code.toLowerCase()}`));
    if (prior) await tx.update(promoCodes).set(values).where(eq(promoCodes.id, prior.id));
    else await tx.insert(promoCodes).values(values);
  }
  const registration = await importRegistrationOf(tx, eventId, store.registration);
  return { problems: registration, items: store.items.length };
}
