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
import { documentImageProblems } from './import-images';
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
export function parseImportDocument(input: unknown): ImportDocument {
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

export function invalidDocument(problems: Problem[]): AppError {
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
 * without ALLOW_TEST_PAYMENTS): refused now, so the organizer learns it when saving, not at
 * checkout. The import and the console's settings both ask this; `named` says whether the
 * organizer wrote the code or left it to the default.
 */
export function testGatewayRefusal(processor: number, named: boolean, policy: ImportPolicy): string | undefined {
  if (policy.testPaymentsAllowed || processor !== PROCESSOR_TEST) return undefined;
  return (
    `${named ? 'is 1' : 'is not given, so it would be 1'}: the test gateway, where no money moves, which this server does not take. ` +
    'Name Stripe (paymentprocessorcode 2 with processorpublickey and processorsecretkey), or 0 for Bill Me only; or, for a rehearsal, set ALLOW_TEST_PAYMENTS=true on the server.'
  );
}

function testGatewayProblem(doc: ImportDocument, input: unknown, policy: ImportPolicy): Problem | undefined {
  const named = isRecord(input) && isRecord(input.event) && input.event.paymentprocessorcode !== undefined;
  const message = testGatewayRefusal(doc.event.paymentprocessorcode, named, policy);
  return message ? { path: formatPath(['event', 'paymentprocessorcode']), message } : undefined;
}

/** Imports (or re-imports) an organization's event in one transaction: all of it or none of it. */
export async function importEventDocument(db: Db, input: unknown, policy: ImportPolicy): Promise<ImportResult> {
  const doc = parseImportDocument(input);
  const refused = testGatewayProblem(doc, input, policy);
  if (refused) throw invalidDocument([refused]);
  const images = await documentImageProblems(doc);
  if (images.length > 0) throw invalidDocument(images);
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
    const written = await writeEventDocument(tx, org.id, doc);
    return {
      status: 'success' as const,
      message: `Imported ${doc.event.eventname}: ${written.itemscreated} new item(s), ${written.itemsupdated} updated${written.storeitems > 0 ? `; ${written.storeitems} store item(s)` : ''}.`,
      auctioncode: org.auctioncode,
      eventcode: doc.event.eventcode,
      eventcreated: written.created,
      itemscreated: written.itemscreated,
      itemsupdated: written.itemsupdated,
      itemsuntouched: written.itemsuntouched,
    };
  });
}

/** What writing a document did to its event. */
export interface WrittenDocument {
  eventId: number;
  created: boolean;
  itemscreated: number;
  itemsupdated: number;
  itemsuntouched: number;
  storeitems: number;
}

/**
 * Writes a validated document's event, items and store into an organization, in the caller's
 * transaction: the one writer of the JSON import and of the console's new and copied events. A
 * refusal (a quantity below what is sold, a guest field's control that answers would outlive)
 * throws, so the caller's transaction writes nothing.
 */
export async function writeEventDocument(
  tx: Tx,
  organizationId: number,
  doc: ImportDocument,
): Promise<WrittenDocument> {
  const { eventId, created } = await upsertEvent(tx, organizationId, doc);
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
    const values = await itemValues(tx, organizationId, eventId, item);
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
      photos.push({ itemId, position, photourl: await storeImageRef(tx, organizationId, ref) });
    }
    if (photos.length > 0) await tx.insert(itemPhotos).values(photos);
  }
  const store = await importStoreOf(tx, organizationId, eventId, doc);
  if (store.problems.length > 0) throw invalidDocument(store.problems);
  return {
    eventId,
    created,
    itemscreated,
    itemsupdated,
    itemsuntouched: existing.length - itemsupdated,
    storeitems: store.items,
  };
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
