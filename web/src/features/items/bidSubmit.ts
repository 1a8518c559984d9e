import type { RequestOf } from '@gavel/domain';
import { api } from '../../api/client';
import { useIdempotencyKey } from '../../api/idempotency';
import { usePatchItem } from '../../queries/items';
import { placing } from './offline';

/**
 * Sends a bid. A retry of the same bid (after a dropped connection) reuses its Idempotency-Key, so
 * it is placed once; a different bid gets a new key. A bid that could not reach the server says
 * so in the bid screens' words (offline.ts).
 */
export function useSubmitBid() {
  const patch = usePatchItem();
  const { headersFor: keyFor } = useIdempotencyKey();
  return {
    bid: (body: RequestOf<'POST /submitbid'>) =>
      placing('bid', async () => {
        const res = await api('POST /submitbid', body, { headers: keyFor(body) });
        patch(res.item);
        return res;
      }),
    maximum: (body: RequestOf<'POST /maxbid'>) =>
      placing('maximum', async () => {
        const res = await api('POST /maxbid', body, { headers: keyFor(body) });
        patch(res.item);
        return res;
      }),
  };
}
