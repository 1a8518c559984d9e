import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  centsToDollars,
  type ConsoleStoreResponse,
  type ImportStore,
  isoInZone,
  type PromoCodeUse,
  type StoreItemUse,
} from '@gavel/domain';
import type { Db, Tx } from '../../../db/client';
import { guestFields, guestGroups, promoCodes, registrations, storeCartLines, storeOrders } from '../../../db/schema';
import type { EventRow } from '../../../tenancy';
import { fieldsOf } from '../../registration/queries';
import { heldUnits, type PromoRow, type StoreItemRow, storeItemsOf } from '../../store/queries';
import { storeSettingsOf } from '../../store/setup';

/** A time of the store on the event's clock, as the import document writes it; left out when there is none. */
const when = (at: Date | null, zone: string) => (at ? isoInZone(at, zone) : undefined);

/** What the screen must know before a change is refused: sales, holds, uses and answers. */
type Use = ConsoleStoreResponse['use'];

function presentItem(item: StoreItemRow): ImportStore['items'][number] {
  return {
    code: item.code,
    tab: item.tab,
    section: item.section,
    name: item.name,
    description: item.description,
    ...(item.logourl ? { logourl: item.logourl } : {}),
    price: centsToDollars(item.price),
    quantity: item.quantity,
    unlimited: item.unlimited,
    maxpertransaction: item.maxpertransaction,
    itemtypecode: item.itemtypecode,
    seats: item.seats,
    fairmarketvalue: centsToDollars(item.fairmarketvalue),
    deductible: item.deductible,
  };
}

function presentPromo(p: PromoRow, codeOf: Map<number, string>, zone: string): ImportStore['promocodes'][number] {
  const validfrom = when(p.validfrom, zone);
  const validuntil = when(p.validuntil, zone);
  return {
    code: p.code,
    // Percent codes keep basis points, amount codes cents (import-store.ts).
    ...(p.kind === 'percent' ? { percent: p.value / 100 } : { amount: centsToDollars(p.value) }),
    ...(validfrom ? { validfrom } : {}),
    ...(validuntil ? { validuntil } : {}),
    ...(p.maxuses !== null ? { maxuses: p.maxuses } : {}),
    items: p.itemIds.map((id) => codeOf.get(id)).filter((c): c is string => c !== undefined),
  };
}

async function promosOf(db: Db | Tx, eventId: number): Promise<PromoRow[]> {
  return db.select().from(promoCodes).where(eq(promoCodes.eventId, eventId)).orderBy(promoCodes.id);
}

async function registrationOf(db: Db | Tx, eventId: number) {
  const { fields, lookups } = await fieldsOf(db, eventId);
  const email = fields.find((f) => f.role === 'email');
  const own = fields.filter((f) => f.role === '');
  return {
    emailrequired: email?.required ?? false,
    fields: own.map((f) => ({
      code: f.code,
      label: f.label,
      control: f.control,
      required: f.required,
      readonly: f.readonly,
      textlength: f.textlength,
      lookups: lookups.filter((l) => l.fieldId === f.id).map((l) => l.label),
    })),
    ids: own.map((f) => ({ id: f.id, code: f.code })),
  };
}

/**
 * An event's store as the import document's `store` (docs/import.md): what the JSON import of it
 * would write again, times on the event's clock, money in dollars, images as their stored paths.
 * The console's store screen reads it, and an event's export can include it.
 */
