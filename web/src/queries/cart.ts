import { useQuery } from '@tanstack/react-query';
import type { CartResponse } from '@gavel/domain';
import { apiGet } from '../../api/client';
import { useSession } from '../../session/SessionProvider';

/** The bidder's cart (won items and open bids). Guests and visitors have none. */
export function useCart() {
  const { user, isGuest, eventcode } = useSession();
  return useQuery({
    queryKey: ['cart', eventcode, user?.userid ?? 0],
    queryFn: () => apiGet<CartResponse>('/cart'),
    enabled: user !== null && !isGuest,
  });
}
