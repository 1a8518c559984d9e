import { importItem, type ImportItem } from '../import/schema';
import { plainMessage } from '../validation';
import { instantFromZonedInput } from '../time';

/**
 * The CSV import of items: a spreadsheet whose columns are named as the import document's item
 * fields (capitals, spaces and underscores ignored), one item a row. Rows are checked by the same
 * schema as the JSON import (importItem); every problem is told by the row a spreadsheet shows (the
 * heading is row 1, the first item row 2) and the column's field. A missing required column or a
 * column that names no field is a problem before any row is read: a column is never skipped or
 * given a default silently.
 */

export type ItemField = keyof ImportItem;

/** Every item field a column may name, in the import document's order. */
export const ITEM_FIELDS = Object.keys(importItem.shape) as ItemField[];

/** The columns a file must have. */
export const REQUIRED_ITEM_COLUMNS: readonly ItemField[] = ['itemnum', 'name'];

/**
 * Item numbers the console keeps for its own addresses (/items/new, /items/import, /items/closing):
 * the console gives no item one of them, so every item's page and calls can be reached.
 */
export const RESERVED_ITEMNUMS: ReadonlySet<string> = new Set(['new', 'import', 'closing']);

/** Why the console refuses an item number, or null. */
export function reservedItemnumProblem(itemnum: string): string | null {
  return RESERVED_ITEMNUMS.has(itemnum.trim().toLowerCase())
    ? 'is a word the console keeps for its own pages; choose another item number'
    : null;
}

/** The most items one file may hold (as many as an event document). */
export const CSV_ITEM_LIMIT = 5_000;

/** What each field is called on a screen (the item form and the import's column choices). */
export const ITEM_FIELD_LABELS: Record<ItemField, string> = {
  itemnum: 'Item number',
  name: 'Name',
  description: 'Description',
  longdescription: 'Long description (HTML)',
  donatedby: 'Donated by',
  fairmarketvalue: 'Fair market value',
  ispriceless: 'Priceless',
  deductible: 'How is it deductible?',
  imageurl: 'Card image',
  photos: 'Photos',
  tags: 'Tags',
  location: 'Location',
  quantity: 'Quantity',
  unlimitedquantity: 'Unlimited quantity',
  maxpurchasequantity: 'Most one bidder may buy',
  buyitnowonly: 'Buy It Now only',
  buyitnowavailable: 'Buy It Now offered',
  buyitnowprice: 'Buy It Now price',
  itemisliveonly: 'Live auction only',
  allowautobid: 'Automatic bids allowed',
  startingbid: 'Starting bid',
  minimumbidincrease: 'Minimum raise',
  closing: 'Closing time',
  featured: 'Featured order',
  pickupinstructions: 'Pickup instructions',
  paddlelevels: 'Fund-a-need levels',
};

type CellKind = 'text' | 'money' | 'whole' | 'yesno' | 'list' | 'levels' | 'time' | 'image' | 'word';
const KINDS: Partial<Record<ItemField, CellKind>> = {
  fairmarketvalue: 'money',
  buyitnowprice: 'money',
  startingbid: 'money',
  minimumbidincrease: 'money',
  quantity: 'whole',
  maxpurchasequantity: 'whole',
  featured: 'whole',
  ispriceless: 'yesno',
  unlimitedquantity: 'yesno',
  buyitnowonly: 'yesno',
  buyitnowavailable: 'yesno',
  itemisliveonly: 'yesno',
  allowautobid: 'yesno',
  photos: 'list',
  paddlelevels: 'levels',
  closing: 'time',
  imageurl: 'image',
  deductible: 'word',
};

/** One problem of a file: the spreadsheet's row (heading = 1), the column's field (or heading), what is wrong. */
export interface CsvProblem {
  row: number;
  column: string;
  message: string;
}

/** A heading as compared: capitals, spaces and underscores ignored ('Starting Bid', 'starting_bid' = 'startingbid'). */
export function normalizeHeading(heading: string): string {
  return heading
    .replace(/^\uFEFF/, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_]+/g, '');
}

const byName = new Map(ITEM_FIELDS.map((f) => [f, f]));
const byLabel = new Map(ITEM_FIELDS.map((f) => [normalizeHeading(ITEM_FIELD_LABELS[f]), f]));

/**
 * The field a heading names, or null. `labels` also takes the screen's names ('Item number'):
 * the console's column mapping suggests those; the API itself takes the field names only.
 */
export function fieldOfHeading(heading: string, { labels = false } = {}): ItemField | null {
  const key = normalizeHeading(heading);
  return byName.get(key as ItemField) ?? (labels ? (byLabel.get(key) ?? null) : null);
}

