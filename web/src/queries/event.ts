import { useQuery } from '@tanstack/react-query';
import type { EventResponse, PrivacyPolicyResponse } from '@gavel/domain';
import { ApiError, apiPost } from '../../api/client';
import { useSession } from '../../session/SessionProvider';

const notFound = (err: unknown) => err instanceof ApiError && err.httpStatus === 404;

/** The event of the path. A 404 is final (no retries): the pages send the visitor to not-found. */
export function useEvent() {
  const { eventcode } = useSession();
  return useQuery({
    queryKey: ['event', eventcode],
    // receivedAt with servertime gives the phone's clock error, so countdowns end on time.
    queryFn: async (): Promise<EventResponse & { receivedAt: number }> => ({ ...(await apiPost<EventResponse>('/event/', { eventcode })), receivedAt: Date.now() }),
    retry: (count, err) => !notFound(err) && count < 2,
    staleTime: 30_000,
  });
}

export function isEventNotFound(err: unknown): boolean {
  return notFound(err);
}

export function usePrivacyPolicy() {
  const { eventcode } = useSession();
  return useQuery({
    queryKey: ['privacypolicy', eventcode],
    queryFn: () => apiPost<PrivacyPolicyResponse>('/privacypolicy', { eventcode }),
    retry: (count, err) => !notFound(err) && count < 2,
  });
}
