import { useEffect, useMemo, useRef, useState } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { ConfirmationToken, StripeElementsOptionsMode } from '@stripe/stripe-js';
import { cardLabel, type PaymentProcessorInfo } from '@gavel/domain';
import { CARD_ERROR_FALLBACK, cardErrorNotice } from './cardErrors';
import { stripeFor } from './stripeClient';
import type { CardEntryLink } from './useCardEntry';

/**
 * Stripe's card entry (processor code 2), loaded only for such events: the Payment Element in
 * setup mode (a card kept for later off-session charges, cards only). The page's Pay or Save Card
 * takes the card: the element is submitted (its own checks, shown beside its fields) and turned
 * into a confirmation token that the server uses to save or charge the card.
 */
export function StripeCard({ info, link }: { info: PaymentProcessorInfo; link: CardEntryLink }) {
  const { providerkey, accountid } = info;
  const stripe = useMemo(() => stripeFor({ providerkey, accountid }), [providerkey, accountid]);
  const options = useMemo<StripeElementsOptionsMode>(
    () => ({
      mode: 'setup',
      currency: (info.currency || 'usd').toLowerCase(),
      paymentMethodTypes: ['card'],
      setupFutureUsage: 'off_session',
    }),
    [info.currency],
  );
  return (
    <Elements stripe={stripe} options={options}>
      <StripeCardForm link={link} />
    </Elements>
  );
}

/** 'Visa ending in 4242' from what Stripe tells of the card. */
function describe(token: ConfirmationToken): string {
  const card = token.payment_method_preview.card;
  if (!card) return 'Card ready';
  const brand = card.brand === 'amex' ? 'American Express' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return cardLabel({ brand, last4: card.last4 });
}

function StripeCardForm({ link }: { link: CardEntryLink }) {
  const stripe = useStripe();
  const elements = useElements();
  const wrapper = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState('');
  const { taker, onToken, onState } = link;

  useEffect(() => {
    if (!stripe || !elements) return;
    taker.current = {
      take: async () => {
        try {
          const submitted = await elements.submit();
          if (submitted.error) {
            // Incomplete or mistyped fields are shown by the Payment Element itself, beside the field.
            wrapper.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
            if (submitted.error.type !== 'validation_error')
              cardErrorNotice(submitted.error.message || CARD_ERROR_FALLBACK);
            return null;
          }
          const { error, confirmationToken } = await stripe.createConfirmationToken({ elements });
          if (error) {
            cardErrorNotice(error.message || CARD_ERROR_FALLBACK);
            return null;
          }
          setChosen(describe(confirmationToken));
          onToken(confirmationToken.id);
          return confirmationToken.id;
        } catch (err) {
          cardErrorNotice(err instanceof Error ? err.message : CARD_ERROR_FALLBACK);
          return null;
        }
      },
    };
    return () => {
      taker.current = null;
    };
  }, [stripe, elements, taker, onToken]);

  return (
    <div ref={wrapper} className="gavel-stripe-card" data-testid="stripe-card">
      <PaymentElement
        onChange={(e) => {
          onState({ empty: e.empty, complete: e.complete });
          // A changed card is not the one taken: the next tap takes it afresh.
          if (!chosen) return;
          setChosen('');
          onToken(null);
        }}
        onLoadError={(e) => cardErrorNotice(e.error.message)}
      />
      {chosen ? (
        <p className="gavel-card-chosen" role="status" data-testid="card-chosen">
          {chosen}
        </p>
      ) : null}
    </div>
  );
}
