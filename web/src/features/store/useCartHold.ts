import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { cartHold, type HoldState, type StoreCartResponse, type StoreSetupResponse } from '@gavel/domain';
import { api } from '../../api/client';
import '../../api/storeCalls';
import { keys } from '../../queries/keys';
import { withCart } from '../../queries/store';
import { cartExpiresAt, clearCartToken, storeCartToken } from '../../session/cartToken';
import { useAction } from '../../ui/action';
import { useServerNow } from '../../ui/HeaderCountdown';
import { useToast } from '../../ui/toast';

/** The shortest time between two quiet restarts of an empty cart. */
const QUIET_RESTART_MS = 30_000;

const instant = (iso: string | undefined): Date | null => {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms);
};

export interface CartHold {
  state: HoldState;
  /** Time left on the hold, by the server's clock (the countdown's; 0 once it has ended). */
  left: number;
  /** "Keep my cart": renews the hold on the server. */
  keep: () => void;
  keeping: boolean;
  /** The renewal's refusal, shown in the warning. */
  refusal: string;
  /** Drops the cart that was let go and opens a new, empty one. */
  startAgain: () => void;
}

/**
 * The store's hold, by the server's clock, from the cart token's exp (spec section 4) and the cart's
 * `maxexpires`: what the page says of it (domain/src/store/hold.ts), the one-tap renewal, and
 * starting again. At zero the token is forgotten (spec); an empty cart, which nobody was shown
 * counting down, is then quietly replaced by a new one instead of locking the page.
 */
export function useCartHold({
  eventcode,
  token,
  setup,
  cart,
  units,
  settled,
}: {
  eventcode: string;
  token: string | null;
  setup: StoreSetupResponse | undefined;
  cart: StoreCartResponse | undefined;
  units: number;
  settled: boolean;
}): CartHold {
  const client = useQueryClient();
  const toast = useToast();
  const now = useServerNow();
  const ends = token ? (cartExpiresAt(token) ?? instant(setup?.expires)?.getTime() ?? null) : null;
  const latest = instant(cart?.maxexpires || setup?.maxexpires);
  const state = cartHold({ units, settled, expires: ends === null ? null : new Date(ends), maxexpires: latest, now });
  const left = ends === null ? 0 : Math.max(0, ends - now.getTime());

  const startAgain = useCallback(() => {
    clearCartToken(eventcode);
    client.removeQueries({ queryKey: keys.storeCart(eventcode) });
    void client.resetQueries({ queryKey: keys.storeSetup(eventcode) });
  }, [client, eventcode]);

  const open = setup?.status === 'success' && !settled;
  const over = open && token !== null && ends !== null && ends <= now.getTime();
  const lapsedEmpty = open && token === null && units === 0;
  useEffect(() => {
    if (over) clearCartToken(eventcode);
  }, [over, eventcode]);
  // At most one quiet restart in a while: a phone whose clock runs far ahead of the server's would
  // otherwise see each new cart as over at once and open carts without end.
  const restarted = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (!lapsedEmpty || performance.now() - restarted.current < QUIET_RESTART_MS) return;
    restarted.current = performance.now();
    startAgain();
  }, [lapsedEmpty, startAgain]);

  const renew = useAction(
    () => withCart(eventcode, (t) => api('PUT /storecart/renew', {}, { token: t })),
    (answer) => {
      // The new token carries the hold's new end; the lines took their current prices with it.
      storeCartToken(eventcode, answer.token);
      void client.invalidateQueries({ queryKey: keys.storeCart(eventcode) });
      toast.success(answer.message);
    },
    // Refused (the lifetime is spent, say): what the cart can still be kept to is read again.
    () => void client.invalidateQueries({ queryKey: keys.storeCart(eventcode) }),
  );

  return { state, left, keep: () => renew.run(undefined), keeping: renew.busy, refusal: renew.error, startAgain };
}
