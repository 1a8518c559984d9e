import {
  PROCESSOR_NONE,
  PROCESSOR_STRIPE,
  PROCESSOR_TEST,
  type PaymentProcessorInfo,
  type ProcessorCode,
} from '@gavel/domain';
import type { EventRow } from '../tenancy';
import type { PaymentGateway } from './gateway';
import { createStripeGateway, type StripeConnection } from './stripe-gateway';
import { createTestGateway } from './test-gateway';

/** The stored code as the API's type; an unknown code counts as no processor. */
export function processorCodeOf(code: number): ProcessorCode {
  return code === PROCESSOR_TEST || code === PROCESSOR_STRIPE ? code : PROCESSOR_NONE;
}

/**
 * The event's own payment setup is complete: a known processor with the keys it needs. Whether this
 * server takes it is Payments.takesCards (the test gateway may be refused here).
 */
export function processorIsSetUp(event: EventRow): boolean {
  const code = processorCodeOf(event.paymentprocessorcode);
  if (code === PROCESSOR_TEST) return true;
  if (code === PROCESSOR_STRIPE)
    return event.processorpublickey.startsWith('pk_') && /^(sk|rk)_/.test(event.processorsecretkey);
  return false;
}

/**
 * The event is on the test gateway, where the client chooses the card's outcome and no money moves,
 * and this server takes no test payments (production without ALLOW_TEST_PAYMENTS=true).
 */
export function testGatewayRefused(event: EventRow, testPaymentsAllowed: boolean): boolean {
  return !testPaymentsAllowed && processorCodeOf(event.paymentprocessorcode) === PROCESSOR_TEST;
}

/** STRIPE_API_URL as the Stripe client's host, port and protocol. */
export function stripeConnection(url: string): StripeConnection {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** The path of the test gateway's hosted card form, served by this server. */
export const TEST_CARD_FORM_PATH = '/testpay/card-form';
export const STRIPE_SCRIPT_URL = 'https://js.stripe.com/';

/**
 * What the web needs to show the event's card entry; never a secret. The hosted form is served by
 * this same server, so its address is relative and its origin is the page's own ('' says so). An
 * event that takes no cards here is told of no card entry at all.
 */
function processorInfoOf(event: EventRow, takesCards: boolean): PaymentProcessorInfo {
  const code = takesCards ? processorCodeOf(event.paymentprocessorcode) : PROCESSOR_NONE;
  return {
    providerkey: code === PROCESSOR_STRIPE ? event.processorpublickey : '',
    accountid: code === PROCESSOR_STRIPE ? event.processoraccountid : '',
    currency: event.currency,
    scripturl: code === PROCESSOR_STRIPE ? STRIPE_SCRIPT_URL : '',
    iframeurl: code === PROCESSOR_TEST ? TEST_CARD_FORM_PATH : '',
    iframeorigin: '',
    transcenterid: '',
    processorid: code === PROCESSOR_NONE ? '' : String(code),
    transactiontype: 'sale',
  };
}

export interface PaymentsOptions {
  /** Signs the test gateway's cryptograms. */
  secret: string;
  clock: () => Date;
  /** Where the Stripe client connects (tests point it at the fake Stripe API). */
  stripe?: StripeConnection;
  /** A bidder waits at most this long for Stripe before the charge is left to reconciliation. */
  stripeTimeoutMs: number;
  /** Events may pay through the test gateway (config.testPaymentsAllowed); when false, a code 1 event takes no cards. */
  testPaymentsAllowed: boolean;
  /**
   * Marks a test cryptogram's nonce spent, atomically across processes; answers false when it was
   * spent before. The test gateway spends a one-time cryptogram on its first successful use.
   */
  spendCryptogram: (nonce: string) => Promise<boolean>;
}

/** One gateway per event and settings, kept so a gateway's own state (the test gateway's charges) lasts. */
export interface Payments {
  /** The event's gateway; undefined when the event takes no cards on this server. */
  gatewayFor(event: EventRow): PaymentGateway | undefined;
  /** The event takes cards on this server: its processor is set up, and is not a test gateway this server refuses. */
  takesCards(event: EventRow): boolean;
  /** What the web needs to show the event's card entry (none where the event takes no cards here). */
  processorInfo(event: EventRow): PaymentProcessorInfo;
  readonly options: PaymentsOptions;
}

export function createPayments(options: PaymentsOptions): Payments {
  const made = new Map<string, PaymentGateway>();
  const takesCards = (event: EventRow) =>
    processorIsSetUp(event) && !testGatewayRefused(event, options.testPaymentsAllowed);
  return {
    options,
    takesCards,
    processorInfo: (event) => processorInfoOf(event, takesCards(event)),
    gatewayFor(event) {
      if (!takesCards(event)) return undefined;
      const code = processorCodeOf(event.paymentprocessorcode);
      const id = `${event.id}:${code}:${event.processorsecretkey}:${event.processoraccountid}`;
      const known = made.get(id);
      if (known) return known;
      const gateway =
        code === PROCESSOR_STRIPE
          ? createStripeGateway({
              secretKey: event.processorsecretkey,
              timeoutMs: options.stripeTimeoutMs,
              ...(event.processoraccountid ? { accountId: event.processoraccountid } : {}),
              ...(options.stripe ? { connection: options.stripe } : {}),
            })
          : createTestGateway({
              secret: options.secret,
              eventId: event.id,
              clock: options.clock,
              spend: options.spendCryptogram,
            });
      made.set(id, gateway);
      return gateway;
    },
  };
}
