import { lazy, Suspense, useCallback } from 'react';
import {
  checkoutMessages,
  type PaymentProcessorInfo,
  PROCESSOR_STRIPE,
  PROCESSOR_TEST,
  type ProcessorCode,
} from '@gavel/domain';
import { Loading } from '../../ui/Loading';
import { cardErrorNotice } from './cardErrors';
import { HostedCardForm } from './hostedCardForm';
import type { CardEntryLink } from './useCardEntry';
import './payments.css';

/**
 * The card entry of the event's processor: the test gateway's hosted form in an iframe (code 1),
 * or Stripe's Payment Element (code 2, loaded on demand so its code is fetched only for such
 * events). It has no button of its own: the page's Pay, Checkout or Save Card takes the card typed
 * in, through the `link` of `useCardEntry()`.
 */
export interface CardEntryProps {
  info: PaymentProcessorInfo;
  code: ProcessorCode;
  eventcode: string;
  link: CardEntryLink;
}

const StripeCard = lazy(async () => ({ default: (await import('./StripeCard')).StripeCard }));

export function CardEntry({ info, code, eventcode, link }: CardEntryProps) {
  // A new generation is a fresh entry: nothing typed, no card chosen.
  if (code === PROCESSOR_TEST)
    return <HostedCardForm key={link.generation} info={info} eventcode={eventcode} link={link} />;
  if (code === PROCESSOR_STRIPE)
    return (
      <Suspense fallback={<Loading />}>
        <StripeCard key={link.generation} info={info} link={link} />
      </Suspense>
    );
  return (
    <p className="gavel-muted" data-testid="no-processor">
      {checkoutMessages.noProcessor}
    </p>
  );
}

/**
 * Finishes, in the browser, a payment or card that the bank asked the bidder to confirm (the
 * server's requires_action answer). Stripe shows its own confirmation; the test gateway asks in
 * its form before issuing a token, so it never needs this. Answers whether it was confirmed (a
 * refusal has already been shown as the card error).
 */
export function useCardAction(code: ProcessorCode | undefined, info: PaymentProcessorInfo | undefined) {
  const confirm = useCallback(
    async (clientsecret: string): Promise<boolean> => {
      if (code !== PROCESSOR_STRIPE || !info) {
        cardErrorNotice(undefined);
        return false;
      }
      const { confirmNextAction } = await import('./stripeClient');
      return confirmNextAction(info, clientsecret);
    },
    [code, info],
  );
  return { confirm };
}
