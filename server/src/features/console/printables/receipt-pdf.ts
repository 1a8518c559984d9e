import { type Cents, formatDateTime, formatMoney, type ReceiptAmounts } from '@gavel/domain';
import { FONT, INK, newPage, PAGE, type Pdf, pdfText, rule } from '../../../lib/pdf';
import type { ReceiptFacts, ReceiptLine, StatementFacts } from '../../receipts/facts';

/*
 * The receipt and statement PDFs, drawn from the tax facts (receipts/facts.ts) as they are: the
 * lines, values, deductible parts, totals, the statement when due and the disclosure are decided
 * there, never here.
 */

const LEFT = PAGE.margin;
const WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;
const AMOUNT = 82;
const RIGHT = LEFT + WIDTH;
const COLUMNS = { paid: RIGHT - 3 * AMOUNT, value: RIGHT - 2 * AMOUNT, deductible: RIGHT - AMOUNT };

interface Style {
  font?: string;
  size?: number;
  color?: string;
}

/** Text in the page's width from y, starting a new page when it would not fit; answers the y under it. */
function paragraph(
  doc: Pdf,
  text: string,
  y: number,
  { font = FONT.regular, size = 10, color = INK.text }: Style = {},
): number {
  const clean = pdfText(text);
  doc.font(font).fontSize(size).fillColor(color);
  const height = doc.heightOfString(clean, { width: WIDTH });
  let top = y;
  if (top + height > BOTTOM) {
    newPage(doc);
    top = PAGE.margin;
  }
  doc.font(font).fontSize(size).fillColor(color).text(clean, LEFT, top, { width: WIDTH });
  return top + height + 6;
}

/** Who gives the receipt: legal name, address, tax id and contact, as the event's settings have them. */
function drawIssuer(doc: Pdf, facts: Omit<ReceiptFacts, 'lines'>): number {
  const { organization: o } = facts;
  let y: number = PAGE.margin;
  y = paragraph(doc, o.legalname || o.name, y, { font: FONT.bold, size: 14 });
  if (o.address) y = paragraph(doc, o.address, y - 4, { size: 10, color: INK.muted });
  if (o.taxid) y = paragraph(doc, `Tax ID (EIN): ${o.taxid}`, y - 4, { size: 10, color: INK.muted });
  const contact = [o.phone, o.email].filter(Boolean).join(' · ');
  if (contact) y = paragraph(doc, contact, y - 4, { size: 10, color: INK.muted });
  return y + 6;
}

/** The title, the donor and the date of issue. */
function drawHeading(doc: Pdf, facts: Omit<ReceiptFacts, 'lines'>, { title, y }: { title: string; y: number }): number {
  let at = paragraph(doc, title, y, { font: FONT.bold, size: 20 });
  const { bidder, event } = facts;
  at = paragraph(doc, `${bidder.name} · bidder ${bidder.number} · ${bidder.email}`, at, { size: 11 });
  at = paragraph(doc, `Issued ${formatDateTime(facts.issuedAt, event.timezone)}`, at - 2, {
    size: 10,
    color: INK.muted,
  });
  return at + 8;
}

function amountsRow(doc: Pdf, y: number, amounts: ReceiptAmounts, font: string): void {
  doc.font(font).fontSize(10).fillColor(INK.text);
  const cell = (cents: Cents, x: number) =>
    doc.text(formatMoney(cents), x, y, { width: AMOUNT, align: 'right', lineBreak: false });
  cell(amounts.amount, COLUMNS.paid);
  cell(amounts.value, COLUMNS.value);
  cell(amounts.deductible, COLUMNS.deductible);
}

function tableHead(doc: Pdf, y: number): number {
  doc.font(FONT.bold).fontSize(9).fillColor(INK.muted);
  doc.text('What', LEFT, y, { width: COLUMNS.paid - LEFT - 8 });
  for (const [label, x] of [
    ['Paid', COLUMNS.paid],
    ['Value received', COLUMNS.value],
    ['Deductible', COLUMNS.deductible],
  ] as const)
    doc.text(label, x, y, { width: AMOUNT, align: 'right' });
  rule(doc, { x: LEFT, y: y + 14, width: WIDTH });
  return y + 20;
}