export async function storeDocument(db: Db | Tx, event: EventRow): Promise<ImportStore> {
  const settings = await storeSettingsOf(db, event);
  const items = await storeItemsOf(db, event.id);
  const promos = await promosOf(db, event.id);
  const registration = await registrationOf(db, event.id);
  const codeOf = new Map(items.map((i) => [i.id, i.code]));
  const editdeadline = when(settings.editdeadline, event.timezone);
  return {
    header: settings.header,
    landinghtml: settings.landinghtml,
    footerhtml: settings.footerhtml,
    buttons: settings.buttons,
    auctionlink: settings.auctionlink,
    tabs: settings.tabs.map((t) => ({
      tabname: t.tabname,
      heading: t.heading,
      ...(t.image ? { image: t.image } : {}),
      enabled: t.enabled,
    })),
    items: items.map(presentItem),
    promocodes: promos.map((p) => presentPromo(p, codeOf, event.timezone)),
    holdminutes: settings.holdminutes,
    billme: settings.billme,
    ccfeespercent: settings.ccfeespercent,
    allowpaymentoffees: settings.allowpaymentoffees,
    requiredemail: settings.requiredemail,
    requiredzip: settings.requiredzip,
    registration: {
      title: settings.registrationtitle,
      allowgrouprename: settings.allowgrouprename,
      ...(editdeadline ? { editdeadline } : {}),
      emailrequired: registration.emailrequired,
      fields: registration.fields,
    },
  };
}

/** Item ids that an order or a cart names, or that seats were made from: such an item cannot be deleted. */
export async function itemsInUse(db: Db | Tx, itemIds: number[]): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const lines = await db
    .selectDistinct({ id: storeCartLines.itemId })
    .from(storeCartLines)
    .where(inArray(storeCartLines.itemId, itemIds));
  const groups = await db
    .selectDistinct({ id: guestGroups.itemId })
    .from(guestGroups)
    .where(inArray(guestGroups.itemId, itemIds));
  return new Set([...lines, ...groups].map((r) => r.id));
}

/** A code's uses as checkout counts them (store/queries.ts promoUses): orders paid, Bill Me or being charged. */
export async function promoUseCounts(db: Db | Tx, eventId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: storeOrders.promoCodeId, n: sql<number>`count(*)::int` })
    .from(storeOrders)
    .where(and(eq(storeOrders.eventId, eventId), inArray(storeOrders.state, ['pending', 'paid', 'unpaid'])))
    .groupBy(storeOrders.promoCodeId);
  const uses = new Map<number, number>();
  for (const r of rows) if (r.id !== null) uses.set(r.id, Number(r.n));
  return uses;
}

/** Field ids of the event that some guest has answered: such a field keeps its control. */
async function answeredFields(db: Db | Tx, eventId: number, fieldIds: number[]): Promise<Set<number>> {
  if (fieldIds.length === 0) return new Set();
  const rows = await db
    .select({ id: guestFields.id })
    .from(guestFields)
    .where(
      and(
        inArray(guestFields.id, fieldIds),
        sql`exists (select 1 from ${registrations} where ${registrations.eventId} = ${eventId} and ${registrations.answers} ? (${guestFields.id})::text)`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** What each store item has sold and holds, each promo code's uses, and which guest fields are answered. */
export async function storeUse(db: Db | Tx, event: EventRow, now: Date): Promise<Use> {
  const items = await storeItemsOf(db, event.id);
  const ids = items.map((i) => i.id);
  const held = await heldUnits(db, ids, null, now);
  const inUse = await itemsInUse(db, ids);
  const uses = await promoUseCounts(db, event.id);
  const promos = await promosOf(db, event.id);
  const { ids: fields } = await registrationOf(db, event.id);
  const answered = await answeredFields(
    db,
    event.id,
    fields.map((f) => f.id),
  );
  return {
    items: items.map((i): StoreItemUse => ({
      code: i.code,
      sold: i.sold,
      held: held.get(i.id) ?? 0,
      inuse: i.sold > 0 || inUse.has(i.id),
    })),
    promocodes: promos.map((p): PromoCodeUse => ({ code: p.code, uses: uses.get(p.id) ?? 0 })),
    fields: fields.map((f) => ({ code: f.code, answered: answered.has(f.id) })),
  };
}

/** The console's answer: the store, its event's zone and what it has sold. */
export async function storeAnswer(db: Db | Tx, event: EventRow, now: Date): Promise<ConsoleStoreResponse> {
  return {
    status: 'success',
    timezone: event.timezone,
    store: await storeDocument(db, event),
    use: await storeUse(db, event, now),
  };
}
