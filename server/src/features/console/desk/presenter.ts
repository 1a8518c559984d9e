import {
  type Balance,
  cardLabel,
  type DeskBalance,
  type DeskPaymentResponse,
  deskWords,
  isoInZone,
  refundable,
} from '@gavel/domain';
import type { CardRow } from '../../payments/cards';
import type { BalancePaid } from './pay';

/** A bidder as the desk names them: the account id (the console's `bidderid`), the number and the name. */
export interface DeskPerson {
  bidderId: number;
  accountId: number;
  number: number;
  name: string;
  email: string;
}

export const cardText = (card: CardRow | undefined) =>
  card ? cardLabel({ brand: card.brand, last4: card.last4 }) : '';

/** The orders whose receipts a balance has: the phone's checkouts and the desk orders, oldest first. */
export const receiptsOf = (balance: Balance): number[] =>
  [...new Set(balance.payments.flatMap((p) => (p.orderId === null ? [] : [p.orderId])))].sort((a, b) => a - b);

/** A balance as the desk shows it (cents: the answer's schema makes dollars). */
export function presentBalance(
  balance: Balance,
  {
    who,
    card,
    people,
    timezone,
  }: { who: DeskPerson; card: CardRow | undefined; people: Map<number, DeskPerson>; timezone: string },
): DeskBalance {
  const personOf = (bidderId: number) => {
    const p = people.get(bidderId);
    return p
      ? { bidderid: p.accountId, biddernumber: p.number, name: p.name }
      : { bidderid: 0, biddernumber: 0, name: '' };
  };
  return {
    bidder: {
      bidderid: who.accountId,
      biddernumber: who.number,
      name: who.name,
      email: who.email,
      cardonfile: card !== undefined,
      card: cardText(card),
    },
    lines: balance.lines.map((l) => ({
      kind: l.kind,
      id: l.id,
      hold: l.hold ?? null,
      label: l.label,
      itemnum: l.itemnum,
      quantity: l.quantity,
      amount: l.amount,
      billme: l.billme,
      settled: !l.open,
      won: l.won,
    })),
    payments: balance.payments.map((p) => ({
      source: p.source,
      id: p.id,
      method: p.method,
      amount: p.amount,
      state: p.state,
      paidby: personOf(p.payerId),
      reference: p.reference,
      card: p.cardbrand ? cardLabel({ brand: p.cardbrand, last4: p.cardlast4 }) : '',
      at: isoInZone(p.at, timezone),
      of: p.of ?? null,
      refundable: p.source !== 'refund' && p.state === 'paid' ? refundable(balance, { source: p.source, id: p.id }) : 0,
    })),
    charged: balance.charged,
    paid: balance.paid,
    due: Math.max(0, balance.due),
    credit: balance.credit,
    held: balance.held,
    inprogress: balance.inProgress,
    receipts: receiptsOf(balance),
  };
}

/** A payment's outcome as the desk call answers it; a declined card is refused instead (402). */
export function presentPaid(paid: BalancePaid, receipts: number[]): DeskPaymentResponse {
  if (paid.kind === 'declined') throw new Error('a declined payment is refused (402), not answered');
  const result = paid.kind;
  return {
    status: 'success',
    result,
    message: paid.message || (result === 'alreadypaid' ? deskWords.alreadyPaid : ''),
    paymentid: paid.payment?.id ?? null,
    amount: paid.kind === 'alreadypaid' || paid.kind === 'confirm' ? 0 : (paid.payment?.amount ?? 0),
    due: Math.max(0, paid.due),
    receipts,
  };
}
