import { z } from 'zod';
import { money } from '../money';
import { auctionItem } from './items';
import { paymentProcessorInfo, processorCode, savedCard } from './payments';
import { phoneBalance } from './phone-balance';

/** What the cart and the order history both show of a won item. */
export const wonLine = z.object({
  itemid: z.number().int(),
  name: z.string(),
  itemnum: z.string(),
  amount: money,
  quantity: z.number().int(),
});

/** The cart: won items awaiting checkout, and the open items the bidder is bidding on. */
export const cartItem = z.lazy(() =>
  wonLine.extend({
    historyid: z.number().int(),
    imageurl: z.string(),
    checked: z.boolean(),
    /** Won by a bid, bought with Buy It Now, or won in the live auction (entered at the console). */
    kind: z.enum(['bid', 'buynow', 'live']),
  }),
);
export type CartItem = z.infer<typeof cartItem>;
export const cartResponse = z.lazy(() =>
  z.object({
    status: z.literal('success'),
    auctionswon: z.array(cartItem),
    auctionsopen: z.array(auctionItem),
    /** The buyer may cover the card fee, at this percent of subtotal plus donation. */
    showccfees: z.boolean(),
    ccfeespercentage: z.number(),
    paymentprocessorisvalid: z.boolean(),
    paymentprocessorcode: processorCode,
    paymentprocessorinfo: paymentProcessorInfo,
    /** 'Use Visa ending in 4242' when a card is on file. */
    usecardtitle: z.string(),
    usecard: z.boolean(),
    card: savedCard.nullable(),
    allowbillme: z.boolean(),
    /** The bidder's whole balance from the ledger (what the desk shows): what is owed beyond the cart, paid, due. */
    balance: phoneBalance,
  }),
);
export type CartResponse = z.infer<typeof cartResponse>;
