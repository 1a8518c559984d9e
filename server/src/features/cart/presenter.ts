import type { AuctionItem, CartResponse, OrderItem, PhoneBalance, SavedCard } from '@gavel/domain';
import { cardLabel, isTestPayment } from '@gavel/domain';
import type { Payments } from '../../payments/processor';
import { processorCodeOf } from '../../payments/processor';
import type { EventRow } from '../../tenancy';
import { paidWith } from '../payments/orders';
import type { OrderedWin, UnpaidWin } from './queries';

/** Completed purchases: paid, or saved to be billed; a charge still being confirmed shows too. */
export function presentOrderItems(rows: OrderedWin[], event: EventRow): OrderItem[] {
  return rows
    .filter(({ order }) => order.state !== 'failed')
    .map(({ won, order, item }) => ({
      checkoutid: order.id,
      itemid: won.itemId,
      name: item.name,
      pickupinstructions: item.pickup || event.pickupinstructions,
      itemnum: item.itemnum,
      quantity: won.quantity,
      amount: won.amount,
      location: item.location,
      paid: order.state === 'paid',
      paidwith:
        order.state === 'pending'
          ? 'Payment being confirmed'
          : order.state === 'refunded'
            ? 'Refunded'
            : paidWith(order),
      testpayment: isTestPayment({ processorcode: order.processorcode, card: order.method === 'card' }),
      orderdate: order.createdAt.toISOString(),
      orderdonation: order.donation,
      orderfee: order.fee,
      ordertotal: order.total,
    }));
}

/** The cart: what the bidder won and has not paid for, the open items they bid on, and how they may pay. */
export function presentCart({
  event,
  payments,
  won,
  items,
  card,
  balance,
}: {
  event: EventRow;
  payments: Pick<Payments, 'takesCards' | 'processorInfo'>;
  won: UnpaidWin[];
  items: AuctionItem[];
  card: SavedCard | null;
  balance: PhoneBalance;
}): CartResponse {
  return {
    status: 'success',
    auctionswon: won.map(({ won, item }) => ({
      historyid: won.id,
      itemid: won.itemId,
      ...item,
      amount: won.amount,
      quantity: won.quantity,
      checked: true,
      kind: won.kind,
    })),
    auctionsopen: items.filter((i) => i.accountbiddingon && i.bidstatus === 'biddingopen'),
    showccfees: event.allowpayccfees && event.ccfeespercent > 0,
    ccfeespercentage: event.ccfeespercent,
    paymentprocessorisvalid: payments.takesCards(event),
    paymentprocessorcode: processorCodeOf(event.paymentprocessorcode),
    paymentprocessorinfo: payments.processorInfo(event),
    usecardtitle: card ? `Use ${cardLabel(card)}` : '',
    usecard: card !== null,
    card,
    allowbillme: event.allowbillme,
    balance,
  };
}
