import { cartResponse } from '../cart';
import { noticesResponse } from '../notices';
import { ordersResponse } from '../orders';
import { contract } from '../contract';

/** The bidder's own: the cart, notices and orders. */
export const cartCalls = {
  'GET /cart': contract({
    method: 'GET',
    path: '/cart',
    access: 'bidder',
    tags: ['cart'],
    summary: 'Won items awaiting checkout, and open items being bid on',
    response: cartResponse,
  }),
  'GET /notices': contract({
    method: 'GET',
    path: '/notices',
    access: 'bidder',
    tags: ['notices'],
    summary: "The bidder's notices of this event (outbid, won, closing soon), newest first",
    response: noticesResponse,
  }),
  'GET /myorders': contract({
    method: 'GET',
    path: '/myorders',
    access: 'bidder',
    tags: ['orders'],
    summary: 'Completed purchases: won items paid at checkout',
    response: ordersResponse,
  }),
};
