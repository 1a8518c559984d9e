import type { Problem } from '@gavel/domain';

/** An imported item's quantity beside what its row already counts as gone (undefined for a new item). */
interface QuantityAtImport {
  quantity: number;
  unlimited: boolean;
  sold: number | undefined;
}

/**
 * A re-import may not set an item's quantity below the units already gone: one problem per such
 * item, at `{list}[i].quantity`, so the import is refused as a whole. Auction items count what was
 * sold or won; store items what was sold.
 */
export function quantitiesBelowSold(
  list: 'items' | 'store.items',
  items: QuantityAtImport[],
  gone: 'sold' | 'sold or won',
): Problem[] {
  return items.flatMap(({ quantity, unlimited, sold }, i) =>
    sold !== undefined && !unlimited && quantity < sold
      ? [{ path: `${list}[${i}].quantity`, message: `cannot be below the ${sold} already ${gone}` }]
      : [],
  );
}