/** A column as a spreadsheet names it: A, B, ... Z, AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** The field of each column (null for a column without a heading), and the heading row's problems. */
export function matchColumns(headings: readonly string[]): { fields: Array<ItemField | null>; problems: CsvProblem[] } {
  const problems: CsvProblem[] = [];
  const seen = new Set<ItemField>();
  const fields = headings.map((heading) => {
    if (normalizeHeading(heading) === '') return null;
    const field = fieldOfHeading(heading);
    if (!field) {
      problems.push({ row: 1, column: heading.trim(), message: `"${heading.trim()}" is not an item field` });
      return null;
    }
    if (seen.has(field)) problems.push({ row: 1, column: field, message: `${field} is named by two columns` });
    seen.add(field);
    return field;
  });
  for (const required of REQUIRED_ITEM_COLUMNS)
    if (!seen.has(required))
      problems.push({ row: 1, column: required, message: `The file has no ${required} column; every item needs one` });
  return { fields, problems };
}

/** A field's value read from text: the value for the schema, a problem, or empty (the field's default). */
export type TextValue = { value: unknown } | { problem: string } | 'empty';

const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0']);
const NUMBER = /^-?\d+(\.\d+)?$/;
const WITH_OFFSET = /(Z|[+-]\d{2}:\d{2})$/;
const US_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})\s*([AaPp][Mm])?$/;

