import { type Cents, formatMoney } from '@gavel/domain';

/** The amounts a list shows; a row left out is not shown. */
export interface AmountRows {
  subtotal?: Cents;
  discount?: Cents;
  donation?: Cents;
  fee?: Cents;
  total?: Cents;
}

/**
 * Subtotal, discount, donation, the covered fee and the total of a payment, as the server will
 * check them: the auction's checkout and the store's cart. Discount, donation and fee show only
 * when there is one; the total is announced as it changes. Test ids are `{testIdPrefix}-subtotal`…
 */
export function PaymentAmounts({
  amounts,
  discountCode,
  testIdPrefix,
}: {
  amounts: AmountRows;
  /** The promo code the discount is of, named beside it. */
  discountCode?: string;
  testIdPrefix: 'checkout' | 'cart';
}) {
  const { subtotal, discount = 0, donation = 0, fee = 0, total } = amounts;
  return (
    <dl className="gavel-pay-summary">
      {subtotal !== undefined ? (
        <div>
          <dt>Subtotal</dt>
          <dd data-testid={`${testIdPrefix}-subtotal`}>{formatMoney(subtotal)}</dd>
        </div>
      ) : null}
      {discount > 0 ? (
        <div>
          <dt>Discount{discountCode ? ` (${discountCode})` : ''}</dt>
          <dd data-testid={`${testIdPrefix}-discount`}>−{formatMoney(discount)}</dd>
        </div>
      ) : null}
      {donation > 0 ? (
        <div>
          <dt>Additional donation</dt>
          <dd data-testid={`${testIdPrefix}-donation`}>{formatMoney(donation)}</dd>
        </div>
      ) : null}
      {fee > 0 ? (
        <div>
          <dt>Card processing fee</dt>
          <dd data-testid={`${testIdPrefix}-fee`}>{formatMoney(fee)}</dd>
        </div>
      ) : null}
      {total !== undefined ? (
        <div className="gavel-pay-total">
          <dt>Total</dt>
          <dd data-testid={`${testIdPrefix}-total`} aria-live="polite">
            {formatMoney(total)}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
