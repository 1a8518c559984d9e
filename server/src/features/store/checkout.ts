import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  checkoutProblem,
  currentPrice,
  promoDiscount,
  promoProblem,
  type StoreCheckoutRequest,
  type StoreCheckoutResponse,
  storeAmounts,
  storeMessages,
} from '@gavel/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { storeCartLines, storeCarts, storeOrders } from '../../db/schema';
import { AppError } from '../../errors';
import type { CartCaller } from '../../lib/caller';
import type { ChargeOutcome, ChargeRequest } from '../../payments/gateway';
import { processorCodeOf } from '../../payments/processor';
import type { Tenant } from '../../tenancy';
import { gatewayOf } from '../payments/cards';
import { charge } from '../payments/checkout';
import { finalizeOrder, registersGuests, releaseStoreOrder, summaryOf } from './orders';
import {
  type CartRow,
  heldUnits,
  linesOf,
  lockItems,
  lockPromo,
  orderOfCart,
  promoOf,
  promoUses,
  remainingFor,
  type StoreOrderRow,
} from './queries';
import { checkedOutToken, salesClosed, type StoreSettings, storeSettingsOf } from './setup';

/**
 * PUT storecheckout. A cart is checked out once: its row is locked first, and a cart already
 * checked out answers its order again (a double submit never sells or charges twice). Like the
 * auction's checkout, a card order runs in three steps so that no lock is held while the processor
 * answers: (1) under the cart's and the items' locks, recheck what is left beside every other
 * live cart, the promo code and the sums, and record the order (the cart now holds its units
 * without expiry); (2) charge under the order's own key; (3) final (units sold, receipt), or
 * declined (the cart opens again), or unknown (pending, for the reconciliation job).
 */
export async function storeCheckout(
  ctx: AppContext,
  caller: CartCaller,
  body: StoreCheckoutRequest,
  origin: string,
): Promise<StoreCheckoutResponse> {
  const { tenant } = caller;
  const settings = await storeSettingsOf(ctx.db, tenant.event);
  if (body.paymentintentid) return finishConfirmed(ctx, caller, settings, body.paymentintentid, origin);
  const gateway = body.paymentmethod === 'CREDIT' ? gatewayOf(ctx, tenant.event) : undefined;
  const placed = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [cart] = await tx.select().from(storeCarts).where(eq(storeCarts.id, caller.cart.cartid)).for('update');
    if (!cart || cart.eventId !== tenant.event.id)
      throw new AppError('unauthorized', 'This cart is not valid. Please reload the page.');
    if (cart.state === 'checkedout') {
      const done = await orderOfCart(tx, cart.id);
      if (done) return { done };
    }
    if (cart.state === 'checkout') {
      // A second submit while the card is being charged is answered with the same order.
      const pending = await orderOfCart(tx, cart.id);
      if (pending) return { done: pending };
      throw new AppError('conflict', storeMessages.checkoutPending);
    }
    if (cart.state === 'expired' || cart.expiresAt <= now) throw new AppError('expired', storeMessages.cartExpired);
    if (salesClosed(tenant.event, now)) throw new AppError('expired', storeMessages.storeClosed);
    const order = await placeOrder(tx, tenant, cart, settings, body, now);
    if (order.method === 'CREDIT') return { order };
    return {
      done: await finalizeOrder(tx, {
        tenant,
        settings,
        order,
        state: order.method === 'BILLME' ? 'unpaid' : 'paid',
        now,
        origin,
      }),
      sold: true,
    };
  });
  if ('sold' in placed) ctx.totals.touch(tenant);
  if ('done' in placed && placed.done) return answerFor(ctx, tenant, settings, placed.done);
  if (!('order' in placed) || !placed.order || !gateway) throw new Error('a card order without a gateway');
  const order = placed.order;
  const outcome = await charge(ctx, () =>
    gateway.charge(chargeRequest(tenant, order, { token: body.processortoken ?? '' })),
  );
  return settle(ctx, tenant, settings, order, outcome, origin);
}

function chargeRequest(tenant: Tenant, order: StoreOrderRow, source: { token: string }): ChargeRequest {
  return {
    amount: order.total,
    currency: tenant.event.currency,
    source,
    key: order.chargeKey,
    description: `${tenant.event.eventname}: store order S-${order.id}`,
    metadata: { storeorderid: String(order.id), chargekey: order.chargeKey, eventcode: tenant.event.eventcode },
  };
}

