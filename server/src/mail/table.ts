import { withoutBidiControls } from '@gavel/domain';
import { escapeHtml as esc } from '../lib/escape-html';

/**
 * A table in a mail (a receipt's lines): its columns, its rows, and the sums under them. The HTML
 * part draws it as a table; the plain-text part lines it up in columns for a reader whose client
 * shows text in a fixed-width font, and still reads line by line in any other.
 */
export interface MailTable {
  columns: MailColumn[];
  rows: string[][];
  /** Lines under the rows, each a label and an amount under the last column (Subtotal, Total). */
  sums?: MailSum[];
}

export interface MailColumn {
  label: string;
  /** Amounts and counts are right-aligned. */
  align?: 'left' | 'right';
  /** The widest this column may be in the text part; a longer cell wraps onto more lines. */
  wrap?: number;
}

export interface MailSum {
  label: string;
  value: string;
  /** The line that matters most (the total). */
  strong?: boolean;
}

const GAP = '  ';

// What a reader sees: code points, not UTF-16 units, and without the direction controls the outbox drops.
const seen = (text: string) => withoutBidiControls(text).replace(/\s+/g, ' ').trim();
const width = (text: string) => [...text].length;

function padTo(text: string, size: number, align: 'left' | 'right'): string {
  const room = Math.max(0, size - width(text));
  return align === 'right' ? ' '.repeat(room) + text : text + ' '.repeat(room);
}

/** A cell's text in lines of at most `size` characters, broken between words, and inside a word longer than a line. */
export function wrapText(text: string, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    let rest = [...word];
    if (line && width(line) + 1 + rest.length <= size) {
      line = `${line} ${word}`;
      continue;
    }
    if (line) lines.push(line);
    while (rest.length > size) {
      lines.push(rest.slice(0, size).join(''));
      rest = rest.slice(size);
    }
    line = rest.join('');
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * The text part of a table: a header, a rule, the rows (wrapped cells continue on the next lines,
 * in their column), and the sums as 'Label: amount' ending where the amounts end.
 */
export function textTable(table: MailTable): string[] {
  const { columns } = table;
  const rows = table.rows.map((row) => columns.map((_, i) => seen(row[i] ?? '')));
  const widths = columns.map((c, i) => {
    const widest = Math.max(width(c.label), ...rows.map((r) => width(r[i] ?? '')));
    return c.wrap ? Math.max(width(c.label), Math.min(widest, c.wrap)) : widest;
  });
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => padTo(cell, widths[i] ?? 0, columns[i]?.align ?? 'left'))
      .join(GAP)
      .trimEnd();
  const out = [line(columns.map((c) => c.label)), line(widths.map((w) => '-'.repeat(w)))];
  for (const row of rows) {
    const cells = row.map((cell, i) => wrapText(cell, widths[i] ?? 0));
    const height = Math.max(...cells.map((c) => c.length));
    for (let k = 0; k < height; k++) out.push(line(cells.map((c) => c[k] ?? '')));
  }
  const total = widths.reduce((sum, w) => sum + w, 0) + GAP.length * (widths.length - 1);
  const sums = (table.sums ?? []).map((s) => `${seen(s.label)}: ${seen(s.value)}`);
  if (sums.length > 0) out.push('-'.repeat(total));
  for (const sum of sums) out.push(padTo(sum, total, 'right'));
  return out;
}

const HEAD =
  'padding:0 10px 8px 0;border-bottom:2px solid #d9e2ec;font-size:12px;font-weight:bold;letter-spacing:.06em;text-transform:uppercase;color:#616e7c;white-space:nowrap';
// A long name or code breaks anywhere rather than push the table past a phone's screen.
const CELL =
  'padding:10px 10px 10px 0;border-bottom:1px solid #e4e7eb;vertical-align:top;overflow-wrap:anywhere;word-break:break-word';
const SUM = 'padding:8px 10px 0 0;color:#52606d';
const STRONG = 'padding:12px 10px 0 0;font-weight:bold;font-size:17px;color:#1f2933';

/** The HTML part of a table: every cell escaped; the last column's cells never wrap, so amounts stay on one line. */
export function htmlTable(table: MailTable): string {
  const { columns } = table;
  const last = columns.length - 1;
  const style = (base: string, i: number) => {
    const align = columns[i]?.align === 'right' ? 'right' : 'left';
    return `${base};text-align:${align}${i === last ? ';padding-right:0;white-space:nowrap' : ''}`;
  };
  const head = columns.map((c, i) => `<th scope="col" style="${style(HEAD, i)}">${esc(c.label)}</th>`).join('');
  const body = table.rows
    .map(
      (row) => `<tr>${columns.map((_, i) => `<td style="${style(CELL, i)}">${esc(row[i] ?? '')}</td>`).join('')}</tr>`,
    )
    .join('');
  const sums = (table.sums ?? [])
    .map((s) => {
      const base = s.strong ? STRONG : SUM;
      return `<tr><td colspan="${last}" style="${base};text-align:right">${esc(s.label)}</td><td style="${base};text-align:right;padding-right:0;white-space:nowrap">${esc(s.value)}</td></tr>`;
    })
    .join('');
  return `<table style="width:100%;border-collapse:collapse;margin:8px 0 24px;font-size:15px;line-height:1.4;color:#1f2933">
<thead><tr>${head}</tr></thead>
<tbody>${body}</tbody>${sums ? `\n<tfoot>${sums}</tfoot>` : ''}
</table>`;
}
