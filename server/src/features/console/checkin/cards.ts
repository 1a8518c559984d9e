import { cardLabel, type CheckinResponse, checkinWords } from '@gavel/domain';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { findAnswer, keepAnswer } from '../../../lib/idempotent';
import type { StaffEventCaller } from '../../../lib/staff-caller';
import { codesOf } from '../../../realtime/codes';
import { publishConsole } from '../../../realtime/console';
import { gatewayOf } from '../../../payments/card-payment';
import { customerOf, keepCard } from '../../payments/cards';
import { recordAudit } from '../../../lib/audit';
import { presentCheckin } from './presenter';
import { checkinRowOrRefuse, deskName } from './service';

/**
 * POST /console/events/:eventcode/bidders/:bidderid/card: a card the bidder typed at the desk into
 * the event's card form (its processor token) becomes their card on file, as the bidder app's Save
 * Card keeps one (features/payments/cards.ts): the processor keeps the card under a key of the
 * request, outside any transaction, then its reference, brand, last four and expiry are kept with
 * the audit entry. A card the bank wants the bidder to confirm cannot be finished at the desk: the
 * answer says to send the card link. With an Idempotency-Key a retry is answered from the first.
 */
export async function saveDeskCard(
  ctx: AppContext,
  caller: StaffEventCaller,
  { accountId, processortoken, key }: { accountId: number; processortoken: string; key: string | undefined },
): Promise<CheckinResponse> {
  const { tenant } = caller;
  const { event } = tenant;
  const before = await checkinRowOrRefuse(ctx.db, tenant, accountId);
  const request = { route: 'console.savecard', owner: before.bidderId, body: { processortoken } };
  const prior = key ? await findAnswer<CheckinResponse>(ctx.db, request, key) : undefined;
  if (prior) return prior;
  const gateway = gatewayOf(ctx, event);
  const customer = await customerOf(ctx.db, event, before.bidderId);
  const outcome = await gateway.saveCard({
    token: processortoken,
    owner: {
      bidderId: before.bidderId,
      email: before.email,
      name: `${before.firstname} ${before.lastname}`.trim(),
      customer,
    },
    key: `savecard:${event.id}:${before.bidderId}:${key ?? processortoken.slice(-40)}`,
  });
  if (outcome.kind === 'failed') throw new AppError('payment_failed', outcome.message);
  if (outcome.kind === 'requires_action') throw new AppError('conflict', checkinWords.confirmByPhone);
  const card = { brand: outcome.card.brand, last4: outcome.card.last4 };
  const answer = await ctx.db.transaction(async (tx) => {
    await keepCard(tx, {
      event,
      bidderId: before.bidderId,
      card: outcome.card,
      customer: outcome.customer ?? customer,
      now: ctx.clock(),
    });
    await recordAudit(tx, caller, {
      eventId: event.id,
      kind: 'checkin.card',
      summary: `Saved ${cardLabel(card)} for ${deskName(before)} at the desk`,
      before: { bidderid: accountId, card: before.card },
      after: { bidderid: accountId, card },
    });
    const row = await checkinRowOrRefuse(tx, tenant, accountId);
    const saved: CheckinResponse = {
      status: 'success',
      message: `${cardLabel(card)} is saved for ${deskName(row)}.`,
      bidder: presentCheckin(row, event.timezone),
    };
    if (key) await keepAnswer(tx, request, key, saved);
    return saved;
  });
  publishConsole(ctx, tenant, 'checkin');
  // The bidder's own phone shows its card on file again (and may now bid where a card is needed).
  ctx.live.toBidder(before.bidderId, { type: 'updateUser', ...codesOf(tenant) });
  return answer;
}
