import { and, eq, sql } from 'drizzle-orm';
import type { ImportDocument, Problem } from '@gavel/domain';
import { storeImageRef } from '../media/store';
import type { z } from 'zod';
import { formatPath, importDocument, plainMessage, PROCESSOR_TEST } from '@gavel/domain';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { auctionItems, events, itemPhotos, organizations } from '../../db/schema';
import { AppError } from '../../errors';
import { forgetTenants } from '../../tenancy';
import { quantitiesBelowSold } from './import-quantities';
import { eventValues, itemValues } from './import-values';
import { importStoreOf } from './import-store';

export interface ImportResult {
  status: 'success';
  message: string;
  auctioncode: string;
  eventcode: string;
  eventcreated: boolean;
  itemscreated: number;
  itemsupdated: number;
  /** Items of the event that the document did not name; they are left as they were. */
  itemsuntouched: number;
}

/** Validates the whole document first; answers every problem with its JSON path. */
function parseImportDocument(input: unknown): ImportDocument {
  // reportInput: without the offending value a wrong type ('ten' for a price) would read 'is required'.
  const parsed = importDocument.safeParse(input, { reportInput: true });
  if (parsed.success) return parsed.data;
  throw invalidDocument(documentProblems(parsed.error, input));
}

/** zod's problems, with one entry per unknown field (at its own path) and repeated itemnums always listed. */
function documentProblems(error: z.ZodError, input: unknown): Problem[] {
  const problems: Problem[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        problems.push({ path: formatPath([...issue.path, key]), message: 'is not a known field' });
    } else {
      problems.push({ path: formatPath(issue.path), message: plainMessage(issue) });
    }
  }
  // zod skips the document-wide checks once any field is wrong, so an organizer fixing one
  // round of problems would meet the repeated itemnums only in the next. Check them here too.
  for (const p of repeatedItemnums(input)) {
    if (!problems.some((q) => q.path === p.path && q.message === p.message)) problems.push(p);
  }
  return problems;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function repeatedItemnums(input: unknown): Problem[] {
  const items: unknown[] = isRecord(input) && Array.isArray(input.items) ? input.items : [];
  const seen = new Map<string, number>();
  const problems: Problem[] = [];
  items.forEach((item, i) => {
    if (!isRecord(item) || typeof item.itemnum !== 'string') return;
    const key = item.itemnum.trim().toLowerCase();
    if (key === '') return;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else problems.push({ path: `items[${i}].itemnum`, message: `repeats the itemnum of items[${first}]` });
  });
  return problems;
}

function invalidDocument(problems: Problem[]): AppError {
  const n = problems.length;
  return new AppError(
    'bad_request',
    `The event document has ${n} problem${n === 1 ? '' : 's'}; nothing was imported.`,
    problems,
  );
}

/** What this server lets an imported event use: the test gateway only where it takes test payments. */
export type ImportPolicy = Pick<Config, 'testPaymentsAllowed'>;

/**
 * An event on the test gateway (processor code 1, named or by default), where the client chooses
 * the card's outcome and no money moves, on a server that takes no test payments (production
 * without ALLOW_TEST_PAYMENTS): refused now, so the organizer learns it at import, not at checkout.
 */
function testGatewayProblem(doc: ImportDocument, input: unknown, policy: ImportPolicy): Problem | undefined {
  if (policy.testPaymentsAllowed || doc.event.paymentprocessorcode !== PROCESSOR_TEST) return undefined;
  const named = isRecord(input) && isRecord(input.event) && input.event.paymentprocessorcode !== undefined;
  return {
    path: formatPath(['event', 'paymentprocessorcode']),
    message:
      `${named ? 'is 1' : 'is not given, so it would be 1'}: the test gateway, where no money moves, which this server does not take. ` +
      'Name Stripe (paymentprocessorcode 2 with processorpublickey and processorsecretkey), or 0 for Bill Me only; or, for a rehearsal, set ALLOW_TEST_PAYMENTS=true on the server.',
  };
}

