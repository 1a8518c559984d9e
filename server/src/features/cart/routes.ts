import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { pickupCodeOf, pickupQrUrl } from '../../lib/pickup-codes';
import { route } from '../../lib/route';
import { listItems } from '../items/queries';
import { cardOnFile, savedCardOf } from '../payments/cards';
import { presentCart, presentOrderItems } from './presenter';
import { orderedWinsOf, unpaidWinsOf } from './queries';
import { balanceOf } from '../../money/ledger';
import { presentPhoneBalance, presentPhonePayments } from '../../money/phone-balance';

/** The cart: what the bidder won and has not paid for, and the open items they are bidding on; and their orders. */
export function cartRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    route(app, ctx, 'GET /myorders', async ({ caller: { tenant, bidderId } }) => {
      const orderitems = presentOrderItems(await orderedWinsOf(ctx.db, tenant.event, bidderId), tenant.event);
      const payments = presentPhonePayments(await balanceOf(ctx.db, tenant.event, bidderId));
      if (orderitems.length === 0) return { status: 'success', orderitems, payments };
      const code = await pickupCodeOf(ctx.db, { eventId: tenant.event.id, bidderId });
      const qrurl = pickupQrUrl(ctx.site.originOf(tenant.organization.auctioncode), code);
      return { status: 'success', orderitems, payments, pickup: { code, qrurl } };
    });

    route(app, ctx, 'GET /cart', async ({ caller: { tenant, bidderId } }) => {
      const ledger = await balanceOf(ctx.db, tenant.event, bidderId);
      // An item on hold at the desk is not the phone's to pay: it shows on the balance, apart.
      const held = new Set(ledger.lines.filter((l) => l.kind === 'item' && l.held).map((l) => l.id));
      const won = (await unpaidWinsOf(ctx.db, tenant.event, bidderId)).filter((w) => !held.has(w.won.id));
      const items = await listItems(ctx.db, { tenant, bidderId, now: ctx.clock() });
      const card = savedCardOf(await cardOnFile(ctx.db, tenant.event, bidderId));
      const balance = presentPhoneBalance(ledger);
      return presentCart({ event: tenant.event, payments: ctx.payments, won, items, card, balance });
    });
  };
}
