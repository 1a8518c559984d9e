import { cartCountdown, storeMessages, type StoreSetupResponse, type StoreTabName } from '@gavel/domain';
import { tabEnabled } from './storeTabs';
import type { CartHold } from './useCartHold';

/**
 * 'Cart Expires in 14m 05s', each second by the server's clock, from the cart token's exp; at zero
 * 'Cart Expired. Please reload the page' (spec section 4; useCartHold forgets the token then). An
 * empty cart shows no countdown: it holds nothing, and a new one replaces it when its time passes.
 */
export function CartCountdown({ hold }: { hold: Pick<CartHold, 'state' | 'left'> }) {
  if (hold.state.kind === 'none') return null;
  const over = hold.state.kind === 'letgo';
  return (
    <div className={`gavel-store-countdown${over ? ' expired' : ''}`} role="timer" data-testid="cart-countdown">
      {over ? storeMessages.cartExpired : cartCountdown(hold.left)}
    </div>
  );
}

/** The tab buttons in the server's order; a tab that is not enabled cannot be opened. */
export function StoreTabs({
  setup,
  current,
  units,
  onOpen,
}: {
  setup: StoreSetupResponse;
  current: StoreTabName;
  units: number;
  onOpen: (tab: StoreTabName) => void;
}) {
  return (
    <div className="gavel-store-tabs" role="tablist" aria-label="Store">
      {setup.tabs.map((t) => (
        <button
          key={t.tabname}
          type="button"
          role="tab"
          aria-selected={t.tabname === current}
          aria-controls={`store-panel-${t.tabname}`}
          disabled={!tabEnabled(t, setup.hascheckedout)}
          className={t.tabname === current ? 'on' : ''}
          data-testid={`store-tab-${t.tabname}`}
          onClick={() => onOpen(t.tabname)}
        >
          {t.tabname}
          {t.tabname === 'Cart' && units > 0 ? (
            <span className="gavel-store-tab-count" data-testid="cart-units">
              {units}
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
