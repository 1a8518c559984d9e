import Papa from 'papaparse';
import { fieldOfHeading, type ItemField, normalizeHeading } from '@gavel/domain';

/**
 * A spreadsheet's CSV file in the browser: its cells (papaparse), each column's item field (the
 * organizer's choice, first suggested from the heading or from the choice made last time for a
 * heading of that name), and the file rewritten with the chosen fields as its headings, which is
 * what the server reads. Rows are kept one for one, so the server's row numbers are the sheet's.
 */

export interface CsvFile {
  name: string;
  headings: string[];
  rows: string[][];
}

/**
 * A column's field, '' to leave the column out, or UNDECIDED: a heading that names no field starts
 * undecided, and the file is not sent until the organizer says what it holds or leaves it out (a
 * misnamed column must never fall silently to a default).
 */
export const UNDECIDED = 'undecided';
export type ColumnChoice = ItemField | '' | typeof UNDECIDED;

export function readCsv(name: string, text: string): CsvFile {
  const { data } = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const [headings = [], ...rows] = data;
  // A last line break gives a last row of one empty cell: not a row of the sheet.
  while (rows.length > 0 && (rows[rows.length - 1] ?? []).every((c) => c.trim() === '')) rows.pop();
  return { name, headings, rows };
}

/** Where the choices are remembered: local storage is the organization's own (one site per organization). */
const KEY = 'gavel.console.item-columns';

type Remembered = Record<string, ColumnChoice>;

function remembered(): Remembered {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Remembered) : {};
  } catch {
    return {};
  }
}

/** Each column's field: the one chosen last time for this heading, else the field the heading names (or its label). */
export function suggestedChoices(headings: string[]): ColumnChoice[] {
  const saved = remembered();
  const taken = new Set<ColumnChoice>();
  return headings.map((h) => {
    const key = normalizeHeading(h);
    const named = fieldOfHeading(h, { labels: true }) ?? (key ? UNDECIDED : '');
    const choice = key in saved ? (saved[key] ?? '') : named;
    // A field goes to one column: a second heading naming it starts left out.
    if (choice !== '' && choice !== UNDECIDED && taken.has(choice)) return UNDECIDED;
    taken.add(choice);
    return choice;
  });
}

/** Keeps the choices for next time, by heading. */
export function rememberChoices(headings: string[], choices: ColumnChoice[]): void {
  const saved = remembered();
  headings.forEach((h, i) => {
    const key = normalizeHeading(h);
    const choice = choices[i] ?? '';
    if (key && choice !== UNDECIDED) saved[key] = choice;
  });
  localStorage.setItem(KEY, JSON.stringify(saved));
}

/** The file as the server reads it: the chosen columns only, headed by their fields. */
export function renamedCsv(file: CsvFile, choices: ColumnChoice[]): string {
  const kept = choices.flatMap((c, i) => (c === '' || c === UNDECIDED ? [] : [i]));
  const heading = kept.map((i) => choices[i] ?? '');
  const rows = file.rows.map((row) => kept.map((i) => row[i] ?? ''));
  return Papa.unparse([heading, ...rows], { newline: '\r\n' });
}
