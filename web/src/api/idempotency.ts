import { useRef } from 'react';
import { ApiError } from './client';

/**
 * The one way to send a write a phone may retry (bids, Buy It Now, saving a card, the auction's
 * checkout and the store's), with an Idempotency-Key per attempt: `send(body, call)` makes the call
 * with the body's key. A lost answer keeps the key, so pressing again sends the same body with the
 * same key and the server answers it once; after an answer (done, or refused with a 4xx) pressing
 * again is a new attempt with a new key: the same purchase again is a second purchase. Another
 * body is always a new attempt.
 */
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    async send<T>(body: object, call: (headers: Record<string, string>) => Promise<T>): Promise<T> {
      const text = JSON.stringify(body);
      if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() };
      try {
        const answer = await call({ 'idempotency-key': last.current.key });
        last.current = null;
        return answer;
      } catch (err) {
        if (err instanceof ApiError && err.httpStatus >= 400 && err.httpStatus < 500) last.current = null;
        throw err;
      }
    },
  };
}
