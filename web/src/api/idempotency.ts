import { useRef } from 'react';
import { ApiError } from './client';

/**
 * One Idempotency-Key per submission, for the writes a phone may retry (bids, Buy It Now, saving a
 * card, checkout): a retry of the same body (after a dropped connection) sends the same key, so the
 * server answers it once; another body, or the same body after the server refused it, is a new
 * submission with a new key.
 */
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  const headersFor = (body: object): Record<string, string> => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() };
    return { 'idempotency-key': last.current.key };
  };
  return {
    headersFor,
    /**
     * Makes the call with the body's key; a lost answer keeps its key (pressing again is a retry),
     * while after an answer (done, or refused with a 4xx) pressing again is a new submission: the
     * same purchase again is a second purchase.
     */
    async send<T>(body: object, call: (headers: Record<string, string>) => Promise<T>): Promise<T> {
      try {
        const answer = await call(headersFor(body));
        last.current = null;
        return answer;
      } catch (err) {
        if (err instanceof ApiError && err.httpStatus >= 400 && err.httpStatus < 500) last.current = null;
        throw err;
      }
    },
  };
}
