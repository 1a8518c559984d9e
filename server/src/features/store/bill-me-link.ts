import { and, eq, sql } from 'drizzle-orm';
import { billMeWords, type StoreBillMeResponse } from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { accounts, bidders, storeOrders } from '../../db/schema';
import { AppError } from '../../errors';
import { hashLinkSecret, newLinkSecret } from '../../lib/tokens';
import { enqueueMail } from '../../mail/outbox';
import { message } from '../../mail/templates';
import { publishCart } from '../../realtime/publish';
import type { Tenant } from '../../tenancy';
import type { StoreOrderRow } from './queries';

/**
 * A Bill Me store order goes on a bidder's balance only when that bidder says so, through a link
 * mailed to the address the buyer typed (issue 47): anyone can type a bidder's address at the
 * store's checkout, so the address alone never puts an order on their balance (the desk would then
 * charge it to their card on file). Without the link's tap it stays the purchaser's own invoice,
 * paid at the checkout desk.
 */

/** The event's bidder whose account has this address (capitals aside), in the event's organization. */
async function bidderOfAddress(db: Db | Tx, tenant: Tenant, email: string) {
  const [bidder] = await db
    .select({ id: bidders.id, first: accounts.firstname })
    .from(bidders)
    .innerJoin(accounts, eq(bidders.accountId, accounts.id))
    .where(
      and(
        eq(bidders.eventId, tenant.event.id),
        eq(accounts.organizationId, tenant.organization.id),
        sql`lower(${accounts.email}) = lower(${email})`,
      ),
    )
    .limit(1);
  return bidder;
}

/** The bidder app's page the link opens (web: features/store/BillMeLink). */
export const billMeUrl = (origin: string, eventcode: string, secret: string) =>
  `${origin}/${eventcode}/event/bill-me/${secret}`;

/**
 * For a Bill Me order just placed: when a bidder of the event has the order's address, mails them
 * the link that puts it on their balance (its hash kept on the order). In the order's transaction.
 */
export async function offerToBalance(ctx: AppContext, tx: Tx, tenant: Tenant, order: StoreOrderRow): Promise<void> {
  const bidder = await bidderOfAddress(tx, tenant, order.email);
  if (!bidder) return;
  const { secret, hash } = newLinkSecret();
  await tx.update(storeOrders).set({ bidderLinkHash: hash }).where(eq(storeOrders.id, order.id));
  const { event, organization } = tenant;
  const url = billMeUrl(ctx.site.originOf(organization.auctioncode), event.eventcode, secret);
  await enqueueMail(
    tx,
    { organizationId: organization.id, eventId: event.id, to: order.email },
    message(
      { eventname: event.eventname, organizationname: organization.name },
      {
        subject: billMeWords.subject(event.eventname),
        heading: billMeWords.question(order.id, order.total),
        blocks: [billMeWords.offer(order.id, order.total)],
        buttons: [{ label: billMeWords.button, url }],
        footer: billMeWords.ignore,
      },
    ),
  );
}

/**
 * POST /storebillme: what the link offers, or (`confirm`) the order put on the balance of the
 * event's bidder with its address, under the order's row lock. Confirming again answers the same;
 * a paid order is not moved. An unknown link, or one of another event, is refused alike.
 */
export async function followBillMeLink(
  ctx: AppContext,
  tenant: Tenant,
  { token, confirm }: { token: string; confirm: boolean },
): Promise<StoreBillMeResponse> {
  const answer = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(storeOrders)
      .where(and(eq(storeOrders.bidderLinkHash, hashLinkSecret(token)), eq(storeOrders.eventId, tenant.event.id)))
      .for('update');
    if (!order || order.method !== 'BILLME') throw new AppError('not_found', billMeWords.invalid);
    const bidder = await bidderOfAddress(tx, tenant, order.email);
    if (!bidder) throw new AppError('conflict', billMeWords.noBidder);
    const open = order.state === 'unpaid' && order.settledBy === null;
    let onbalance = order.bidderId === bidder.id;
    if (confirm && open && !onbalance) {
      await tx.update(storeOrders).set({ bidderId: bidder.id }).where(eq(storeOrders.id, order.id));
      onbalance = true;
    }
    const said = !open
      ? billMeWords.paid(order.id)
      : onbalance
        ? billMeWords.added(order.id)
        : billMeWords.question(order.id, order.total);
    return {
      bidderId: bidder.id,
      changed: confirm && open,
      response: {
        status: 'success' as const,
        message: said,
        orderid: order.id,
        totalamount: order.total,
        first: bidder.first,
        onbalance,
        open,
      },
    };
  });
  // The bidder's phones show the order in their cart at once.
  if (answer.changed) publishCart(ctx, tenant, answer.bidderId);
  return answer.response;
}
