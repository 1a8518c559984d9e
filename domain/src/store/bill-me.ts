import { type Cents, formatMoney } from '../money';

/**
 * A Bill Me store order and a bidder's balance (issue 47): the order goes on the balance of the
 * bidder whose address the buyer typed only when that bidder confirms it through the link mailed
 * to that address. Until then it is the purchaser's own invoice, paid at the checkout desk.
 */
export const billMeWords = {
  subject: (eventname: string) => `Add your store order to your bidder balance for ${eventname}?`,
  offer: (orderid: number, total: Cents) =>
    `Store order S-${orderid} (${formatMoney(total)}) was placed with Bill Me and this email address, which is yours as a bidder. Tap the button to add it to your bidder balance, to pay it with the rest of your balance at the checkout desk.`,
  ignore:
    'If you did not place this order, ignore this email: nothing is added to your balance unless you tap the button.',
  button: 'Add to my balance',
  question: (orderid: number, total: Cents) =>
    `Add store order S-${orderid} (${formatMoney(total)}) to your bidder balance?`,
  added: (orderid: number) =>
    `Store order S-${orderid} is on your bidder balance: it is paid with the rest of your balance at the checkout desk.`,
  paid: (orderid: number) => `Store order S-${orderid} is already paid: there is nothing to add.`,
  invalid: 'This link is not valid. Please use the latest link we emailed you.',
  noBidder:
    'This address is no longer a bidder of this event, so the order cannot go on a balance. Pay it at the checkout desk.',
} as const;
