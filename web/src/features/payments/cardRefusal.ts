import { cardFieldMessages } from '@gavel/domain';
import { ApiError } from '../../api/client';

/** The bank's confirmation of a payment was not given: the payment did not go through. */
export class CardNotConfirmed extends Error {
  constructor() {
    super(cardFieldMessages.authenticationFailed);
  }
}

/**
 * The processor refused the card (declined, no funds, expired: the server's 402) or its bank's
 * confirmation was not given. That card entry is spent: the page clears it so the card is no
 * longer the chosen one, and says what to do next.
 */
export function cardRefused(err: unknown): boolean {
  return (err instanceof ApiError && err.httpStatus === 402) || err instanceof CardNotConfirmed;
}
