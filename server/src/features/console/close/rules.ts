import { isSoldOut, itemCloses, reopenTimeProblem } from '@gavel/domain';
import type { EventRow } from '../../../tenancy';
import { itemHasClosed } from '../items/presenter';
import type { ItemRow } from '../items/queries';
import type { CloseRecord } from './queries';

/** Orders that no longer hold what they held: a failed or refunded one leaves the item owed. */
const GONE_ORDERS = new Set(['failed', 'refunded']);

/** When the item's bidding ended: the close recorded by the job, else the close it has passed. */
export const closedTime = (item: ItemRow, event: EventRow): Date => item.closedAt ?? itemCloses(item, event);

/**
 * Why a closed item cannot be reopened now, or null: only an item closed by mistake, in the
 * minutes after its close, before anyone paid for it, took it home, or bought its last unit.
 */
export function reopenProblem(
  { item, record }: { item: ItemRow; record: CloseRecord | null },
  event: EventRow,
  now: Date,
): string | null {
  const n = item.itemnum;
  if (!itemHasClosed(item, event, now)) return `Item ${n} is still open; there is nothing to reopen.`;
  const late = reopenTimeProblem(n, closedTime(item, event), now, event.timezone);
  if (late) return late;
  if (record?.collectedAt) return `Item ${n} has been handed over at pickup, so it cannot be reopened.`;
  if (record?.checkoutId != null && !GONE_ORDERS.has(record.orderState ?? ''))
    return record.orderMethod === 'billme'
      ? `Item ${n} is on its winner's Bill Me order, so it cannot be reopened.`
      : `Item ${n} has been paid for, so it cannot be reopened.`;
  if (!record && isSoldOut(item)) return `Item ${n} is sold out, so it cannot be reopened.`;
  return null;
}