/** A US spreadsheet's '12/5/2026 8:00 PM' as '2026-12-05T20:00'; null when it is not one. */
function usWallClock(text: string): string | null {
  const m = US_TIME.exec(text);
  if (!m) return null;
  const [, month, day, year, hour, minute, half] = m;
  let h = Number(hour);
  if (half) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (/p/i.test(half) ? 12 : 0);
  }
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(h).padStart(2, '0')}:${minute}`;
}

/**
 * A field's value from text as a person types it, in a spreadsheet's cell or a form's input. Money
 * may be written '$1,250.00'; yes-or-no takes yes, no, true, false, y, n, 1, 0 and x; photos are
 * addresses separated by spaces; a closing time is in the event's zone ('2026-12-05 20:00',
 * '2026-12-05T20:00', '12/5/2026 8:00 PM') or has its own offset; a choice (deductible) is read
 * in any capitals, and left empty keeps the import's default ('value'). Text the schema must judge is
 * passed on as typed, so its message is the import's.
 */
export function itemFieldFromText(field: ItemField, raw: string, timezone: string): TextValue {
  const text = raw.trim();
  const kind = KINDS[field] ?? 'text';
  if (text === '') return kind === 'text' ? { value: '' } : 'empty';
  if (kind === 'money' || kind === 'whole') {
    const bare = kind === 'money' ? text.replace(/[$,\s]/g, '') : text.replace(/[,\s]/g, '');
    return { value: NUMBER.test(bare) ? Number(bare) : text };
  }
  if (kind === 'yesno') {
    const word = text.toLowerCase();
    if (YES.has(word)) return { value: true };
    if (NO.has(word)) return { value: false };
    return { problem: 'must be yes or no' };
  }
  if (kind === 'list') return { value: text.split(/\s+/) };
  // A choice such as deductible's 'value', 'full' or 'none', however it is capitalized; an empty cell gives the default.
  if (kind === 'word') return { value: text.toLowerCase() };
  if (kind === 'levels') return levelsFromText(text);
  if (kind === 'time') {
    if (WITH_OFFSET.test(text)) return { value: text };
    const local = usWallClock(text) ?? text.replace(/^(\d{4}-\d{2}-\d{2})\s+(\d):/, '$1 0$2:').replace(' ', 'T');
    const iso = instantFromZonedInput(local, timezone);
    if (iso) return { value: iso };
    return { problem: "must be a date and time such as 2026-12-05 20:00 (in the event's time zone)" };
  }
  return { value: text };
}

/**
 * Fund-a-need levels typed as dollars separated by commas or spaces ('5000, 1000, 500'). A comma
 * always separates levels, so a comma before three digits ('5,000', or '500,100' typed without a
 * space) is refused with how to write it, rather than read as levels nobody meant.
 */
function levelsFromText(text: string): TextValue {
  if (/\d,\d{3}(?!\d)/.test(text))
    return { problem: 'must be dollars separated by commas, without thousands separators: 5000, 1000, 500' };
  const parts = text
    .split(/[,;\s]+/)
    .map((p) => p.replace(/^\$/, ''))
    .filter(Boolean);
  if (parts.some((p) => !NUMBER.test(p)))
    return { problem: 'must be dollars separated by commas, like 5000, 1000, 500, 100' };
  return { value: parts.map(Number) };
}

/** The bidding times an item's own close must fall within. */
export interface BiddingWindow {
  biddingopens: Date;
  biddingcloses: Date;
}

/** What is wrong with an item's own close in its event, or null: the JSON import's rule. */
export function itemClosingProblem(closing: string | undefined, window: BiddingWindow): string | null {
  if (!closing) return null;
  const at = new Date(closing);
  if (at > window.biddingcloses) return "cannot be after the event's bidding close";
  if (at <= window.biddingopens) return 'must be after bidding opens';
  return null;
}

/** A row of the file as it will be imported. */
export interface CsvItemRow {
  /** The row as a spreadsheet shows it (the heading is row 1). */
  row: number;
  itemnum: string;
  /** A new item, or an update of the event's item with this number. */
  action: 'create' | 'update';
  /** The row's cells by field, as typed. */
  cells: Partial<Record<ItemField, string>>;
  /** The item as it will be imported; null when the row has a problem. */
  item: ImportItem | null;
}

export interface CsvItemsRead {
  /** The fields the file's columns name, in its order. */
  columns: ItemField[];
  rows: CsvItemRow[];
  problems: CsvProblem[];
}

export interface CsvItemsInput {
  /** The heading row's cells. */
  headings: readonly string[];
  /** The other rows' cells, in the file's order (row 2 first). */
  rows: ReadonlyArray<readonly string[]>;
  /** The event's items by itemnum in lower case, as import fields: a row updates the one it names. */
  existing: ReadonlyMap<string, ImportItem>;
  /** The event's zone, for closing times without an offset. */
  timezone: string;
  bidding: BiddingWindow;
}

const blank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * Reads a file's rows into items. An update starts from the item as it is, so a column the file
 * does not have keeps its value; a column the file has sets it (an empty cell gives the field's
 * default, as a field left out of the JSON import does). Rows with no value at all are skipped.
 */
export function readCsvItems({ headings, rows, existing, timezone, bidding }: CsvItemsInput): CsvItemsRead {
  const { fields, problems } = matchColumns(headings);
  const columns = fields.filter((f): f is ItemField => f !== null);
  if (problems.length > 0) return { columns, rows: [], problems };
  const out: CsvItemRow[] = [];
  const firstRowOf = new Map<string, number>();
  let tooMany = false;
  rows.forEach((cellsIn, i) => {
    const row = i + 2;
    if (blank(cellsIn) || tooMany) return;
    if (out.length === CSV_ITEM_LIMIT) {
      tooMany = true;
      problems.push({ row, column: '', message: `The file has more than ${CSV_ITEM_LIMIT} items; import it in parts` });
      return;
    }
    const read = readRow({ row, cellsIn, fields, existing, timezone, bidding });
    problems.push(...read.problems);
    const key = read.itemnum.toLowerCase();
    const first = firstRowOf.get(key);
    if (key !== '' && first !== undefined) {
      problems.push({ row, column: 'itemnum', message: `repeats the itemnum of row ${first}` });
      // A row with a problem is never imported, this one included (it was shown as an item too).
      out.push({ ...read.item, item: null });
    } else {
      if (key !== '') firstRowOf.set(key, row);
      out.push(read.item);
    }
  });
  // Row by row, and within a row from left to right, as the organizer reads the sheet.
  const place = (p: CsvProblem) => {
    const at = fields.indexOf(p.column as ItemField);
    return at >= 0 ? at : fields.length;
  };
  problems.sort((a, b) => a.row - b.row || place(a) - place(b));
  return { columns, rows: out, problems };
}

function readRow({
  row,
  cellsIn,
  fields,
  existing,
  timezone,
  bidding,
}: Omit<CsvItemsInput, 'headings' | 'rows'> & {
  row: number;
  cellsIn: readonly string[];
  fields: Array<ItemField | null>;
}) {
  const problems: CsvProblem[] = [];
  const cells: Partial<Record<ItemField, string>> = {};
  cellsIn.forEach((cell, j) => {
    const field = fields[j];
    if (field) cells[field] = cell;
    else if (cell.trim() !== '')
      problems.push({ row, column: `column ${columnLetter(j)}`, message: 'has a value but its column has no heading' });
  });
  const itemnum = (cells.itemnum ?? '').trim();
  const prior = existing.get(itemnum.toLowerCase());
  const input: Record<string, unknown> = prior ? { ...prior } : {};
  for (const [field, raw] of Object.entries(cells) as Array<[ItemField, string]>) {
    const cell = itemFieldFromText(field, raw, timezone);
    if (cell === 'empty') delete input[field];
    else if ('problem' in cell) problems.push({ row, column: field, message: cell.problem });
    else input[field] = cell.value;
  }
  const parsed = importItem.safeParse(input, { reportInput: true });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? 'itemnum');
      // A cell already refused above is not refused twice.
      if (!problems.some((p) => p.column === column)) problems.push({ row, column, message: plainMessage(issue) });
    }
  const closing = parsed.success ? itemClosingProblem(parsed.data.closing, bidding) : null;
  if (closing) problems.push({ row, column: 'closing', message: closing });
  const reserved = reservedItemnumProblem(itemnum);
  if (reserved && !prior) problems.push({ row, column: 'itemnum', message: reserved });
  const item = parsed.success && problems.length === 0 ? parsed.data : null;
  return {
    itemnum,
    problems,
    item: { row, itemnum, action: prior ? 'update' : 'create', cells, item } satisfies CsvItemRow,
  };
}
