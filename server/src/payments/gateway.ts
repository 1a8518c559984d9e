import type { Cents, ProcessorCode } from '@gavel/domain';

/**
 * The one payment layer: everything Gavel asks of a card processor, whichever it is. The built-in
 * test gateway (code 1) and Stripe (code 2) implement it; the auction checkout and the event store
 * use only this. Amounts are integer cents. A processor's own errors never leave an implementation:
 * each answers one of the outcomes below, with a message a bidder can read.
 */

/** A card as the processor describes it; the number itself is never known to us. */
export interface CardDetails {
  brand: string;
  last4: string;
  expmonth: number;
  expyear: number;
}

/** A card kept by the processor for later charges without the bidder present. */
export interface StoredCard extends CardDetails {
  /** The processor's reference to the card (test card token, Stripe PaymentMethod id). */
  ref: string;
}

/** Who the card belongs to, as the processor's customer record shows it. */
export interface CardOwner {
  bidderId: number;
  email: string;
  name: string;
  /** The processor's customer for this bidder, if one was made before. */
  customer: string | undefined;
}

export type SaveCardOutcome =
  | { kind: 'saved'; card: StoredCard; customer: string | undefined }
  /** The bidder must confirm the card in the browser (3-D Secure), then save again with the setup id. */
  | { kind: 'requires_action'; clientsecret: string; setupintentid: string; customer: string | undefined }
  | { kind: 'failed'; message: string };

export interface ChargeRequest {
  amount: Cents;
  currency: string;
  /** A card on file (off-session), or a one-time token entered for this payment. */
  source: { card: StoredCard; customer: string | undefined } | { token: string };
  /** The processor-side idempotency key: the same key never charges twice. */
  key: string;
  description: string;
  metadata: Record<string, string>;
  /** A payment the bidder has just confirmed in the browser, to be finished. */
  confirmed?: string;
}

/**
 * A charge as it is sent, but the card: what the processor keeps with it (amount, currency, the
 * metadata naming the event, the payer and the key), and so what a charge found again by its key
 * must be to be this one (isSameCharge).
 */
export type SentCharge = Omit<ChargeRequest, 'source' | 'confirmed'>;

/**
 * Whether a charge found at the processor is the one sent: the same amount and currency, and the
 * same value for every metadata field sent (the event, the payer, the key). A charge under the
 * same key that differs is another's (a database sharing the account), never this payment.
 */
export function isSameCharge(
  sent: SentCharge,
  found: { amount: number; currency: string; metadata: Record<string, string> | null | undefined },
): boolean {
  return (
    found.amount === sent.amount &&
    found.currency.toLowerCase() === sent.currency.toLowerCase() &&
    Object.entries(sent.metadata).every(([field, value]) => found.metadata?.[field] === value)
  );
}

export type ChargeOutcome =
  | { kind: 'succeeded'; ref: string; card: CardDetails | undefined }
  | { kind: 'requires_action'; ref: string; clientsecret: string }
  /**
   * `review`: the processor holds a charge under this key that is not this one (isSameCharge):
   * nothing moved for this payment, and someone should look at the other charge.
   */
  | { kind: 'failed'; message: string; ref?: string; review?: true }
  /** No answer in time (a timeout, a dropped connection): the charge may or may not have happened. */
  | { kind: 'unknown'; ref?: string };

export interface PaymentGateway {
  readonly code: ProcessorCode;
  /** Keep a card for later off-session charges. */
  saveCard(input: { token: string; owner: CardOwner; key: string; setupintentid?: string }): Promise<SaveCardOutcome>;
  /** Charge an amount with a stored card or a one-time token. */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /**
   * What became of a charge sent before (reconciliation): found by its reference when one was
   * kept, else by its key; only a charge that is the same as the one sent counts. Never charges.
   */
  chargeOutcome(input: SentCharge & { ref: string }): Promise<ChargeOutcome>;
  /**
   * Refund a charge in full or in part, once per key (asked again under the same key, the processor
   * answers the first refund). `unknown`: no answer came, so it may have been made; ask again.
   */
  refund(input: {
    ref: string;
    amount: Cents;
    key: string;
  }): Promise<{ ok: true } | { ok: false; message: string; unknown?: boolean }>;
  /** Describe a stored card (brand, last four, expiry). */
  describeCard(ref: string): Promise<CardDetails | undefined>;
}

/** What a processor error becomes when there is nothing better to tell the bidder. */
export const GENERIC_CARD_FAILURE = 'The card could not be charged. Please try another card.';
