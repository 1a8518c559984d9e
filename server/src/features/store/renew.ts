import { holdMessages, keptHoldEnd, type StoreRenewResponse, storeMessages } from '@gavel/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { CartCaller } from '../../lib/caller';
import { holdsUnits, holdTimes, renewHold } from './hold';
import { cartOf } from './queries';
import { assertCartOpen, cartToken, salesClosed, storeSettingsOf } from './setup';

/**
 * PUT storecart/renew, the warning's "Keep my cart": the hold of a cart holding units runs for
 * holdminutes from now, never past the cart's lifetime, as a real change of the cart would renew it
 * (its lines take their items' current prices). Under the cart's row lock, so it cannot cross a
 * change or a checkout of the same cart. A retry renews again from its own moment, which is what
 * the buyer asked for: nothing is counted or charged, so it needs no idempotency key.
 *
 * Refused: a cart whose hold has ended (401 expired, at the token, or here at the row), a cart
 * checked out (409), sales closed (expired), an empty cart (409: there is no hold to keep, and an
 * empty cart is never let go from under its buyer), and a renewal that would end the hold no later
 * (409: the lifetime is spent).
 */
export async function renewCart(ctx: AppContext, caller: CartCaller): Promise<StoreRenewResponse> {
  const { event } = caller.tenant;
  const settings = await storeSettingsOf(ctx.db, event);
  const cart = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const row = await cartOf(tx, event.id, caller.cart.cartid, true);
    assertCartOpen(row, now);
    if (salesClosed(event, now)) throw new AppError('expired', storeMessages.storeClosed);
    if (!row.firstItemAt || !(await holdsUnits(tx, row.id))) throw new AppError('conflict', holdMessages.nothingHeld);
    if (!keptHoldEnd(now, settings.holdminutes, row.firstItemAt, row.expiresAt))
      throw new AppError('conflict', holdMessages.cannotExtend);
    return renewHold(tx, row, settings.holdminutes, now);
  });
  return {
    status: 'success',
    message: holdMessages.kept,
    token: await cartToken(ctx, caller.tenant, cart, ctx.clock()),
    ...holdTimes(cart, settings.holdminutes),
  };
}
