import { z } from 'zod';
import { phonePayment } from './phone-balance';
import { money } from '../money';
import { wonLine } from './cart';

/** Order history: won items paid at checkout. */
export const orderItem = z.lazy(() =>
  wonLine.extend({
    checkoutid: z.number().int(),
    pickupinstructions: z.string(),
    location: z.string(),
    /** Paid by card, or to be billed by the organizer (Bill Me). */
    paid: z.boolean(),
    paidwith: z.string(),
    /** Paid by card through the test gateway (processor code 1): no money moved (isTestPayment). */
    testpayment: z.boolean(),
    orderdate: z.string(),
    /** The whole order this line belongs to: its donation, covered card fee and total paid. */
    orderdonation: money,
    orderfee: money,
    ordertotal: money,
  }),
);
export type OrderItem = z.infer<typeof orderItem>;
export const ordersResponse = z.lazy(() =>
  z.object({
    status: z.literal('success'),
    orderitems: z.array(orderItem),
    /** The bidder's pickup code (as on their receipts) and its QR image; left out until they have an order. */
    pickup: z.object({ code: z.string(), qrurl: z.string() }).optional(),
    /** Every payment on the bidder's balance, oldest first: on the phone, at the desk, by charge all, and money given back. */
    payments: z.array(phonePayment),
  }),
);
export type OrdersResponse = z.infer<typeof ordersResponse>;
