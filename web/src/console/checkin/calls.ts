import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, CheckinResponse, RequestOf } from '@gavel/domain';
import { ApiError } from '../../api/client';
import { nightKey } from '../live';
import { consoleApi } from '../session';

/** The desk's cache: every search of the event, fetched again when any desk checks someone in (useConsoleLive). */
export const checkinKey = (eventcode: string) => nightKey(eventcode, 'checkin');

export type CheckinDesk = AnswerOf<'GET /console/events/:eventcode/checkins'>;

/** The counters and the bidders `q` finds; the last answer stays on screen while the next search runs. */
export function useCheckinDesk(eventcode: string, q: string) {
  return useQuery({
    queryKey: [...checkinKey(eventcode), q],
    queryFn: () =>
      consoleApi('GET /console/events/:eventcode/checkins', undefined, { params: { eventcode }, query: { q } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A desk action on one bidder (check in, undo, send the card link): its answer's message is the
 * page's notice, and the desk's lists are fetched again.
 */
export function useDeskAction<A>(eventcode: string, call: (arg: A) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: checkinKey(eventcode) }),
  });
}

export const checkInCall = (eventcode: string) => (bidderid: number) =>
  consoleApi('POST /console/events/:eventcode/checkins', { bidderid }, { params: { eventcode } });

export const undoCall = (eventcode: string) => (bidderid: number) =>
  consoleApi('DELETE /console/events/:eventcode/checkins/:bidderid', undefined, { params: { eventcode, bidderid } });

export const cardLinkCall = (eventcode: string) => (bidderid: number) =>
  consoleApi('POST /console/events/:eventcode/bidders/:bidderid/card-link', undefined, {
    params: { eventcode, bidderid },
  });

/** Saves the card typed at the desk under the card's own key: a retry of the same card saves it once. */
export function saveCardCall(
  eventcode: string,
  { bidderid, processortoken, key }: { bidderid: number; processortoken: string; key: string },
): Promise<CheckinResponse> {
  return consoleApi(
    'POST /console/events/:eventcode/bidders/:bidderid/card',
    { processortoken },
    { params: { eventcode, bidderid }, headers: { 'idempotency-key': key } },
  );
}

export type WalkedUp =
  | { kind: 'added'; answer: AnswerOf<'POST /console/events/:eventcode/walkups'> }
  | { kind: 'lookalike'; message: string };

/** A walk-up. The look-alike warning (409) is an answer the form shows with "Add anyway", not a refusal. */
export async function walkUp(
  eventcode: string,
  body: RequestOf<'POST /console/events/:eventcode/walkups'>,
): Promise<WalkedUp> {
  try {
    return {
      kind: 'added',
      answer: await consoleApi('POST /console/events/:eventcode/walkups', body, { params: { eventcode } }),
    };
  } catch (err) {
    if (err instanceof ApiError && err.httpStatus === 409) return { kind: 'lookalike', message: err.message };
    throw err;
  }
}