/** Imports (or re-imports) an organization's event in one transaction: all of it or none of it. */
export async function importEventDocument(db: Db, input: unknown, policy: ImportPolicy): Promise<ImportResult> {
  const doc = parseImportDocument(input);
  const refused = testGatewayProblem(doc, input, policy);
  if (refused) throw invalidDocument([refused]);
  const result = await importInTransaction(db, doc);
  forgetTenants(db);
  return result;
}

async function importInTransaction(db: Db, doc: ImportDocument): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ auctioncode: doc.organization.auctioncode, name: doc.organization.name })
      .onConflictDoUpdate({ target: organizations.auctioncode, set: { name: doc.organization.name } })
      .returning();
    if (!org) throw new Error('organization upsert returned nothing');
    const { eventId, created } = await upsertEvent(tx, org.id, doc);

    const existing = await tx
      .select({ id: auctionItems.id, itemnum: auctionItems.itemnum, quantitysold: auctionItems.quantitysold })
      .from(auctionItems)
      .where(eq(auctionItems.eventId, eventId))
      .for('update');
    const byNum = new Map(existing.map((r) => [r.itemnum.toLowerCase(), r]));

    const problems = quantitiesBelowSold(
      'items',
      doc.items.map((item) => ({
        quantity: item.quantity,
        unlimited: item.unlimitedquantity,
        sold: byNum.get(item.itemnum.toLowerCase())?.quantitysold,
      })),
      'sold or won',
    );
    if (problems.length > 0) throw invalidDocument(problems);

    let itemscreated = 0;
    let itemsupdated = 0;
    for (const item of doc.items) {
      const values = await itemValues(tx, org.id, eventId, item);
      const prior = byNum.get(item.itemnum.toLowerCase());
      let itemId: number;
      if (prior) {
        await tx
          .update(auctionItems)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(auctionItems.id, prior.id));
        itemId = prior.id;
        itemsupdated++;
      } else {
        const [row] = await tx.insert(auctionItems).values(values).returning({ id: auctionItems.id });
        if (!row) throw new Error('item insert returned nothing');
        itemId = row.id;
        itemscreated++;
      }
      await tx.delete(itemPhotos).where(eq(itemPhotos.itemId, itemId));
      const photos = [];
      for (const [position, ref] of item.photos.entries()) {
        photos.push({ itemId, position, photourl: await storeImageRef(tx, org.id, ref) });
      }
      if (photos.length > 0) await tx.insert(itemPhotos).values(photos);
    }
    const store = await importStoreOf(tx, org.id, eventId, doc);
    if (store.problems.length > 0) throw invalidDocument(store.problems);
    const itemsuntouched = existing.length - itemsupdated;
    return {
      status: 'success' as const,
      message: `Imported ${doc.event.eventname}: ${itemscreated} new item(s), ${itemsupdated} updated${store.items > 0 ? `; ${store.items} store item(s)` : ''}.`,
      auctioncode: org.auctioncode,
      eventcode: doc.event.eventcode,
      eventcreated: created,
      itemscreated,
      itemsupdated,
      itemsuntouched,
    };
  });
}

async function upsertEvent(
  tx: Tx,
  organizationId: number,
  doc: ImportDocument,
): Promise<{ eventId: number; created: boolean }> {
  const values = await eventValues(tx, organizationId, doc.event);
  const found = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.organizationId, organizationId), eq(events.eventcode, doc.event.eventcode)))
    .for('update');
  const prior = found[0];
  if (prior) {
    await tx
      .update(events)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(events.id, prior.id));
    return { eventId: prior.id, created: false };
  }
  const [row] = await tx.insert(events).values(values).returning({ id: events.id });
  if (!row) throw new Error('event insert returned nothing');
  return { eventId: row.id, created: true };
}
