import { eq, sql } from 'drizzle-orm';
import type { ConsoleItemResponse, ImportItem, Problem } from '@gavel/domain';
import { itemClosingProblem, reservedItemnumProblem } from '@gavel/domain';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { auctionItems, events } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { codesOf } from '../../../realtime/codes';
import { publishEventRefresh } from '../../../realtime/publish';
import type { EventRow } from '../../../tenancy';
import { quantitiesBelowSold } from '../../admin/import-quantities';
import { itemFields, itemValues } from '../../admin/import-values';
import { auditChanges, recordAudit } from '../../../lib/audit';
import { itemHasClosed, presentItem } from './presenter';
import { itemActivity, itemByNum, itemOrNotFound, photosOf, replacePhotos } from './queries';

/** Refuses with every problem at its field, as a bad body is refused (400, "field: message"). */
export function refuse(problems: Problem[]): AppError {
  const first = problems[0];
  return new AppError('bad_request', first ? `${first.path}: ${first.message}` : 'The request is not valid.', problems);
}

/** What the item schema cannot see alone: its close within the event's bidding, and a number the console keeps. */
function itemProblems(item: ImportItem, event: EventRow, { newNumber }: { newNumber: boolean }): Problem[] {
  const problems: Problem[] = [];
  const reserved = newNumber ? reservedItemnumProblem(item.itemnum) : null;
  if (reserved) problems.push({ path: 'itemnum', message: reserved });
  const closing = itemClosingProblem(item.closing, event);
  if (closing) problems.push({ path: 'closing', message: closing });
  return problems;
}

const numberTaken = (itemnum: string) =>
  new AppError('conflict', `Item ${itemnum} is already in this event. Choose another number, or change that item.`);

const label = (item: { itemnum: string; name: string }) => `item ${item.itemnum} (${item.name})`;

/** After a change to the items: phones fetch the event's items again (as after an import). */
function tellPhones(ctx: AppContext, caller: StaffEventCaller): void {
  publishEventRefresh(ctx, codesOf(caller.tenant));
}

/** One item as the form shows it. */
export async function consoleItem(db: Db, caller: StaffEventCaller, itemnum: string, now: Date) {
  const { event } = caller.tenant;
  const row = await itemOrNotFound(db, event.id, itemnum);
  return presentItem(row, await photosOf(db, row.id), event, now);
}

/** Adds an item, written as the import writes one (itemValues); its photos stored as imported images are. */
export async function createItem(
  ctx: AppContext,
  caller: StaffEventCaller,
  item: ImportItem,
): Promise<ConsoleItemResponse> {
  const { event, organization } = caller.tenant;
  const problems = itemProblems(item, event, { newNumber: true });
  if (problems.length > 0) throw refuse(problems);
  const answer = await ctx.db.transaction(async (tx) => {
    // The event's row lock orders two additions of the same number: the second meets the first.
    await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for('update');
    if (await itemByNum(tx, { eventId: event.id, itemnum: item.itemnum })) throw numberTaken(item.itemnum);
    const values = await itemValues(tx, organization.id, event.id, item);
    const [row] = await tx.insert(auctionItems).values(values).returning();
    if (!row) throw new Error('item insert returned nothing');
    const photos = await replacePhotos(tx, { organizationId: organization.id, itemId: row.id, refs: item.photos });
    const fields = itemFields(row, photos, event.timezone);
    await recordAudit(tx, caller, {
      eventId: event.id,
      kind: 'item.create',
      summary: `Added ${label(row)}`,
      after: fields,
    });
    return presentItem(row, photos, event, ctx.clock());
  });
  tellPhones(ctx, caller);
  return answer;
}

/**
 * Changes an item to the fields given (the import's rule: the body is the whole item, photos
 * included). Its number may change to one no other item has. As the import refuses, a quantity may
 * not fall below what was already sold or won; a closed item's close does not move.
 */
export async function updateItem(
  ctx: AppContext,
  caller: StaffEventCaller,
  { itemnum, item }: { itemnum: string; item: ImportItem },
): Promise<ConsoleItemResponse> {
  const { event, organization } = caller.tenant;
  const now = ctx.clock();
  const answer = await ctx.db.transaction(async (tx) => {
    const row = await itemOrNotFound(tx, event.id, itemnum, true);
    const renumbered = row.itemnum.toLowerCase() !== item.itemnum.toLowerCase();
    const problems = itemProblems(item, event, { newNumber: renumbered });
    const sold = quantitiesBelowSold(
      'items',
      [{ quantity: item.quantity, unlimited: item.unlimitedquantity, sold: row.quantitysold }],
      'sold or won',
    );
    problems.push(...sold.map((p) => ({ path: 'quantity', message: p.message })));
    if (problems.length > 0) throw refuse(problems);
    if (renumbered && (await itemByNum(tx, { eventId: event.id, itemnum: item.itemnum })))
      throw numberTaken(item.itemnum);
    const before = itemFields(row, await photosOf(tx, row.id), event.timezone);
    if (itemHasClosed(row, event, now) && (before.closing ?? null) !== (item.closing ?? null))
      throw new AppError('conflict', `Item ${row.itemnum} has closed, so its closing time cannot change.`);
    const values = await itemValues(tx, organization.id, event.id, item);
    const [updated] = await tx
      .update(auctionItems)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(auctionItems.id, row.id))
      .returning();
    if (!updated) throw new Error('item update returned nothing');
    const photos = await replacePhotos(tx, { organizationId: organization.id, itemId: row.id, refs: item.photos });
    const change = auditChanges(before, itemFields(updated, photos, event.timezone));
    const fields = change.keys;
    await recordAudit(tx, caller, {
      eventId: event.id,
      kind: 'item.update',
      summary: `Changed ${label(updated)}${fields.length > 0 ? `: ${fields.join(', ')}` : ' (nothing new)'}`,
      before: change.before,
      after: change.after,
    });
    return presentItem(updated, photos, event, now);
  });
  tellPhones(ctx, caller);
  return answer;
}

/**
 * Retires an item: it is removed with its photos, so bidders no longer see it. Only an item nothing
 * refers to may go: once it has a bid or a sale, the bids and the winner must keep it.
 */
export async function retireItem(ctx: AppContext, caller: StaffEventCaller, itemnum: string) {
  const { event } = caller.tenant;
  const message = await ctx.db.transaction(async (tx) => {
    const row = await itemOrNotFound(tx, event.id, itemnum, true);
    const activity = await itemActivity(tx, row);
    if (activity.bids > 0)
      throw new AppError(
        'conflict',
        `Item ${row.itemnum} has bids, so it cannot be retired. Its bidders keep it; set its closing time instead to stop the bidding.`,
      );
    if (activity.sales > 0)
      throw new AppError('conflict', `Item ${row.itemnum} has been sold, so it cannot be retired: its buyers keep it.`);
    const before = itemFields(row, await photosOf(tx, row.id), event.timezone);
    await tx.delete(auctionItems).where(eq(auctionItems.id, row.id));
    await recordAudit(tx, caller, { eventId: event.id, kind: 'item.retire', summary: `Retired ${label(row)}`, before });
    return `Item ${row.itemnum} was retired; bidders no longer see it.`;
  });
  tellPhones(ctx, caller);
  return { status: 'success' as const, message };
}
