import { type Cents, formatMoney, isTestPayment, TEST_PAYMENT_NOTE } from '@gavel/domain';
import { type MailBrand, type MailMessage, message } from './templates';

export interface Receipt {
  firstname: string;
  orderId: number;
  lines: Array<{ itemnum: string; name: string; quantity: number; amount: Cents; location: string }>;
  donation: Cents;
  fee: Cents;
  total: Cents;
  paidWith: string;
  billMe: boolean;
  /** The processor the order went through: a card paid through the test gateway (1) moved no money. */
  processorcode: number;
  pickups: string[];
}

/** The receipt sent after every checkout: what was bought, what was paid and how, and where to collect it. */
export function receiptMail(brand: MailBrand, r: Receipt, ordersUrl: string): MailMessage {
  const items = r.lines.map((l) => `#${l.itemnum} ${l.name}: ${l.quantity} × ${formatMoney(l.amount)} = ${formatMoney(l.amount * l.quantity)}`);
  const sums = [
    ...(r.donation > 0 ? [`Additional donation: ${formatMoney(r.donation)}`] : []),
    ...(r.fee > 0 ? [`Card processing fee you covered: ${formatMoney(r.fee)}`] : []),
    `Total: ${formatMoney(r.total)}`,
    r.billMe ? `Payment: Bill Me. The organizer will bill you for ${formatMoney(r.total)}.` : `Paid with ${r.paidWith}.`,
    ...(isTestPayment({ processorcode: r.processorcode, card: !r.billMe }) ? [TEST_PAYMENT_NOTE] : []),
  ];
  const pickup = r.pickups.length > 0 ? r.pickups.map((p) => `Pickup: ${p}`) : ['Pickup: the organizer will tell you where and when to collect your items.'];
  return message(
    brand,
    `Your receipt from ${brand.eventname} (order ${r.orderId})`,
    r.billMe ? 'Thank you! Your order is saved' : 'Thank you for your purchase!',
    [`Hi ${r.firstname || 'there'}, here is your receipt for order ${r.orderId}.`, ...items, ...sums, ...pickup],
    [{ label: 'View Order History', url: ordersUrl }],
    'Keep this email as your receipt. Thank you for supporting our cause.',
  );
}
