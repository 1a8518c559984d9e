import { type Cents, FREE_ITEM_TYPE, formatMoney, isTestPayment, TEST_PAYMENT_NOTE } from '@gavel/domain';
import { type MailBrand, type MailMessage, message } from './templates';

export interface StoreReceipt {
  first: string;
  /** processorcode: the processor the order went through; a card paid through the test gateway (1) moved no money. */
  order: { id: number; subtotal: Cents; discount: Cents; promocode: string; donation: Cents; fee: Cents; total: Cents; method: 'CREDIT' | 'BILLME' | 'FREE'; processorcode: number };
  lines: Array<{ name: string; quantity: number; price: Cents; itemtypecode: number }>;
  paidWith: string;
}

/**
 * The store's receipt: the lines, discount, donation, fee, total and how it was paid, with the
 * link to assign guests to the tickets when the purchase has seats (the Update Registration link
 * the spec's Complete Registration dialog points to).
 */
export function storeReceiptMail(brand: MailBrand, r: StoreReceipt, registrationUrl: string | undefined): MailMessage {
  const { order } = r;
  const lines = r.lines.map((l) =>
    l.itemtypecode === FREE_ITEM_TYPE ? `${l.name}: ${l.quantity} × FREE` : `${l.name}: ${l.quantity} × ${formatMoney(l.price)} = ${formatMoney(l.price * l.quantity)}`,
  );
  const sums = [
    `Subtotal: ${formatMoney(order.subtotal)}`,
    ...(order.discount > 0 ? [`Promo code ${order.promocode}: −${formatMoney(order.discount)}`] : []),
    ...(order.donation > 0 ? [`Additional donation: ${formatMoney(order.donation)}`] : []),
    ...(order.fee > 0 ? [`Card processing fee you covered: ${formatMoney(order.fee)}`] : []),
    `Total: ${formatMoney(order.total)}`,
    order.method === 'BILLME' ? `Payment: Bill Me. The organizer will bill you for ${formatMoney(order.total)}.` : order.method === 'FREE' ? 'Nothing to pay.' : `Paid with ${r.paidWith}.`,
    ...(isTestPayment({ processorcode: order.processorcode, card: order.method === 'CREDIT' }) ? [TEST_PAYMENT_NOTE] : []),
  ];
  const registration = registrationUrl ? ['Use the Update Registration button below to assign your guests to your tickets, and to change their details later.'] : [];
  return message(
    brand,
    `Your receipt from ${brand.eventname} (order S-${order.id})`,
    order.method === 'BILLME' ? 'Thank you! Your order is saved' : 'Thank you for your purchase!',
    [`Hi ${r.first || 'there'}, here is your receipt for order S-${order.id}.`, ...lines, ...sums, ...registration],
    registrationUrl ? [{ label: 'Update Registration', url: registrationUrl }] : [],
    'Keep this email as your receipt. Thank you for supporting our cause.',
  );
}
