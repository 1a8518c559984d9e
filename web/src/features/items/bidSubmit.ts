import { useRef } from 'react';
import type { RequestOf } from '@gavel/domain';
import { api } from '../../api/client';
import { usePatchItem } from '../../queries/items';

/**
 * Sends a bid. A retry of the same bid (after a dropped connection) reuses its Idempotency-Key, so
 * it is placed once; a different bid gets a new key.
 */
export function useSubmitBid() {
  const patch = usePatchItem();
  const last = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: object) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() };
    return { 'idempotency-key': last.current.key };
  };
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
