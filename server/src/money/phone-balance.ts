import {
  type Balance,
  cardLabel,
  type PhoneBalance,
  type PhonePayment,
  phoneBalanceWords,
  refundHow,
  unappliedCredit,
} from '@gavel/domain';

/**
 * The balance as the bidder's phone shows it, from the same ledger the desk reads: the open lines
 * that are not the cart's own items (a pledge, a Bill Me order's lines, a store order they
 * confirmed), and the desk's figures, so the phone and the desk say the same.
 */
export function presentPhoneBalance(balance: Balance): PhoneBalance {
  return {
    lines: balance.lines
      .filter((l) => l.open && (l.held || !(l.kind === 'item' && l.orderId === null)))
      .map((l) => ({
        kind: l.kind,
        label: l.held
          ? `${l.label} (${phoneBalanceWords.onHold})`
          : l.kind === 'item' && l.billme
            ? `${l.label} (Bill Me)`
            : l.label,
        amount: l.amount,
        billme: l.billme,
        held: l.held ?? false,
      })),
    charged: balance.charged,
    held: balance.held,
    paid: balance.paid,
    due: Math.max(0, balance.due),
    credit: balance.credit,
    paidatdesk: unappliedCredit(balance),
  };
}

/** Every payment on the balance, as the bidder's order history lists them, oldest first. */
export function presentPhonePayments(balance: Balance): PhonePayment[] {
  return [...balance.payments]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((p) => {
      const card = p.cardbrand ? `Card: ${cardLabel({ brand: p.cardbrand, last4: p.cardlast4 })}` : 'Card';
      const how = p.method === 'card' ? card : p.method === 'cash' ? 'Cash' : `Check ${p.reference}`.trim();
      const where = p.source === 'phone' ? 'on this phone' : 'at the checkout desk';
      return {
        source: p.source,
        method: p.method,
        amount: p.amount,
        pending: p.state === 'pending',
        label: p.source === 'refund' ? `Given back ${refundHow(p.method)}` : `${how}, ${where}`,
        at: p.at.toISOString(),
      };
    });
}
