import { PAY_LINK_HOURS } from '@gavel/domain';
import type { Tx } from '../../../db/client';
import { chunks } from '../../../lib/batches';
import { authLinks } from '../../../db/schema';
import { newLinkSecret } from '../../../lib/tokens';
import type { Tenant } from '../../../tenancy';
import { payLinkUrl } from '../chargeall/paylinks';

/**
 * A pay link per bidder (the charge-all follow-up's kind, chargeall/paylinks.ts: it opens that
 * bidder's checkout on their phone, pay-only, until paid or PAY_LINK_HOURS pass), made in batches
 * inside the message's transaction. Only the links' hashes are kept.
 */
export async function makePayLinks(
  tx: Tx,
  { tenant, origin, now }: { tenant: Tenant; origin: string; now: Date },
  bidders: Array<{ bidderId: number; accountId: number }>,
): Promise<Map<number, string>> {
  const urls = new Map<number, string>();
  const expiresAt = new Date(now.getTime() + PAY_LINK_HOURS * 3_600_000);
  for (const part of chunks(bidders)) {
    const rows = part.map((b) => {
      const { secret, hash } = newLinkSecret();
      urls.set(b.bidderId, payLinkUrl(origin, tenant, secret));
      return {
        kind: 'pay' as const,
        tokenHash: hash,
        accountId: b.accountId,
        eventId: tenant.event.id,
        expiresAt,
        createdAt: now,
      };
    });
    await tx.insert(authLinks).values(rows);
  }
  return urls;
}
