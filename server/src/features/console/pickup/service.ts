import { and, inArray, isNull } from 'drizzle-orm';
import {
  bidderWords,
  type CollectPickupRequest,
  type CollectPickupResponse,
  type ConsolePickupResponse,
  pickupWords,
  type PickupListResponse,
  roleAllows,
  roleNeeded,
} from '@gavel/domain';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { wonItems } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { publishConsole } from '../../../realtime/console';
import type { Tenant } from '../../../tenancy';
import { recordAudit } from '../../../lib/audit';
import { presentListItem, presentPickupBidder, presentPickupItem } from './presenter';
import { bidderItems, bidderOfCode, type CodeBidder, listItems, lockBidderItems, wonLocations } from './queries';

async function bidderOrRefuse(db: Db | Tx, tenant: Tenant, code: string): Promise<CodeBidder> {
  const bidder = await bidderOfCode(db, tenant, code);
  if (!bidder) throw new AppError('not_found', pickupWords.unknownCode(code));
  return bidder;
}

async function answerFor(db: Db, tenant: Tenant, bidder: CodeBidder, code: string, message: string) {
  const rows = await bidderItems(db, tenant, bidder.bidderId);
  return {
    status: 'success' as const,
    message,
    code,
    timezone: tenant.event.timezone,
    bidder: presentPickupBidder(bidder),
    items: rows.map((r) => presentPickupItem(r, tenant.event)),
  };
}

/** GET pickups/:code: the bidder the code belongs to, and everything they won, by location. */
export async function pickupOf(db: Db, tenant: Tenant, code: string): Promise<ConsolePickupResponse> {
  const bidder = await bidderOrRefuse(db, tenant, code);
  return answerFor(db, tenant, bidder, code, '');
}

/**
 * POST pickups/:code: marks the bidder's items collected, now, by the caller. Items already
 * collected are named and left as they were (a second tap, or a second desk, changes nothing);
 * another bidder's items are refused, and so are items not paid for unless a staff member or an
 * owner hands them over anyway (`override`, in the audit entry). All or nothing.
 */
export async function collectItems(
  ctx: AppContext,
  caller: StaffEventCaller,
  code: string,
  { itemids, override }: CollectPickupRequest,
): Promise<CollectPickupResponse> {
  if (override && !roleAllows(caller.staff.role, 'staff')) throw new AppError('forbidden', roleNeeded('staff'));
  const { tenant } = caller;
  const ids = [...new Set(itemids)];
  const now = ctx.clock();
  const done = await ctx.db.transaction(async (tx) => {
    const bidder = await bidderOrRefuse(tx, tenant, code);
    const rows = await lockBidderItems(tx, tenant, bidder.bidderId, ids);
    const found = new Set(rows.map((r) => r.historyid));
    const others = ids.filter((id) => !found.has(id));
    if (others.length > 0) {
      const message = pickupWords.notTheirs(others);
      throw new AppError('bad_request', message, [{ path: 'itemids', message }]);
    }
    const already = rows.filter((r) => r.collectedAt);
    const waiting = rows.filter((r) => !r.collectedAt);
    const unpaid = waiting.filter((r) => !r.paid);
    if (unpaid.length > 0 && !override) throw new AppError('conflict', pickupWords.notPaid(unpaid));
    if (waiting.length > 0) {
      await tx
        .update(wonItems)
        .set({ collectedAt: now, collectedBy: caller.staff.id })
        .where(
          and(
            inArray(
              wonItems.id,
              waiting.map((r) => r.historyid),
            ),
            isNull(wonItems.collectedAt),
          ),
        );
      const who = `${bidderWords.nameOf(bidder)} (bidder ${bidder.biddernumber})`;
      const count = waiting.length === 1 ? '1 item' : `${waiting.length} items`;
      const anyway = unpaid.length > 0 ? `, ${unpaid.length} of them not paid (handed over anyway)` : '';
      await recordAudit(tx, caller, {
        eventId: tenant.event.id,
        kind: 'pickup.collect',
        summary: `Handed over ${count} to ${who}${anyway}`,
        before: { bidderid: bidder.accountId, items: waiting.map((r) => ({ itemnum: r.itemnum, collectedat: null })) },
        after: {
          bidderid: bidder.accountId,
          items: waiting.map((r) => ({ itemnum: r.itemnum, collectedat: now, paid: r.paid })),
          ...(unpaid.length > 0 ? { override: true } : {}),
        },
      });
    }
    return { bidder, waiting, already };
  });
  if (done.waiting.length > 0) publishConsole(ctx, tenant, 'pickup');
  const said = [
    ...(done.waiting.length > 0 ? [pickupWords.collected(done.waiting.length)] : []),
    ...(done.already.length > 0 ? [pickupWords.already(done.already)] : []),
  ];
  return {
    ...(await answerFor(ctx.db, tenant, done.bidder, code, said.join(' '))),
    collected: done.waiting.map((r) => r.historyid),
    already: done.already.map((r) => r.historyid),
  };
}

/** GET pickups: the pickup list, by location, and every location that has won items. */
export async function pickupList(
  db: Db,
  tenant: Tenant,
  query: { location?: string; collected: 'all' | 'yes' | 'no' },
): Promise<PickupListResponse> {
  const rows = await listItems(db, tenant, query);
  return {
    status: 'success',
    message: '',
    timezone: tenant.event.timezone,
    locations: await wonLocations(db, tenant),
    items: rows.map((r) => presentListItem(r, tenant.event)),
  };
}
