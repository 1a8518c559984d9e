import { payLinkRequest, payLinkResponse } from '../console-chargeall';
import { contract } from '../contract';

/**
 * The bidder's side of a charge-all pay link: the link's secret traded for a session that may only
 * pay (the cart, checkout, the card on file, my orders). Kept apart so the bidder app's pay-link page
 * knows this one call without the console's (knowCalls).
 */
export const payLinkCalls = {
  'POST /paylink': contract({
    method: 'POST',
    path: '/paylink',
    access: 'public',
    tags: ['payments'],
    summary:
      'Follow a pay link (texted and emailed after a declined charge-all card): a session for paying only; an expired link, or a balance already paid, answers status expired',
    body: payLinkRequest,
    response: payLinkResponse,
  }),
};
