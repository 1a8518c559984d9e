import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import '../api/storeCalls';
import { useSession } from '../session/SessionProvider';
import { keys } from './keys';

/**
 * Guest registration's data. The purchaser's and a guest's pages open with the emailed link's
 * secret, exchanged for a registration token held only by the page (a reload exchanges it again);
 * the store's Registration tab uses the checked-out cart's token. Every call after the exchange
 * carries that token, never the login token.
 */

/** GET purchaserregistration/{id}: the purchaser's groups and token. */
export function usePurchaserRegistration(secret: string) {
  const { eventcode } = useSession();
  return useQuery({
    queryKey: keys.registrationLink(eventcode, 'purchaser', secret),
    queryFn: () =>
      api('GET /purchaserregistration/:id', undefined, {
        anonymous: true,
        params: { id: secret },
        query: { eventcode },
      }),
    enabled: eventcode !== '' && secret !== '',
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** GET guestregistration/{id}: the guest's registration and a token for their seat. */
export function useGuestRegistration(secret: string) {
  const { eventcode } = useSession();
  return useQuery({
    queryKey: keys.registrationLink(eventcode, 'guest', secret),
    queryFn: () =>
      api('GET /guestregistration/:id', undefined, { anonymous: true, params: { id: secret }, query: { eventcode } }),
    enabled: eventcode !== '' && secret !== '',
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** GET storeguest: the purchase's groups, reloaded after every save and rename. */
export function useGuestGroups(token: string | null) {
  const { eventcode } = useSession();
  return useQuery({
    queryKey: keys.guestGroups(eventcode, token ?? ''),
    queryFn: () => api('GET /storeguest', undefined, { token: token ?? '' }),
    enabled: eventcode !== '' && !!token,
  });
}

/** POST storeguest: one seat's dialog, with its person, another of the purchase's, or a new one (-1). */
export function useGuestDialog(token: string, guestid: number | null, registrationid: number | undefined) {
  const { eventcode } = useSession();
  return useQuery({
    queryKey: keys.guestDialog(eventcode, token, guestid ?? 0, registrationid),
    queryFn: () =>
      api(
        'POST /storeguest',
        { guestid: guestid ?? 0, ...(registrationid === undefined ? {} : { registrationid }) },
        { token },
      ),
    enabled: guestid !== null && token !== '',
    staleTime: 0,
    gcTime: 0,
  });
}

/** After a save or a rename: the groups and every dialog are read again. */
export function useReloadGuests() {
  const { eventcode } = useSession();
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) =>
        q.queryKey[0] === 'registration' &&
        q.queryKey[1] === eventcode &&
        (q.queryKey[2] === 'groups' || q.queryKey[2] === 'dialog'),
    });
}
