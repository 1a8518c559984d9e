import { useMemo, useState } from 'react';
import { IonButton } from '@ionic/react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { ConfirmationToken, StripeElementsOptionsMode } from '@stripe/stripe-js';
import { cardLabel, type PaymentProcessorInfo } from '@gavel/domain';
import { useAction } from '../../ui/action';
import { CARD_ERROR_FALLBACK, cardErrorNotice } from './cardErrors';
import { stripeFor } from './stripeClient';

/**
 * Stripe's card entry (processor code 2), loaded only for such events: the Payment Element in
 * setup mode (a card kept for later off-session charges, cards only), turned into a confirmation
 * token that the server uses to save or charge the card.
 */
export function StripeCard({ info, onToken }: { info: PaymentProcessorInfo; onToken: (token: string | null) => void }) {
  const { providerkey, accountid } = info;
  const stripe = useMemo(() => stripeFor({ providerkey, accountid }), [providerkey, accountid]);
  const options = useMemo<StripeElementsOptionsMode>(
    () => ({ mode: 'setup', currency: (info.currency || 'usd').toLowerCase(), paymentMethodTypes: ['card'], setupFutureUsage: 'off_session' }),
    [info.currency],
  );
  return (
    <Elements stripe={stripe} options={options}>
      <StripeCardForm onToken={onToken} />
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

function StripeCardForm({ onToken }: { onToken: (token: string | null) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [chosen, setChosen] = useState('');
  const take = useAction(
    async (): Promise<ConfirmationToken | null> => {
      if (!stripe || !elements) throw new Error('The card form is still loading. Please try again.');
      const submitted = await elements.submit();
      // Incomplete or mistyped fields are shown by the Payment Element itself, beside the field.
      if (submitted.error?.type === 'validation_error') return null;
      if (submitted.error) throw new Error(submitted.error.message || CARD_ERROR_FALLBACK);
      const { error, confirmationToken } = await stripe.createConfirmationToken({ elements });
      if (error) throw new Error(error.message || CARD_ERROR_FALLBACK);
      return confirmationToken;
    },
    (token) => {
      if (!token) return;
      setChosen(describe(token));
      onToken(token.id);
    },
    cardErrorNotice,
  );
  return (
    <div className="gavel-stripe-card" data-testid="stripe-card">
      <PaymentElement
        onChange={() => {
          // A changed card is not the one chosen: it must be used again.
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
      ) : (
        <IonButton expand="block" fill="outline" disabled={!stripe || !elements || take.busy} data-testid="use-card" onClick={() => take.run(undefined)}>
          Use this card
        </IonButton>
      )}
    </div>
  );
}
