import type { RequestOf } from '@gavel/domain';
import { api } from '../../api/client';
import { useIdempotencyKey } from '../../api/idempotency';
import { usePatchItem } from '../../queries/items';

/**
 * Sends a bid. A retry of the same bid (after a dropped connection) reuses its Idempotency-Key, so
 * it is placed once; a different bid gets a new key.
 */
export function useSubmitBid() {
  const patch = usePatchItem();
  const { headersFor: keyFor } = useIdempotencyKey();
  return {
    bid: async (body: RequestOf<'POST /submitbid'>) => {
      const res = await api('POST /submitbid', body, { headers: keyFor(body) });
      patch(res.item);
      return res;
    },
    maximum: async (body: RequestOf<'POST /maxbid'>) => {
      const res = await api('POST /maxbid', body, { headers: keyFor(body) });
      patch(res.item);
      return res;
    },
  };
}
