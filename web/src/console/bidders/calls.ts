import { useEffect, useState } from 'react';
import type { AnswerOf, RequestOf } from '@gavel/domain';
import { ApiError } from '../../api/client';
import { consoleApi } from '../session';

/** The bidders list's cache key: every search of the event's list is refetched after a change. */
export const biddersKey = (eventcode: string) => ['console', eventcode, 'bidders'] as const;

export type Added =
  | { kind: 'added'; answer: AnswerOf<'POST /console/events/:eventcode/bidders'> }
  | { kind: 'lookalike'; message: string };

/**
 * Adds a bidder. The server's look-alike warning (409) is an answer the form shows with "Add
 * anyway", not a refusal; every other refusal is the form's message.
 */
export async function addBidder(
  eventcode: string,
  body: RequestOf<'POST /console/events/:eventcode/bidders'>,
): Promise<Added> {
  try {
    return {
      kind: 'added',
      answer: await consoleApi('POST /console/events/:eventcode/bidders', body, { params: { eventcode } }),
    };
  } catch (err) {
    if (err instanceof ApiError && err.httpStatus === 409) return { kind: 'lookalike', message: err.message };
    throw err;
  }
}

/** A value that settles: what was typed, once typing has paused, so a search is not sent per key. */
export function useSettled<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
