import { and, asc, eq, sql } from 'drizzle-orm';
import { formatMoney } from '@gavel/domain';
import type { Db } from '../../../db/client';
import { auctionItems } from '../../../db/schema';
import { AppError } from '../../../errors';
import {
  drawQr,
  fitText,
  FONT,
  INK,
  labelled,
  newPage,
  PAGE,
  type Pdf,
  pdfText,
  renderPdf,
  rule,
} from '../../../lib/pdf';
import type { Tenant } from '../../../tenancy';
import type { ItemRow } from '../items/queries';

/** The bidder app's page of an item (web routes.tsx `auction-items/:id`), on the organization's public origin. */
export const itemUrl = (origin: string, eventcode: string, itemId: number) =>
  `${origin}/${eventcode}/auction-items/${itemId}`;

/** The items a bid sheet is printed for, in the items table's order: every one, or a location's (its name as typed, capitals aside). */
async function sheetItems(db: Db, eventId: number, location: string): Promise<ItemRow[]> {
  const where = location
    ? and(eq(auctionItems.eventId, eventId), sql`lower(trim(${auctionItems.location})) = lower(${location})`)
    : eq(auctionItems.eventId, eventId);
  return db.select().from(auctionItems).where(where).orderBy(asc(auctionItems.id));
}

const PAPER_BID_ROWS = 12;

/** What a sheet says instead of bid lines when an item is not bid on with a pen. */
function noPaperBids(item: ItemRow): string | null {
  if (item.paddlelevels.length > 0) return 'Fund-a-need: give at the paddle raise, or on your phone.';
  if (item.itemisliveonly) return 'Sold in the live auction.';
  if (item.buyitnowonly) return `Buy It Now for ${formatMoney(item.buyitnowprice)} on your phone.`;
  return null;
}

function valueOf(item: ItemRow): string {
  if (item.ispriceless) return 'Priceless';
  return item.fairmarketvalue > 0 ? formatMoney(item.fairmarketvalue) : '—';
}

/** One item's sheet: who gave it, what it is, its numbers, the QR that opens it, and lines for paper bids. */
function drawSheet(doc: Pdf, { tenant, item, url }: { tenant: Tenant; item: ItemRow; url: string }): void {
  newPage(doc);
  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const qrSize = 150;
  const textWidth = width - qrSize - 24;
  doc.font(FONT.regular).fontSize(11).fillColor(INK.muted);
  doc.text(pdfText(`${tenant.organization.name} · ${tenant.event.eventname}`), left, PAGE.margin, {
    width: textWidth,
    lineBreak: false,
    ellipsis: true,
  });
  doc
    .font(FONT.bold)
    .fontSize(16)
    .fillColor(INK.text)
    .text(pdfText(`Item ${item.itemnum}`), left, PAGE.margin + 18);
  let y = PAGE.margin + 44;
  y += fitText(doc, item.name, { x: left, y, width: textWidth, height: 88, font: FONT.bold, size: 28, min: 14 }) + 6;
  if (item.donatedby) {
    y += fitText(doc, `Donated by ${item.donatedby}`, {
      x: left,
      y,
      width: textWidth,
      height: 32,
      font: FONT.italic,
      size: 13,
    });
    y += 6;
  }
  drawQr(doc, url, { x: PAGE.width - PAGE.margin - qrSize, y: PAGE.margin, size: qrSize });
  doc.font(FONT.regular).fontSize(9).fillColor(INK.muted);
  doc.text('Scan to open it on your phone', PAGE.width - PAGE.margin - qrSize, PAGE.margin + qrSize + 2, {
    width: qrSize,
    align: 'center',
  });
  y = Math.max(y, PAGE.margin + qrSize + 24);
  if (item.description) {
    y += fitText(doc, item.description, { x: left, y, width, height: 150, size: 12, min: 8 }) + 12;
  }
  rule(doc, { x: left, y, width });
  y += 10;
  const half = (width - 24) / 2;
  const instead = noPaperBids(item);
  labelled(doc, { label: 'Value', value: valueOf(item), x: left, y, width: half });
  // A starting bid and a raise mean nothing for an item nobody bids on.
  if (!item.buyitnowonly && item.paddlelevels.length === 0) {
    labelled(doc, { label: 'Starting bid', value: formatMoney(item.startingbid), x: left + half + 24, y, width: half });
    y += 18;
    labelled(doc, { label: 'Minimum raise', value: formatMoney(item.minimumbidincrease), x: left, y, width: half });
    if (item.buyitnowavailable)
      labelled(doc, {
        label: 'Buy It Now',
        value: formatMoney(item.buyitnowprice),
        x: left + half + 24,
        y,
        width: half,
      });
  }
  y += 26;
  if (instead) {
    doc
      .font(FONT.bold)
      .fontSize(16)
      .fillColor(INK.text)
      .text(pdfText(instead), left, y + 12, { width });
    return;
  }
  drawBidLines(doc, { x: left, y, width });
}

/** The paper bids' table: bidder number and amount, each bid at least the last plus the minimum raise. */
function drawBidLines(doc: Pdf, { x, y, width }: { x: number; y: number; width: number }): void {
  const bottom = PAGE.height - PAGE.margin;
  const numberWidth = width * 0.3;
  doc.font(FONT.bold).fontSize(11).fillColor(INK.text);
  doc.text('Bidder number', x, y, { width: numberWidth });
  doc.text('Bid amount', x + numberWidth + 12, y, { width: width - numberWidth - 12 });
  const rowHeight = Math.min(30, (bottom - y - 20) / PAPER_BID_ROWS);
  for (let i = 1; i <= PAPER_BID_ROWS; i++) {
    const lineY = y + 16 + i * rowHeight;
    rule(doc, { x, y: lineY, width: numberWidth, color: INK.rule });
    rule(doc, { x: x + numberWidth + 12, y: lineY, width: width - numberWidth - 12, color: INK.rule });
  }
}

/**
 * GET printables/bid-sheets.pdf: a page per item of the event (or of one location), each with the
 * QR of the item's page in the bidder app. 404 when there is nothing to print.
 */
export async function bidSheetsPdf(
  db: Db,
  { tenant, origin, location }: { tenant: Tenant; origin: string; location: string },
): Promise<Buffer> {
  const items = await sheetItems(db, tenant.event.id, location);
  if (items.length === 0)
    throw new AppError(
      'not_found',
      location ? `There are no items at ${location} in this event.` : 'This event has no items yet.',
    );
  const { eventcode, eventname } = tenant.event;
  return renderPdf(
    { title: `Bid sheets: ${eventname}${location ? ` (${location})` : ''}`, author: tenant.organization.name },
    (doc) => {
      for (const item of items) drawSheet(doc, { tenant, item, url: itemUrl(origin, eventcode, item.id) });
    },
  );
}
