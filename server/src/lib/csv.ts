import { amountInput, type Cents } from '@gavel/domain';

/** A plain number, negative or not ("-12.50"): a spreadsheet reads it as a number and runs nothing. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell: quoted, and a leading = + - @ made inert so a spreadsheet never runs it as a
 * formula. A plain number stays as it is, so a refund's -12.50 is still a number a spreadsheet sums.
 */
export function csvCell(value: string | number): string {
  const s = String(value);
  const inert = /^[=+\-@\t\r]/.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
  return `"${inert.replace(/"/g, '""')}"`;
}

/** A money cell's value: dollars with two decimals and no symbol ("1234.50"), which a spreadsheet sums. */
export const csvMoney = (cents: Cents): string => amountInput(cents);

/** A report as a spreadsheet: the header, then one line per row, every cell quoted, lines ended by CRLF. */
export function csvTable(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return [header, ...rows].map((cells) => cells.map(csvCell).join(',') + '\r\n').join('');
}