/** A card payment the buyer confirmed with their bank: finish it on the cart's order waiting for it. */
async function finishConfirmed(
  ctx: AppContext,
  caller: CartCaller,
  settings: StoreSettings,
  ref: string,
  origin: string,
): Promise<StoreCheckoutResponse> {
  const { tenant } = caller;
  const [order] = await ctx.db
    .select()
    .from(storeOrders)
    .where(
      and(
        eq(storeOrders.cartId, caller.cart.cartid),
        eq(storeOrders.eventId, tenant.event.id),
        eq(storeOrders.processorRef, ref),
      ),
    )
    .limit(1);
  if (!order) throw new AppError('not_found', 'This payment was not found. Please start checkout again.');
  if (order.state === 'paid' || order.state === 'unpaid') return answerFor(ctx, tenant, settings, order);
  if (order.state !== 'pending')
    throw new AppError('conflict', 'This payment did not go through. Please start checkout again.');
  const outcome = await charge(ctx, () =>
    gatewayOf(ctx, tenant.event).charge({ ...chargeRequest(tenant, order, { token: '' }), confirmed: ref }),
  );
  return settle(ctx, tenant, settings, order, outcome, origin);
}

/**
 * Step 1: everything checked under the locks, and the order that now holds the cart's units. Each
 * line is charged its item's current price, read from the locked row and written to the line (the
 * receipt and the report read the lines), never a price held from before the organizer changed it.
 */
