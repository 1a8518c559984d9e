import {
  type Cents,
  chargeAllWords,
  formatMoney,
  PAY_LINK_HOURS,
  type PayLinksResponse,
  payLinkText,
  bidderWords,
} from '@gavel/domain';
import type { AppContext } from '../../../context';
import { authLinks, outbox } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { newLinkSecret } from '../../../lib/tokens';
import { enqueueMail, textRow } from '../../../mail/outbox';
import { type MailBrand, type MailMessage, message } from '../../../mail/templates';
import { publishConsole } from '../../../realtime/console';
import type { Tenant } from '../../../tenancy';
import { recordAudit } from '../../../lib/audit';
import { balancesOf } from '../../../money/ledger';
import { nameOf } from './preview';
import { chargeBiddersByAccount, eventRun } from './queries';

/** The bidder app's page a pay link opens (web: features/paylink): it trades the secret for a pay-only session. */
export function payLinkUrl(origin: string, tenant: Tenant, secret: string): string {
  return `${origin}/${tenant.event.eventcode}/pay/${secret}`;
}

function payLinkMail(brand: MailBrand, { due, url }: { due: Cents; url: string }): MailMessage {
  return message(brand, {
    subject: `Please complete your payment for ${brand.eventname}`,
    heading: 'Your card could not be charged',
    blocks: [
      `We could not charge the card on file for your balance of ${formatMoney(due)}. Tap the button to pay on your phone with another card.`,
    ],
    buttons: [{ label: 'Pay Now', url }],
    footer: `The link works for ${PAY_LINK_HOURS} hours, until your balance is paid, and only for paying. If you have already paid, you can ignore this email.`,
  });
}

/**
 * POST charge-all/:runid/pay-links: a pay link for each bidder named, by email and by text (when the
 * account has a phone number), queued in the outbox in one transaction with the links (only their
 * hashes are kept) and the audit entry. A bidder who owes nothing now is skipped, said why.
 *
 * The link is reusable until the balance is paid or PAY_LINK_HOURS pass: a text is opened on one
 * device and the payment finished on another, or later; what it opens can only pay.
 */
export async function sendPayLinks(
  ctx: AppContext,
  caller: StaffEventCaller,
  { runId, accountIds }: { runId: number; accountIds: number[] },
): Promise<PayLinksResponse> {
  const { tenant } = caller;
  const { event, organization } = tenant;
  const run = await eventRun(ctx.db, event.id, runId);
  if (!run) throw new AppError('not_found', 'There is no such charge-all run in this event.');
  const origin = ctx.site.originOf(organization.auctioncode);
  const brand = { eventname: event.eventname, organizationname: organization.name };
  const answer = await ctx.db.transaction(async (tx) => {
    const found = await chargeBiddersByAccount(tx, event, accountIds);
    const missing = accountIds.find((id) => !found.some((b) => b.accountId === id));
    if (missing !== undefined) throw new AppError('not_found', `${bidderWords.notFound} (bidderid ${missing})`);
    const balances = await balancesOf(
      tx,
      event,
      found.map((b) => b.bidderId),
    );
    const now = ctx.clock();
    const sent: typeof found = [];
    const skipped: PayLinksResponse['skipped'] = [];
    for (const bidder of found) {
      const due = balances.get(bidder.bidderId)?.due ?? 0;
      if (due <= 0) {
        skipped.push({ bidderid: bidder.accountId, reason: chargeAllWords.nothingDue(nameOf(bidder)) });
        continue;
      }
      const { secret, hash } = newLinkSecret();
      await tx.insert(authLinks).values({
        kind: 'pay',
        tokenHash: hash,
        accountId: bidder.accountId,
        eventId: event.id,
        expiresAt: new Date(now.getTime() + PAY_LINK_HOURS * 3_600_000),
        // The app's clock, which the run's outcomes are written with: the list compares the two.
        createdAt: now,
      });
      const url = payLinkUrl(origin, tenant, secret);
      const recipient = { organizationId: organization.id, eventId: event.id };
      await enqueueMail(tx, { ...recipient, to: bidder.email }, payLinkMail(brand, { due, url }));
      if (bidder.cellphone)
        await tx
          .insert(outbox)
          .values(textRow({ ...recipient, to: bidder.cellphone }, payLinkText(event.eventname, due, url)));
      sent.push(bidder);
    }
    if (sent.length > 0)
      await recordAudit(tx, caller, {
        eventId: event.id,
        kind: 'chargeall.paylink',
        summary: `Sent a pay link to ${sent.map((b) => `${nameOf(b)} (bidder ${b.number})`).join(', ')}`,
        after: { runid: runId, bidderids: sent.map((b) => b.accountId) },
      });
    return {
      status: 'success' as const,
      message: chargeAllWords.linksSent(sent.length),
      sent: sent.map((b) => b.accountId),
      skipped,
    };
  });
  if (answer.sent.length > 0) publishConsole(ctx, tenant, 'chargeall');
  return answer;
}
