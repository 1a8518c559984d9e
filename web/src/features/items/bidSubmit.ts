import type { RequestOf } from '@gavel/domain';
import { api } from '../../api/client';
import { useIdempotencyKey } from '../../api/idempotency';
import { usePatchItem } from '../../queries/items';
import { placing } from './offline';

/**
 * Sends a bid. A retry of the same bid after a lost answer reuses its Idempotency-Key, so it is
 * placed once; a bid after an answer, or a different bid, gets a new key. A bid that could not
 * reach the server says so in the bid screens' words (offline.ts).
 */
export function useSubmitBid() {
  const patch = usePatchItem();
  const idempotency = useIdempotencyKey();
  return {
    bid: (body: RequestOf<'POST /submitbid'>) =>
      placing('bid', async () => {
        const res = await idempotency.send(body, (headers) => api('POST /submitbid', body, { headers }));
        patch(res.item);
        return res;
      }),
    maximum: (body: RequestOf<'POST /maxbid'>) =>
      placing('maximum', async () => {
        const res = await idempotency.send(body, (headers) => api('POST /maxbid', body, { headers }));
        patch(res.item);
        return res;
      }),
  };
}
