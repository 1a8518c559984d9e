import { eq } from 'drizzle-orm';
import {
  centsToDollars,
  isFundANeed,
  liveWords,
  type PledgeRequest,
  type PledgesResponse,
  RECENT_LIVE_ENTRIES,
} from '@gavel/domain';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { auctionItems, pledges } from '../../../db/schema';
import { AppError } from '../../../errors';
import { writeOnce } from '../../../lib/idempotent';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { publishConsole } from '../../../realtime/console';
import { publishCart } from '../../../realtime/publish';
import type { Tenant } from '../../../tenancy';
import { recordAudit } from '../../../lib/audit';
import { itemByNum, type ItemRow } from '../items/queries';
import { bidderFacts, presentPledges } from './presenter';
import { fundANeedItemsOf, lockBidder, lockPledge, pledgeBidder, pledgeCountsOf, recentPledgesOf } from './queries';
import { type LiveEntryAnswer, namedInEntry } from './sales';

const notFundANeed = (item: ItemRow) => {
  const message = liveWords.notFundANeed(item);
  return new AppError('conflict', message, [{ path: 'itemnum', message }]);
};

/** GET pledges: the fund-a-need items, and one's running total, count per level and newest pledges. */
export async function pledgeSummary(db: Db, tenant: Tenant, itemnum: string | undefined): Promise<PledgesResponse> {
  const items = await fundANeedItemsOf(db, tenant.event.id);
  let item: ItemRow | undefined = items[0];
  if (itemnum !== undefined) {
    const named = await itemByNum(db, { eventId: tenant.event.id, itemnum });
    if (!named) throw new AppError('not_found', liveWords.noItem(itemnum));
    if (!isFundANeed(named)) throw notFundANeed(named);
    item = named;
  }
  const [counts, recent] = item
    ? await Promise.all([
        pledgeCountsOf(db, item.id),
        recentPledgesOf(db, { itemId: item.id, limit: RECENT_LIVE_ENTRIES }),
      ])
    : [[], []];
  return presentPledges({ tenant, items, item, counts, recent });
}

/** A pledge as the audit log keeps it. */
const pledgeAudit = (p: { id: number; item: ItemRow; bidder: ReturnType<typeof bidderFacts>; amount: number }) => ({
  id: p.id,
  itemnum: p.item.itemnum,
  item: p.item.name,
  biddernumber: p.bidder.biddernumber,
  bidder: p.bidder.name,
  amount: centsToDollars(p.amount),
});

/** After a pledge or its undo: the fund-a-need screens, the board's total and the bidder's phone (their balance). */
function published(ctx: AppContext, tenant: Tenant, bidderId: number): void {
  publishConsole(ctx, tenant, 'live');
  ctx.totals.touch(tenant);
  publishCart(ctx, tenant, bidderId);
}

/**
 * POST pledges: a paddle raised at a fund-a-need, a donation on the bidder's balance (the ledger
 * reads pledges). Written under the bidder's lock, the balance's; a double tap's one
 * Idempotency-Key is kept under the bidder's keys and answers the first pledge again.
 */
export async function addPledge(
  ctx: AppContext,
  caller: StaffEventCaller,
  { body, key }: { body: PledgeRequest; key: string | undefined },
): Promise<LiveEntryAnswer> {
  const { tenant } = caller;
  const { item, bidder: named } = await namedInEntry(ctx.db, tenant, body);
  if (!isFundANeed(item)) throw notFundANeed(item);
  const lock = async (tx: Tx) => bidderFacts(await lockBidder(tx, named.bidderId));
  return writeOnce(
    ctx,
    { route: 'console-pledge', owner: named.bidderId, body, key, lock },
    async (tx, now, bidder) => {
      const [row] = await tx
        .insert(pledges)
        .values({
          eventId: tenant.event.id,
          itemId: item.id,
          bidderId: named.bidderId,
          amount: body.amount,
          staffId: caller.staff.id,
          createdAt: now,
        })
        .returning({ id: pledges.id });
      if (!row) throw new Error('pledge insert returned nothing');
      const message = liveWords.pledged(bidder, body.amount);
      await recordAudit(tx, caller, {
        eventId: tenant.event.id,
        kind: 'pledge.add',
        summary: `${message} (item ${item.itemnum}, ${item.name})`,
        after: pledgeAudit({ id: row.id, item, bidder, amount: body.amount }),
      });
      return {
        answer: { status: 'success', message, id: row.id },
        after: () => published(ctx, tenant, named.bidderId),
      };
    },
  );
}

/** DELETE pledges/:id: the pledge is taken back; refused once the desk has settled it. */
export async function undoPledge(ctx: AppContext, caller: StaffEventCaller, id: number): Promise<string> {
  const { tenant } = caller;
  const eventId = tenant.event.id;
  const bidderId = await pledgeBidder(ctx.db, eventId, id);
  if (bidderId === undefined) throw new AppError('not_found', liveWords.noPledge);
  const message = await ctx.db.transaction(async (tx) => {
    const bidder = bidderFacts(await lockBidder(tx, bidderId));
    const pledge = await lockPledge(tx, eventId, id);
    if (!pledge) throw new AppError('not_found', liveWords.noPledge);
    if (pledge.settledBy !== null) throw new AppError('conflict', liveWords.pledgeSettled);
    const [item] = await tx.select().from(auctionItems).where(eq(auctionItems.id, pledge.itemId));
    if (!item) throw new Error(`the item of pledge ${id} vanished`);
    await tx.delete(pledges).where(eq(pledges.id, pledge.id));
    const said = liveWords.pledgeUndone(bidder, pledge.amount);
    await recordAudit(tx, caller, {
      eventId,
      kind: 'pledge.undo',
      summary: `${said} (item ${item.itemnum}, ${item.name})`,
      before: pledgeAudit({ id: pledge.id, item, bidder, amount: pledge.amount }),
    });
    return said;
  });
  published(ctx, tenant, bidderId);
  return message;
}