const lineLabel = (l: ReceiptLine) =>
  `${l.itemnum ? `${l.itemnum} · ` : ''}${l.label}${l.quantity > 1 ? ` (× ${l.quantity})` : ''}`;

/** The lines with their amounts and the total, carried over to new pages (the head repeated) as they run. */
export function drawLines(
  doc: Pdf,
  { lines, totals, y }: { lines: ReceiptLine[]; totals: ReceiptAmounts; y: number },
): number {
  let at = tableHead(doc, y);
  const labelWidth = COLUMNS.paid - LEFT - 8;
  for (const line of lines) {
    const label = pdfText(lineLabel(line));
    doc.font(FONT.regular).fontSize(10);
    const height = Math.max(14, doc.heightOfString(label, { width: labelWidth }) + 4);
    if (at + height > BOTTOM - 30) {
      newPage(doc);
      at = tableHead(doc, PAGE.margin);
    }
    doc.font(FONT.regular).fontSize(10).fillColor(INK.text).text(label, LEFT, at, { width: labelWidth });
    amountsRow(doc, at, line, FONT.regular);
    at += height;
  }
  if (lines.length === 0) {
    doc.font(FONT.italic).fontSize(10).fillColor(INK.muted).text('Nothing paid yet.', LEFT, at, { width: labelWidth });
    at += 16;
  }
  return totalRow(doc, { label: 'Total', totals, y: at });
}

/** A rule and a total under it (a table's, or a statement's of all its events). */
function totalRow(doc: Pdf, { label, totals, y: at }: { label: string; totals: ReceiptAmounts; y: number }): number {
  let y = at;
  if (y + 28 > BOTTOM) {
    newPage(doc);
    y = PAGE.margin;
  }
  rule(doc, { x: LEFT, y, width: WIDTH });
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(INK.text)
    .text(label, LEFT, y + 6, { width: COLUMNS.paid - LEFT - 8 });
  amountsRow(doc, y + 6, totals, FONT.bold);
  return y + 28;
}

/** Under the lines: the total deductible said in words, the statement when due, the fee note and the disclosure. */
function drawNotes(doc: Pdf, facts: Omit<ReceiptFacts, 'lines'>, y: number): number {
  let at = paragraph(doc, `Total deductible: ${formatMoney(facts.totals.deductible)}`, y, {
    font: FONT.bold,
    size: 13,
  });
  if (facts.quidProQuo.due) at = paragraph(doc, facts.quidProQuo.statement, at + 4, { size: 10 });
  if (facts.feeNote) at = paragraph(doc, facts.feeNote, at + 2, { size: 9, color: INK.muted });
  if (facts.disclosure) at = paragraph(doc, facts.disclosure, at + 4, { size: 9, color: INK.muted });
  return at;
}

/** A receipt: one event's paid lines of one bidder, on pages of its own. */
export function drawReceipt(doc: Pdf, facts: ReceiptFacts): void {
  newPage(doc);
  const y = drawHeading(doc, facts, { title: `Tax receipt: ${facts.event.eventname}`, y: drawIssuer(doc, facts) });
  drawNotes(doc, facts, drawLines(doc, { lines: facts.lines, totals: facts.totals, y }));
}

/** A statement: a section per event (its own lines and totals), then the whole's totals and notes. */
export function drawStatement(doc: Pdf, facts: StatementFacts): void {
  newPage(doc);
  let y = drawHeading(doc, facts, { title: facts.title, y: drawIssuer(doc, facts) });
  for (const section of facts.sections) {
    const number = section.bidderNumber === null ? '' : ` (bidder ${section.bidderNumber})`;
    y = paragraph(doc, `${section.event.eventname}${number}`, y, { font: FONT.bold, size: 12 });
    y = drawLines(doc, { lines: section.lines, totals: section.totals, y }) + 6;
  }
  if (facts.sections.length === 0)
    y = paragraph(doc, 'Nothing paid in this period.', y, { font: FONT.italic, color: INK.muted });
  if (facts.sections.length > 1) y = totalRow(doc, { label: 'All events', totals: facts.totals, y }) + 6;
  drawNotes(doc, facts, y);
}
