import { FREE_ITEM_TYPE, formatMoney, type StoreCartLine, storeMessages } from '@gavel/domain';

/** A cart's lines (the Cart tab, the confirmation): each name, its quantity × price, and its amount; free items say so. */
export function StoreLines({
  lines,
  testIdPrefix,
  className = '',
  label,
}: {
  lines: readonly StoreCartLine[];
  testIdPrefix: string;
  className?: string;
  label?: string;
}) {
  if (lines.length === 0) return null;
  return (
    <ul className={`gavel-pay-lines ${className}`.trim()} aria-label={label}>
      {lines.map((l) => {
        const free = l.itemtypecode === FREE_ITEM_TYPE;
        return (
          <li key={l.itemid} data-testid={`${testIdPrefix}${l.itemid}`}>
            <span>
              <strong>{l.name}</strong>
              <br />
              <small className="gavel-muted">
                {l.quantity} × {free ? storeMessages.free : formatMoney(l.price)}
              </small>
            </span>
            <strong>{free ? storeMessages.free : formatMoney(l.lineamount)}</strong>
          </li>
        );
      })}
    </ul>
  );
}
