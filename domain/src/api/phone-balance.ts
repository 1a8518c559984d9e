import { z } from 'zod';
import { money } from '../money';

/**
 * The bidder's balance as their phone shows it (issue 47: everything the desk and charge all will
 * take is on the phone, with the same figures): read from the one ledger, as the desk reads it.
 */
export const phoneBalanceLine = z.object({
  /** pledge: a fund-a-need pledge; billme: a line of a Bill Me order (the auction's or the store's); donation and fee of such an order. */
  kind: z.enum(['item', 'pledge', 'donation', 'fee', 'storebillme']),
  label: z.string(),
  amount: money,
  billme: z.boolean(),
  /** On hold at the checkout desk (disputed): nobody is charged for it until it is resolved. */
  held: z.boolean(),
});

export const phonePayment = z.object({
  /** 'phone': paid on this phone; 'desk': at the checkout desk or by charge all; 'refund': money given back (below 0). */
  source: z.enum(['phone', 'desk', 'refund']),
  method: z.enum(['card', 'cash', 'check']),
  amount: money,
  /** Being processed (a card charge or refund sent, its answer not in yet). */
  pending: z.boolean(),
  /** 'Card: Visa ending in 4242', 'Cash', 'Check 1042', 'Given back to the card'. */
  label: z.string(),
  at: z.string(),
});

export type PhonePayment = z.infer<typeof phonePayment>;

export const phoneBalance = z.object({
  /** What is owed besides the cart's items: pledges and Bill Me orders not yet paid. */
  lines: z.array(phoneBalanceLine),
  /** Everything charged (the cart's items too), everything paid less money given back, and what is due: the desk's figures. */
  charged: money,
  /** Lines on hold at the checkout desk, not in `charged`. */
  held: money,
  paid: money,
  due: money,
  /** Paid over what is owed: the organizer gives it back. */
  credit: money,
  /** Paid at the checkout desk and not yet tied to items: paying the cart on the phone would pay them twice. */
  paidatdesk: money,
});
export type PhoneBalance = z.infer<typeof phoneBalance>;

/** The phone's words for its balance. */
export const phoneBalanceWords = {
  title: 'Also on your balance',
  payAtDesk:
    'Pay these at the checkout desk, or they are charged to your card on file when the organizer charges all cards.',
  payRest: 'Please pay it at the checkout desk.',
  onHold: 'on hold at the checkout desk',
  credit: (amount: string) => `You paid ${amount} more than you owe. The organizer will give it back.`,
  payments: 'Payments',
} as const;
