import { drawQr, fitText, FONT, INK, newPage, PAGE, type Pdf, renderPdf, rule } from '../../../lib/pdf';
import type { Tenant } from '../../../tenancy';

/** The event's address, as the display board shows it: the event home in the bidder app. */
export const eventUrl = (origin: string, eventcode: string) => `${origin}/${eventcode}`;

/** One card in half a page: the event, the call to bid, the QR and the short link to type instead. */
function drawCard(doc: Pdf, { tenant, url, top }: { tenant: Tenant; url: string; top: number }): void {
  const width = PAGE.width - 2 * PAGE.margin;
  const x = PAGE.margin;
  const short = url.replace(/^https?:\/\//, '');
  fitText(doc, tenant.organization.name, { x, y: top, width, height: 18, size: 13, color: INK.muted, align: 'center' });
  fitText(doc, tenant.event.eventname, {
    x,
    y: top + 20,
    width,
    height: 40,
    font: FONT.bold,
    size: 30,
    min: 14,
    align: 'center',
  });
  fitText(doc, 'Bid on your phone: scan the code', { x, y: top + 64, width, height: 22, size: 18, align: 'center' });
  const qr = 190;
  drawQr(doc, url, { x: (PAGE.width - qr) / 2, y: top + 90, size: qr });
  fitText(doc, `or go to ${short}`, {
    x,
    y: top + 90 + qr + 6,
    width,
    height: 24,
    font: FONT.bold,
    size: 18,
    min: 9,
    align: 'center',
  });
}

/**
 * GET printables/table-cards.pdf: one page of two table cards (cut along the middle), each with the
 * event's QR code and short link. Printed as many times as there are tables.
 */
export function tableCardsPdf({ tenant, origin }: { tenant: Tenant; origin: string }): Promise<Buffer> {
  const url = eventUrl(origin, tenant.event.eventcode);
  return renderPdf({ title: `Table cards: ${tenant.event.eventname}`, author: tenant.organization.name }, (doc) => {
    newPage(doc);
    const half = PAGE.height / 2;
    drawCard(doc, { tenant, url, top: PAGE.margin });
    rule(doc, { x: PAGE.margin, y: half, width: PAGE.width - 2 * PAGE.margin, color: INK.light });
    drawCard(doc, { tenant, url, top: half + PAGE.margin });
  });
}
