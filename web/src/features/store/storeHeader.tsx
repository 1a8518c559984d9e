import { useEffect } from 'react';
import { cartCountdown, type StoreSetupResponse, type StoreTabName } from '@gavel/domain';
import { cartExpiresAt, clearCartToken } from '../../session/cartToken';
import { useServerNow } from '../../ui/HeaderCountdown';
import { tabEnabled } from './storeTabs';

/**
 * 'Cart Expires in 14m 05s', each second by the server's clock, from the cart token's exp. At zero
 * it reads 'Cart Expired. Please reload the page' and the token is forgotten (spec section 4),
 * which locks the page; without a token it already reads so.
 */
export function CartCountdown({ eventcode, token, expires }: { eventcode: string; token: string | null; expires: string }) {
  const now = useServerNow().getTime();
  const ends = token ? (cartExpiresAt(token) ?? Date.parse(expires)) : null;
  const left = ends === null || Number.isNaN(ends) ? 0 : ends - now;
  const over = token !== null && left <= 0;
  useEffect(() => {
    if (over) clearCartToken(eventcode);
  }, [over, eventcode]);
  return (
    <div className={`gavel-store-countdown${left <= 0 ? ' expired' : ''}`} role="timer" data-testid="cart-countdown">
      {cartCountdown(left)}
    </div>
  );
}

/** The tab buttons in the server's order; a tab that is not enabled cannot be opened. */
export function StoreTabs({ setup, current, units, onOpen }: { setup: StoreSetupResponse; current: StoreTabName; units: number; onOpen: (tab: StoreTabName) => void }) {
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
