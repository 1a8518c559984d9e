import { pushNotice } from '../../ui/notices';

/**
 * What the bidder can try when the card entry fails (spec, error catalogue): a provider's
 * confirmation opens in a pop-up, wallets need the browser's payment-method setting, and a wallet
 * pays only with a card saved in it.
 */
const CARD_ERROR_HINTS =
  "If this keeps happening: allow pop-ups for this site, turn on your browser's setting that lets sites check for saved payment methods, and make sure a card is saved in your wallet if you pay with one.";

export const CARD_ERROR_FALLBACK = 'An error has occurred!';

/** The card entry's error: the provider's message with the hints, kept on screen until dismissed so the hints can be read. */
export function cardErrorNotice(message: string | undefined): void {
  pushNotice({ tone: 'error', title: message || CARD_ERROR_FALLBACK, message: CARD_ERROR_HINTS, duration: 0 });
}
