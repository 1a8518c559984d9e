import { isDeepStrictEqual } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { type ConsoleStoreResponse, type ImportStore, type Problem, storeLeftOutMessages } from '@gavel/domain';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { events, promoCodes, storeItems } from '../../../db/schema';
import { AppError } from '../../../errors';
import { type StaffCaller, withEvent } from '../../../lib/staff-caller';
import { publishEventRefresh } from '../../../realtime/publish';
import { forgetTenants, type Tenant } from '../../../tenancy';
import { writeStore } from '../../admin/import-store';
import { recordAudit } from '../../../lib/audit';
import { itemsInUse, promoUseCounts, storeAnswer, storeDocument } from './document';
import { storeChangeSummary } from './summary';

/** The event a store call names (the path's `:eventcode`, resolved with the caller). */
export const readStore = (ctx: AppContext, tenant: Tenant): Promise<ConsoleStoreResponse> =>
  storeAnswer(ctx.db, tenant.event, ctx.clock());

const lower = (code: string) => code.toLowerCase();

/**
 * The rows the new store leaves out, and the problems of leaving out one that must stay: an item an
 * order, a cart or a guest's seat names (set its quantity to 0 instead), a promo code orders used.
 * The JSON import leaves such rows alone; the console's store is the whole store, so the rest go.
 */
async function leftOut(tx: Tx, eventId: number, store: ImportStore) {
  const items = await tx
    .select({ id: storeItems.id, code: storeItems.code, name: storeItems.name, sold: storeItems.sold })
    .from(storeItems)
    .where(eq(storeItems.eventId, eventId))
    .orderBy(storeItems.position, storeItems.id)
    .for('update');
  const keptItems = new Set(store.items.map((i) => lower(i.code)));
  const goneItems = items.filter((i) => !keptItems.has(lower(i.code)));
  const inUse = await itemsInUse(
    tx,
    goneItems.map((i) => i.id),
  );
  const promos = await tx
    .select({ id: promoCodes.id, code: promoCodes.code })
    .from(promoCodes)
    .where(eq(promoCodes.eventId, eventId))
    .orderBy(promoCodes.id);
  const keptPromos = new Set(store.promocodes.map((p) => lower(p.code)));
  const gonePromos = promos.filter((p) => !keptPromos.has(lower(p.code)));
  const uses = await promoUseCounts(tx, eventId);
  const problems: Problem[] = [
    ...goneItems
      .filter((i) => i.sold > 0 || inUse.has(i.id))
      .map((i) => ({ path: 'store.items', message: storeLeftOutMessages.item(i.name, i.code) })),
    ...gonePromos
      .filter((p) => (uses.get(p.id) ?? 0) > 0)
      .map((p) => ({ path: 'store.promocodes', message: storeLeftOutMessages.promo(p.code, uses.get(p.id) ?? 0) })),
  ];
  return { problems, itemIds: goneItems.map((i) => i.id), promoIds: gonePromos.map((p) => p.id) };
}

function refused(problems: Problem[]): AppError {
  const n = problems.length;
  return new AppError('bad_request', `The store has ${n} problem${n === 1 ? '' : 's'}; nothing was saved.`, problems);
}

/**
 * Saves an event's whole store from the console, in one transaction: all of it or none of it. It
 * is written by the JSON import's own code (writeStore), so it keeps the import's rules and
 * refusals (a quantity below what is sold; a guest field's control once guests answered it), and
 * items and promo codes the store leaves out are deleted where nothing names them. The change is
 * audited with the store before and after; a save that changes nothing writes no entry.
 */
export async function saveStore(
  ctx: AppContext,
  caller: StaffCaller,
  store: ImportStore,
): Promise<ConsoleStoreResponse> {
  const { event, organization } = withEvent(caller).tenant;
  const { answer, changed } = await ctx.db.transaction(async (tx) => {
    // One save of an event's store at a time; bids and orders (key-share locks) are not held up.
    await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for('no key update');
    const gone = await leftOut(tx, event.id, store);
    const before = await storeDocument(tx, event);
    const written = await writeStore(tx, {
      organizationId: organization.id,
      eventId: event.id,
      store,
      eventFeePercent: event.ccfeespercent,
    });
    const problems = [...gone.problems, ...written.problems];
    if (problems.length > 0) throw refused(problems);
    if (gone.itemIds.length > 0) await tx.delete(storeItems).where(inArray(storeItems.id, gone.itemIds));
    if (gone.promoIds.length > 0) await tx.delete(promoCodes).where(inArray(promoCodes.id, gone.promoIds));
    const after = await storeDocument(tx, event);
    const changed = !isDeepStrictEqual(before, after);
    if (changed)
      await recordAudit(tx, caller, {
        eventId: event.id,
        kind: 'store.update',
        summary: storeChangeSummary(before, after),
        before,
        after,
      });
    return { answer: await storeAnswer(tx, event, ctx.clock()), changed };
  });
  if (changed) {
    // As the import: the store's pages and every open phone read the event again.
    forgetTenants(ctx.db);
    publishEventRefresh(ctx, { auctioncode: organization.auctioncode, eventcode: event.eventcode });
  }
  return answer;
}
