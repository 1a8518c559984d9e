import { cardLabel, checkoutMessages, type PaymentMethodResponse } from '@gavel/domain';
import { Loading } from '../../ui/Loading';
import { CardEntry } from './CardEntry';
import type { CardEntryControl } from './useCardEntry';

/**
 * The setup wizard's card step (processor code 2): the card entry, or the card already on file.
 * The wizard's Next takes the card typed in and saves it, in one tap; when the event needs a card
 * (to bid or to register) Next waits until one is typed.
 */
export function SetupCardStep({
  method,
  eventcode,
  required,
  card,
}: {
  method: PaymentMethodResponse | undefined;
  eventcode: string;
  required: boolean;
  card: CardEntryControl;
}) {
  if (!method) return <Loading />;
  return (
    <>
      <h1 style={{ marginTop: 0 }}>Your card</h1>
      {method.cardmessage ? <p className="gavel-pay-message">{method.cardmessage}</p> : null}
      {method.card ? (
        <p className="gavel-saved-card" data-testid="saved-card-label">
          <strong>{cardLabel(method.card)}</strong> is on file.
        </p>
      ) : (
        <>
          <p className="gavel-muted">
            {required
              ? 'This event needs a card on file before you can bid.'
              : 'A card on file is optional: you can add one now, or later from My Account.'}
          </p>
          <CardEntry
            info={method.paymentprocessorinfo}
            code={method.paymentprocessorcode}
            eventcode={eventcode}
            link={card.link}
          />
          {required && !card.ready ? (
            <p className="gavel-muted" data-testid="card-required">
              {checkoutMessages.invalidCard}
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
