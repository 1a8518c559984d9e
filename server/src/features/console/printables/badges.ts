import { badgeLinkExpires } from '@gavel/domain';
import type { AppContext } from '../../../context';
import { authLinks } from '../../../db/schema';
import { AppError } from '../../../errors';
import { drawQr, fitText, FONT, INK, newPage, PAGE, type Pdf, renderPdf } from '../../../lib/pdf';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { newLinkSecret } from '../../../lib/tokens';
import { recordAudit } from '../../../lib/audit';
import { type ConsoleBidderRow, selectBidders } from '../bidders/queries';
import { linkUrl } from '../../accounts/links-service';

const COLUMNS = 2;
const ROWS = 3;
const GUTTER = 12;

interface Badge {
  number: number;
  name: string;
  url: string;
}

/** One badge in its cell: the event, the bidder number large (a paddle raised in the live auction), the name, the QR. */
function drawBadge(
  doc: Pdf,
  badge: Badge,
  { x, y, w, h, eventname }: { x: number; y: number; w: number; h: number; eventname: string },
) {
  doc.save().rect(x, y, w, h).dash(4, { space: 4 }).lineWidth(0.5).strokeColor(INK.light).stroke().undash().restore();
  const inner = w - 24;
  fitText(doc, eventname, {
    x: x + 12,
    y: y + 10,
    width: inner,
    height: 14,
    size: 10,
    color: INK.muted,
    align: 'center',
  });
  fitText(doc, String(badge.number), {
    x: x + 12,
    y: y + 26,
    width: inner,
    height: 62,
    font: FONT.bold,
    size: 60,
    min: 30,
    align: 'center',
  });
  fitText(doc, badge.name, {
    x: x + 12,
    y: y + 92,
    width: inner,
    height: 22,
    font: FONT.bold,
    size: 16,
    min: 9,
    align: 'center',
  });
  const qr = Math.min(96, h - 140);
  drawQr(doc, badge.url, { x: x + (w - qr) / 2, y: y + 116, size: qr });
  fitText(doc, 'Scan to sign in on your phone', {
    x: x + 12,
    y: y + 118 + qr,
    width: inner,
    height: 12,
    size: 8,
    color: INK.muted,
    align: 'center',
  });
}

function drawBadges(doc: Pdf, badges: Badge[], eventname: string): void {
  const w = (PAGE.width - 2 * PAGE.margin - (COLUMNS - 1) * GUTTER) / COLUMNS;
  const h = (PAGE.height - 2 * PAGE.margin - (ROWS - 1) * GUTTER) / ROWS;
  badges.forEach((badge, i) => {
    const at = i % (COLUMNS * ROWS);
    if (at === 0) newPage(doc);
    const x = PAGE.margin + (at % COLUMNS) * (w + GUTTER);
    const y = PAGE.margin + Math.floor(at / COLUMNS) * (h + GUTTER);
    drawBadge(doc, badge, { x, y, w, h, eventname });
  });
}

/**
 * GET printables/badges.pdf: a badge per bidder of the event, six a page, in bidder-number order.
 * Each badge's QR is a sign-in link of its own (kind 'login', spent once, lasting until a day after
 * bidding closes: badgeLinkExpires), made with the audit entry in one transaction. A printed badge
 * signs its bidder in: it is a credential, handed to that bidder only.
 */
export async function badgesPdf(ctx: AppContext, caller: StaffEventCaller): Promise<Buffer> {
  const { tenant } = caller;
  const { event, organization } = tenant;
  const origin = ctx.site.originOf(organization.auctioncode);
  const now = ctx.clock();
  const badges = await ctx.db.transaction(async (tx) => {
    const rows: ConsoleBidderRow[] = await selectBidders(tx, tenant);
    if (rows.length === 0) throw new AppError('not_found', 'This event has no bidders yet.');
    const expiresAt = badgeLinkExpires(now, event.biddingcloses);
    const made = rows.map((row) => ({ row, ...newLinkSecret() }));
    await tx.insert(authLinks).values(
      made.map(({ row, hash }) => ({
        kind: 'login' as const,
        tokenHash: hash,
        accountId: row.accountId,
        eventId: event.id,
        expiresAt,
      })),
    );
    await recordAudit(tx, caller, {
      eventId: event.id,
      kind: 'printables.badges',
      summary: `Printed badges with sign-in links for ${rows.length} ${rows.length === 1 ? 'bidder' : 'bidders'}`,
      after: { bidderids: rows.map((r) => r.accountId), expires: expiresAt.toISOString() },
    });
    return made.map(({ row, secret }) => ({
      number: row.bidderdisplaynumber,
      // The name only: a badge is worn in the room, where an email address has no business.
      name: `${row.firstname} ${row.lastname}`.trim(),
      url: linkUrl(origin, tenant, 'login', secret),
    }));
  });
  return renderPdf({ title: `Badges: ${event.eventname}`, author: organization.name }, (doc) =>
    drawBadges(doc, badges, event.eventname),
  );
}
