import type { TwilioAccount } from '../config';

/**
 * A text message provider: the one way a text leaves Gavel (issue 30). Twilio is the first
 * (twilio.ts); another provider is one more implementation of this interface.
 */
export interface TextProvider {
  /** Sends one text; answers the provider's id for it, or throws a TextSendError. */
  send(text: OutgoingText): Promise<{ providerId: string }>;
}

export interface OutgoingText {
  /** E.164. */
  to: string;
  body: string;
  /** Where the provider reports the text's delivery status (our status webhook). */
  statusCallback: string;
}

/**
 * Why a text was not sent. Transient failures (no answer, 429, 5xx) are tried again later;
 * permanent ones (the provider refused this text: an invalid number, a number that opted out at
 * the provider) are final.
 */
export class TextSendError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'TextSendError';
  }
}

/** Makes the provider for an account; the delivery asks it once per organization and batch. */
export type ProviderFactory = (account: TwilioAccount) => TextProvider;
