import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { keys } from './keys';
import { useLiveStaleTime } from '../realtime/state';
import { useSession } from '../session/SessionProvider';

/** The bidder's cart (won items and open bids). Guests and visitors have none. */
export function useCart() {
  const { user, isGuest, eventcode } = useSession();
  return useQuery({
    queryKey: keys.cart(eventcode),
    queryFn: () => api('GET /cart'),
    enabled: user !== null && !isGuest,
    staleTime: useLiveStaleTime(),
  });
}