async function placeOrder(
  tx: Tx,
  tenant: Tenant,
  cart: CartRow,
  settings: StoreSettings,
  body: StoreCheckoutRequest,
  now: Date,
): Promise<StoreOrderRow> {
  const held = await linesOf(tx, cart.id);
  if (held.length === 0) throw new AppError('bad_request', storeMessages.noItems);
  const items = await lockItems(
    tx,
    tenant.event.id,
    held.map((l) => l.itemId),
  );
  const lines = held.map((l) => {
    const item = items.find((i) => i.id === l.itemId);
    return item ? { ...l, price: currentPrice(item) } : l;
  });
  const units = await heldUnits(
    tx,
    items.map((i) => i.id),
    cart.id,
    now,
  );
  for (const line of lines) {
    const item = items.find((i) => i.id === line.itemId);
    const left = item ? remainingFor(item, units) : 0;
    if (line.quantity > left)
      throw new AppError(
        'conflict',
        `${storeMessages.insufficientTitle}: ${line.name}, ${left} Remaining. Please change the quantity and try again.`,
      );
  }
  // The code's uses are counted under its row lock, and this order is one of them once committed:
  // of two checkouts for its last use, the second counts the first's order and is refused.
  let discount = 0;
  let promo: { id: number; code: string } | undefined;
  if (cart.promoCodeId !== null) {
    const [row] = await lockPromo(tx, cart.promoCodeId);
    const problem = row ? promoProblem(promoOf(row), lines, await promoUses(tx, row.id, cart.id), now) : undefined;
    // A page still counting on the discount is told plainly that the code has run out; the cart keeps it and changes nothing.
    if (problem === storeMessages.promoUsedUp && body.discountamount > 0)
      throw new AppError('conflict', storeMessages.promoRanOut);
    if (row && !problem) {
      discount = promoDiscount(promoOf(row), lines);
      promo = { id: row.id, code: row.code };
    }
  }
  // The card fee is a card payment's: a Bill Me order sending one is told its total changed.
  const coverFee = settings.allowpaymentoffees && body.paymentmethod === 'CREDIT' && body.ccfeesamount > 0;
  const amounts = storeAmounts({
    lines,
    discount,
    donation: body.additionaldonation,
    coverFee,
    percent: settings.ccfeespercent,
  });
  const sent = [body.subtotal, body.discountamount, body.ccfeesamount, body.totalamount];
  const ours = [amounts.subtotal, amounts.discount, amounts.fee, amounts.total];
  if (sent.some((v, i) => v !== ours[i])) throw new AppError('conflict', storeMessages.totalChanged);
  if (amounts.total === 0 && body.paymentmethod !== 'FREE') throw new AppError('bad_request', storeMessages.notFree);
  if (amounts.total > 0 && body.paymentmethod === 'FREE')
    throw new AppError('bad_request', storeMessages.freeOnlyAtZero);
  if (body.paymentmethod === 'BILLME' && !settings.billme) throw new AppError('bad_request', storeMessages.billMeOff);
  const problem = checkoutProblem(body, {
    total: amounts.total,
    method: body.paymentmethod,
    hasCardToken: Boolean(body.processortoken),
    requiredemail: settings.requiredemail,
    requiredzip: settings.requiredzip,
  });
  if (problem) throw new AppError('bad_request', problem);

  for (const line of lines.filter((l, i) => l.price !== held[i]?.price))
    await tx
      .update(storeCartLines)
      .set({ price: line.price })
      .where(and(eq(storeCartLines.cartId, cart.id), eq(storeCartLines.itemId, line.itemId)));
  const [order] = await tx
    .insert(storeOrders)
    .values({
      eventId: tenant.event.id,
      cartId: cart.id,
      method: body.paymentmethod,
      state: 'pending',
      first: body.first.trim(),
      last: body.last.trim(),
      address: body.address.trim(),
      city: body.city.trim(),
      region: body.state.trim(),
      zip: body.zip.trim(),
      email: body.email.trim(),
      promoCodeId: promo?.id ?? null,
      promocode: promo?.code ?? '',
      ...amounts,
      currency: tenant.event.currency,
      processorcode: processorCodeOf(tenant.event.paymentprocessorcode),
      chargeKey: `gavel_store_${randomUUID()}`,
      createdAt: now,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  // The cart keeps its units, without expiry, until the processor answers.
  if (order.method === 'CREDIT')
    await tx
      .update(storeCarts)
      .set({ state: 'checkout', promoCodeId: promo?.id ?? null, updatedAt: now })
      .where(eq(storeCarts.id, cart.id));
  return order;
}

/** Step 3: record what the processor said, and answer. */
async function settle(
  ctx: AppContext,
  tenant: Tenant,
  settings: StoreSettings,
  order: StoreOrderRow,
  outcome: ChargeOutcome,
  origin: string,
): Promise<StoreCheckoutResponse> {
  const now = ctx.clock();
  if (outcome.kind === 'requires_action') {
    // The cart keeps its units while the buyer confirms; the reconciliation job gives up on a payment never confirmed.
    await ctx.db.update(storeOrders).set({ processorRef: outcome.ref }).where(eq(storeOrders.id, order.id));
    return {
      status: 'requires_action',
      title: 'Please confirm your payment',
      message: 'Your bank asks you to confirm this payment.',
      token: '',
      summary: summaryOf(order),
      clientsecret: outcome.clientsecret,
      paymentintentid: outcome.ref,
    };
  }
  if (outcome.kind === 'failed') {
    await ctx.db.transaction((tx) => releaseStoreOrder(tx, order, outcome.message, now, outcome.ref));
    throw new AppError('payment_failed', outcome.message);
  }
  if (outcome.kind === 'unknown') {
    if (outcome.ref)
      await ctx.db.update(storeOrders).set({ processorRef: outcome.ref }).where(eq(storeOrders.id, order.id));
    return {
      status: 'pending',
      title: storeMessages.thanksTitle,
      message: storeMessages.checkoutPending,
      token: '',
      summary: summaryOf(order),
    };
  }
  const final = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(storeOrders).where(eq(storeOrders.id, order.id)).for('update');
    if (!locked || locked.state !== 'pending') return { order: locked ?? order, sold: false };
    await tx.update(storeOrders).set({ processorRef: outcome.ref }).where(eq(storeOrders.id, order.id));
    return {
      order: await finalizeOrder(tx, {
        tenant,
        settings,
        order: locked,
        state: 'paid',
        now,
        origin,
        card: outcome.card,
      }),
      sold: true,
    };
  });
  if (final.sold) ctx.totals.touch(tenant);
  return answerFor(ctx, tenant, settings, final.order);
}

/**
 * The answer for an order. When it is final, the purchase has guest seats and the store has a
 * Registration tab, a cart token lets the page move on to it; it ends a fixed time after the order
 * became final, so a checkout answered again (a double submit, a replay) never lengthens it.
 * Otherwise the token is '' and the page shows the summary: a pending order opens no registration.
 */
async function answerFor(
  ctx: AppContext,
  tenant: Tenant,
  settings: StoreSettings,
  order: StoreOrderRow,
): Promise<StoreCheckoutResponse> {
  const now = ctx.clock();
  const lines = await linesOf(ctx.db, order.cartId);
  const final = order.state === 'paid' || order.state === 'unpaid';
  const token = final && registersGuests(lines, settings) ? await checkedOutToken(ctx, tenant, order, now) : '';
  return {
    status: order.state === 'pending' ? 'pending' : 'success',
    title: storeMessages.thanksTitle,
    message:
      order.state === 'pending'
        ? storeMessages.checkoutPending
        : order.method === 'BILLME'
          ? storeMessages.billMeThanks
          : storeMessages.thanksText,
    token,
    summary: summaryOf(order),
  };
}
