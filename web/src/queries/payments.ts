import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { keys } from './keys';
import { useSession } from '../session/SessionProvider';

/** The bidder's card on file and the event's card processor. Guests and visitors have none. */
export function usePaymentMethod() {
  const { user, isGuest, eventcode } = useSession();
  return useQuery({
    queryKey: keys.paymentMethod(eventcode),
    queryFn: () => api('GET /userpaymentmethod'),
    enabled: user !== null && !isGuest,
  });
}
