import { onlineManager } from '@tanstack/react-query';
import { useOnline } from '../../ui/useOnline';
import { ApiError } from '../../api/client';

/**
 * What a bidder is told when a bid or a purchase could not reach the server. The API client's
 * network-failure words are the spec's for the token refresh; they do not say whether the bid was
 * placed, so the bid screens say it in their own words.
 */
export type Placement = 'bid' | 'maximum' | 'purchase';

const offline: Record<Placement, string> = {
  bid: 'You’re offline — your bid was not placed.',
  maximum: 'You’re offline — your new maximum was not saved.',
  purchase: 'You’re offline — your purchase was not made.',
};

const backOnline: Record<Placement, string> = {
  bid: 'You’re back online. Your bid has not been placed yet: confirm to place it.',
  maximum: 'You’re back online. Your new maximum has not been saved yet: confirm to save it.',
  purchase: 'You’re back online. Your purchase has not been made yet: confirm to buy.',
};

// Online, the request may have reached the server before the answer was lost; a retry sends the
// same Idempotency-Key, so it is never placed twice.
const lost: Record<Placement, string> = {
  bid: 'We couldn’t reach the server, so your bid may not have been placed. Confirm again: it is placed only once.',
  maximum:
    'We couldn’t reach the server, so your new maximum may not have been saved. Confirm again: it is saved only once.',
  purchase:
    'We couldn’t reach the server, so your purchase may not have been made. Confirm again: it is bought only once.',
};

/** A call's failure as the bid screens tell it: a failure to reach the server in their own words, anything else as it came. */
export function placementFailure(err: unknown, what: Placement): unknown {
  if (!(err instanceof ApiError) || err.httpStatus !== 0) return err;
  return new Error(onlineManager.isOnline() ? lost[what] : offline[what]);
}

/** What the bid pages say while there is no network, their buttons disabled. */
export const needsConnection: Record<Placement, string> = {
  bid: 'You’re offline. Bidding needs a connection.',
  maximum: 'You’re offline. Bidding needs a connection.',
  purchase: 'You’re offline. Buying needs a connection.',
};

/**
 * Runs a call that places a bid or a purchase, its failure to reach the server told in the bid
 * screens' words. Offline it is not even tried: a bid is never queued, nor handed to the service
 * worker to fail, and it is placed only by a Confirm made online.
 */
export async function placing<T>(what: Placement, call: () => Promise<T>): Promise<T> {
  if (!onlineManager.isOnline()) throw new Error(offline[what]);
  try {
    return await call();
  } catch (err) {
    throw placementFailure(err, what);
  }
}

/**
 * The error a confirm step shows, and what replaces it once the connection is back: the offline
 * words would be untrue then, and the bidder is told the bid still waits for their Confirm.
 */
export function usePlacementError(error: string, what: Placement): { error: string; notice: string } {
  const online = useOnline();
  if (online && error === offline[what]) return { error: '', notice: backOnline[what] };
  return { error, notice: '' };
}
