import { asc, eq, inArray, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { ConsoleImportResponse, CsvProblem, ImportItem } from '@gavel/domain';
import { readCsvItems } from '@gavel/domain';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { auctionItems, itemPhotos } from '../../../db/schema';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { codesOf } from '../../../realtime/codes';
import { publishEventRefresh } from '../../../realtime/publish';
import { quantitiesBelowSold } from '../../admin/import-quantities';
import { itemFields, itemValues } from '../../admin/import-values';
import { recordAudit } from '../../../lib/audit';
import { replacePhotos } from './queries';

/** The largest CSV file taken: 5,000 items with long descriptions fit well within it. */
export const CSV_BODY_LIMIT = 5 * 1024 * 1024;

/** A file's cells, read by papaparse: each row as a spreadsheet shows it (quoted line breaks stay in their cell). */
export function csvCells(csv: string): { cells: string[][]; problems: CsvProblem[] } {
  const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: false });
  const problems = parsed.errors
    .filter((e) => e.type === 'Quotes')
    .map((e) => ({ row: (e.row ?? 0) + 1, column: '', message: 'has a quote (") that is never closed' }));
  return { cells: parsed.data, problems };
}

/** The event's items by number in lower case, locked for the import, with their import fields. */
async function lockedItems(tx: Tx, eventId: number, timezone: string) {
  const rows = await tx
    .select()
    .from(auctionItems)
    .where(eq(auctionItems.eventId, eventId))
    .orderBy(asc(auctionItems.id))
    .for('update');
  const photos = rows.length
    ? await tx
        .select({ itemId: itemPhotos.itemId, url: itemPhotos.photourl })
        .from(itemPhotos)
        .where(
          inArray(
            itemPhotos.itemId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(itemPhotos.itemId), asc(itemPhotos.position))
    : [];
  const byItem = new Map<number, string[]>();
  for (const p of photos) byItem.set(p.itemId, [...(byItem.get(p.itemId) ?? []), p.url]);
  return new Map(
    rows.map((row) => [
      row.itemnum.toLowerCase(),
      { row, fields: itemFields(row, byItem.get(row.id) ?? [], timezone) },
    ]),
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Imports items from a CSV file, all or nothing, in one transaction: the file is read against the
 * event's items as they are under lock (an item is matched by its number, as the JSON import
 * matches; items the file does not name stay as they are), and written only when no row has a
 * problem and this is not a dry run. Photos are replaced only for items whose row has a photos
 * column or that are new.
 */
export async function importItemsCsv(
  ctx: AppContext,
  caller: StaffEventCaller,
  { csv, dryrun }: { csv: string; dryrun: boolean },
): Promise<ConsoleImportResponse> {
  const { event, organization } = caller.tenant;
  const { cells, problems: quoting } = csvCells(csv);
  const [headings = [], ...rows] = cells;
  const answer = await ctx.db.transaction(async (tx) => {
    const existing = await lockedItems(tx, event.id, event.timezone);
    const fieldsOf = new Map<string, ImportItem>([...existing].map(([k, v]) => [k, v.fields]));
    const empty = headings.every((h) => h.trim() === '');
    const read = empty
      ? {
          columns: [],
          rows: [],
          problems: [{ row: 1, column: '', message: 'The file is empty: its first row must name the columns' }],
        }
      : readCsvItems({ headings, rows, existing: fieldsOf, timezone: event.timezone, bidding: event });
    const problems = [...quoting, ...read.problems];
    const updates = read.rows.filter((r) => r.item && r.action === 'update');
    const below = quantitiesBelowSold(
      'items',
      updates.map((r) => ({
        quantity: r.item?.quantity ?? 0,
        unlimited: r.item?.unlimitedquantity ?? false,
        sold: existing.get(r.itemnum.toLowerCase())?.row.quantitysold,
      })),
      'sold or won',
    );
    for (const p of below) {
      const index = Number(/\[(\d+)\]/.exec(p.path)?.[1] ?? 0);
      problems.push({ row: updates[index]?.row ?? 0, column: 'quantity', message: p.message });
    }
    problems.sort((a, b) => a.row - b.row);
    const created = read.rows.filter((r) => r.action === 'create').length;
    const updated = read.rows.length - created;
    const base = { dryrun, columns: read.columns, created, updated, rows: read.rows, errors: problems };
    if (problems.length > 0)
      return {
        ...base,
        status: 'failure' as const,
        message: `The file has ${plural(problems.length, 'problem')}; nothing was imported.`,
        imported: false,
      };
    const counts = `${created} new, ${updated} updated`;
    if (dryrun)
      return {
        ...base,
        status: 'success' as const,
        message: `Ready to import ${plural(read.rows.length, 'item')}: ${counts}.`,
        imported: false,
      };
    const photosColumn = read.columns.includes('photos');
    for (const r of read.rows) {
      if (!r.item) continue;
      const values = await itemValues(tx, organization.id, event.id, r.item);
      const prior = existing.get(r.itemnum.toLowerCase())?.row;
      let itemId = prior?.id;
      if (prior)
        await tx
          .update(auctionItems)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(auctionItems.id, prior.id));
      else {
        const [row] = await tx.insert(auctionItems).values(values).returning({ id: auctionItems.id });
        itemId = row?.id;
      }
      if (itemId !== undefined && (photosColumn || !prior))
        await replacePhotos(tx, { organizationId: organization.id, itemId, refs: r.item.photos });
    }
    await recordAudit(tx, caller, {
      eventId: event.id,
      kind: 'item.import',
      summary: `Imported ${plural(read.rows.length, 'item')} from a CSV file: ${counts}`,
      after: { created, updated, itemnums: read.rows.map((r) => r.itemnum) },
    });
    return {
      ...base,
      status: 'success' as const,
      message: `Imported ${plural(read.rows.length, 'item')}: ${counts}.`,
      imported: true,
    };
  });
  if (answer.imported) publishEventRefresh(ctx, codesOf(caller.tenant));
  return answer;
}

/** Whether the query's dryrun asks for a dry run. */
export const isDryRun = (dryrun: string | undefined) => dryrun === '1' || dryrun === 'true';
