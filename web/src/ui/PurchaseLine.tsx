import { type Cents, formatMoney } from '@gavel/domain';

/** A bought item as checkout and order history show it: name, number, quantity × price, and the line's total. */
export function PurchaseLine({
  name,
  itemnum,
  quantity,
  amount,
}: {
  name: string;
  itemnum: string;
  quantity: number;
  amount: Cents;
}) {
  return (
    <>
      <span>
        <strong>{name}</strong>
        <br />
        <small className="gavel-muted">
          #{itemnum} · {quantity} × {formatMoney(amount)}
        </small>
      </span>
      <strong>{formatMoney(amount * quantity)}</strong>
    </>
  );
}
