import { and, eq, isNull } from 'drizzle-orm';
import { chargeAllWords, type PayLinkResponse } from '@gavel/domain';
import type { AppContext } from '../../../context';
import { accounts, authLinks, bidders } from '../../../db/schema';
import { AppError } from '../../../errors';
import { hashLinkSecret } from '../../../lib/tokens';
import { findTenantById } from '../../../tenancy';
import { presentSession } from '../../accounts/presenter';
import { cardOnFile } from '../../payments/cards';
import { balanceOf } from '../../../money/ledger';

/**
 * POST /paylink: a pay link's secret traded for a session that may only pay (a login token with
 * `scope: 'pay'`, lib/pay-scope.ts). The link works again and again until it expires or the
 * balance is paid; once paid it is spent, and says so. A link of another organization is refused
 * like an unknown one (an 'expired' answer, counted as a failed guess by the route).
 */
export async function followPayLink(ctx: AppContext, auctioncode: string, secret: string): Promise<PayLinkResponse> {
  const now = ctx.clock();
  const expired = () => new AppError('expired', chargeAllWords.linkExpired);
  const found = await ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(authLinks)
      .where(and(eq(authLinks.tokenHash, hashLinkSecret(secret)), eq(authLinks.kind, 'pay')))
      .limit(1);
    if (!link || link.usedAt || link.expiresAt <= now) throw expired();
    const tenant = await findTenantById(tx, link.eventId, auctioncode).catch(() => {
      throw expired();
    });
    const [row] = await tx
      .select({ account: accounts, bidder: bidders })
      .from(bidders)
      .innerJoin(accounts, eq(bidders.accountId, accounts.id))
      .where(and(eq(bidders.accountId, link.accountId), eq(bidders.eventId, tenant.event.id)))
      .limit(1);
    if (!row) throw expired();
    const balance = await balanceOf(tx, tenant.event, row.bidder.id);
    if (balance.due <= 0 && !balance.inProgress) {
      await tx
        .update(authLinks)
        .set({ usedAt: now })
        .where(and(eq(authLinks.id, link.id), isNull(authLinks.usedAt)));
      return { paid: true as const };
    }
    return { paid: false as const, tenant, ...row };
  });
  if (found.paid) return { status: 'expired', message: chargeAllWords.paidLink };
  const { tenant, account, bidder } = found;
  const token = await ctx.tokens.sign(
    {
      userid: account.id,
      bidderid: bidder.id,
      email: account.email,
      eventcode: tenant.event.eventcode,
      auctioncode: tenant.organization.auctioncode,
      isguest: false,
      ver: account.sessionVersion,
      scope: 'pay',
    },
    now,
  );
  const hasCard = (await cardOnFile(ctx.db, tenant.event, bidder.id)) !== undefined;
  return { status: 'success', message: '', ...presentSession({ tenant, account, bidder, token, hasCard }) };
}
