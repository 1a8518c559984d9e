import { useCallback, useEffect } from 'react';
import { isCartExpired, withCart } from '../../queries/store';
import { clearCartToken } from '../../session/cartToken';
import { useSession } from '../../session/SessionProvider';
import { useHistory } from '../../ui/navigation';

/**
 * Leaving the store for its landing page, its cart token forgotten: Finish, and any store call
 * the server answers 'expired' (spec section 8). The next visit starts a new cart.
 */
export function useLeaveStore() {
  const { eventcode } = useSession();
  const history = useHistory();
  return useCallback(() => {
    clearCartToken(eventcode);
    history.replace(`/${eventcode}/event`);
  }, [history, eventcode]);
}

/** A store call with the cart token; an expired cart leaves the store. */
export function useCartCall() {
  const { eventcode } = useSession();
  const leave = useLeaveStore();
  return useCallback(<T>(call: (token: string) => Promise<T>) => withCart(eventcode, call, leave), [eventcode, leave]);
}

/** A query of the store answered 'expired' (a forged or lapsed token): leave as every store call does. */
export function useLeaveWhenExpired(...errors: unknown[]) {
  const leave = useLeaveStore();
  const expired = errors.some(isCartExpired);
  useEffect(() => {
    if (expired) leave();
  }, [expired, leave]);
}
