import { withoutBidiControls } from '@gavel/domain';
import { qrPng } from './qr-png';

/** A pdfkit document: what the drawing functions of the printables receive. */
export type Pdf = PDFKit.PDFDocument;

/** US Letter, in points (72 a inch): the paper organizers print on. */
export const PAGE = { width: 612, height: 792, margin: 36 } as const;

/** The house fonts: pdfkit's standard Helvetica, which every PDF reader has (nothing to embed). */
export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;

export const INK = { text: '#111111', muted: '#555555', rule: '#999999', light: '#dddddd' } as const;

// Characters of Windows-1252 above U+00FF that the standard fonts can draw (quotes, dashes, euro...).
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text a standard font can draw: names and descriptions are typed by organizers and bidders, and
 * the standard fonts know only Windows-1252, so anything else (an emoji, another script) becomes
 * "?" rather than a wrong letter. Direction controls are removed, as in every message we send.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const ch of withoutBidiControls(text)) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\n' || ch === '\t') out += ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else out += code <= 0xff || WIN_ANSI_EXTRA.has(ch) ? ch : '?';
  }
  return out;
}

/** Title and author written in the PDF's properties (what a reader shows as the document's name). */
export interface PdfMeta {
  title: string;
  author: string;
}

/**
 * Draws a document and answers its bytes. Pages are added by `draw` (none is made up front), so a
 * printable of N things has exactly its N pages. pdfkit writes to a stream; the whole file is
 * gathered, as a printable is a few hundred kilobytes at most.
 */
export async function renderPdf(meta: PdfMeta, draw: (doc: Pdf) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc: Pdf = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    autoFirstPage: false,
    info: { Title: pdfText(meta.title), Author: pdfText(meta.author), Creator: 'Gavel' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** A new page, with the font and colour every printable starts from. */
export function newPage(doc: Pdf): void {
  doc.addPage({ size: 'LETTER', margin: PAGE.margin });
  doc.font(FONT.regular).fillColor(INK.text);
}

/**
 * A QR code of `text`, `size` points square, its top-left at (x, y). It is the PNG of lib/qr-png.ts
 * (with its quiet zone) placed as an image rather than drawn as squares: a reader scales it as one
 * picture, and a test can take the image out of the file and decode it (test/pdf-reading.ts).
 */
export function drawQr(doc: Pdf, text: string, { x, y, size }: { x: number; y: number; size: number }): void {
  doc.image(qrPng(text, { scale: 6, border: 4 }), x, y, { width: size, height: size });
}

export interface TextBox {
  x: number;
  y: number;
  width: number;
  /** The most it may take; the font shrinks (down to `min`) until the text fits, then it is cut with an ellipsis. */
  height: number;
  font?: string;
  size: number;
  min?: number;
  align?: 'left' | 'center' | 'right';
  color?: string;
}

/**
 * Text in a box, as large as fits: an item's name is three words or thirty, and a bid sheet keeps
 * its layout whatever the organizer typed. Answers the height drawn.
 */
export function fitText(doc: Pdf, text: string, box: TextBox): number {
  const { x, y, width, height, font = FONT.regular, size, min = Math.min(size, 8), align = 'left' } = box;
  const clean = pdfText(text);
  doc.font(font).fillColor(box.color ?? INK.text);
  let fontSize = size;
  for (; fontSize > min; fontSize -= 1) {
    if (doc.fontSize(fontSize).heightOfString(clean, { width, align }) <= height) break;
  }
  doc.fontSize(fontSize);
  const used = Math.min(height, doc.heightOfString(clean, { width, align }));
  doc.text(clean, x, y, { width, height, align, ellipsis: true });
  return used;
}

/** A label and its value on one line (a bid sheet's "Value  $400.00"), answering the next line's y. */
export function labelled(
  doc: Pdf,
  {
    label,
    value,
    x,
    y,
    width,
    size = 12,
  }: { label: string; value: string; x: number; y: number; width: number; size?: number },
): number {
  doc.font(FONT.regular).fontSize(size).fillColor(INK.muted).text(pdfText(label), x, y, { width, lineBreak: false });
  doc.font(FONT.bold).fillColor(INK.text).text(pdfText(value), x, y, { width, align: 'right', lineBreak: false });
  return y + size * 1.5;
}

/** A horizontal rule across `width` from x. */
export function rule(
  doc: Pdf,
  { x, y, width, color = INK.rule }: { x: number; y: number; width: number; color?: string },
) {
  doc
    .save()
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.75)
    .strokeColor(color)
    .stroke()
    .restore();
}

/** A PDF answered to the browser: saved under `filename` (the printables' calls). */
export const pdfHeaders = (filename: string) => ({
  'content-type': 'application/pdf',
  'content-disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '-')}"`,
  'cache-control': 'no-store',
});
