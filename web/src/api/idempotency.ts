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
    /** After a write that succeeded: the same body again is a new submission (a second purchase), not a retry. */
    forget: () => {
      last.current = null;
    },
    /** Makes the call with the body's key; after a refusal (a 4xx answer) pressing again is a new submission, while a lost answer keeps its key. */
    async send<T>(body: object, call: (headers: Record<string, string>) => Promise<T>): Promise<T> {
      try {
        return await call(headersFor(body));
      } catch (err) {
        if (err instanceof ApiError && err.httpStatus >= 400 && err.httpStatus < 500) last.current = null;
        throw err;
      }
    },
  };
}
