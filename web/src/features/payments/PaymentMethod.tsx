import { type ReactNode, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodResponse, SessionUser } from '@gavel/domain';
import { cardLabel, checkoutMessages } from '@gavel/domain';
import { api } from '../../api/client';
import { itemIdOf } from '../../queries/items';
import { usePaymentMethod } from '../../queries/payments';
import { useSession } from '../../session/SessionProvider';
import { pathAfterLogin, signedIn } from '../../session/guards';
import { useAction } from '../../ui/action';
import { Loading } from '../../ui/Loading';
import { useHistory } from '../../ui/navigation';
import { Page } from '../../ui/Page';
import { Sheet } from '../../ui/Sheet';
import { useToast } from '../../ui/toast';
import { CardEntry } from './CardEntry';
import { invalidateCardViews, useSaveTypedCard } from './paymentCalls';
import { useCardEntry } from './useCardEntry';

/**
 * Update Payment Method (from My Account), Add Card to Bid (sent from an item whose event needs a
 * card to bid), and the login variant (the event needs a card to register). The card on file can
 * be replaced or removed; without one, a card is entered and saved.
 */
type Variant = 'account' | 'login';

/** The card on file (or the lack of one), in the server's words, with what may be done with it. */
function CardOnFile({
  method,
  replacing,
  onReplace,
  onRemove,
  children,
}: {
  method: PaymentMethodResponse;
  replacing: boolean;
  onReplace: () => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <section className="gavel-card" data-testid={method.card ? 'saved-card' : 'no-card'}>
      <h2 className="gavel-pay-heading">{method.userpaymentmethodtitle}</h2>
      <p className="gavel-pay-message" data-testid="card-message">
        {method.cardmessage}
      </p>
      {method.card ? (
        <div className="gavel-actions">
          {method.showreplacedbutton && !replacing ? (
            <IonButton expand="block" data-testid="replace-card" onClick={onReplace}>
              Replace Card
            </IonButton>
          ) : null}
          {method.showremovedbutton ? (
            <IonButton expand="block" fill="outline" color="danger" data-testid="remove-card" onClick={onRemove}>
              Remove Card
            </IonButton>
          ) : null}
        </div>
      ) : null}
      {method.card ? null : children}
    </section>
  );
}

function RemoveCardDialog({
  open,
  label,
  busy,
  onCancel,
  onRemove,
}: {
  open: boolean;
  label: string;
  busy: boolean;
  onCancel: () => void;
  onRemove: () => void;
}) {
  return (
    <Sheet open={open} onClose={onCancel} label="Remove Card" variant="dialog" testId="remove-card-dialog">
      <h2 style={{ marginTop: 8 }}>Remove Card</h2>
      <p>Remove {label} from your account?</p>
      <div className="gavel-actions">
        <IonButton expand="block" color="danger" disabled={busy} data-testid="confirm-remove-card" onClick={onRemove}>
          Remove Card
        </IonButton>
        <IonButton expand="block" fill="outline" disabled={busy} data-testid="cancel-remove-card" onClick={onCancel}>
          Cancel
        </IonButton>
      </div>
    </Sheet>
  );
}

function PaymentMethodPage({ user, variant }: { user: SessionUser; variant: Variant }) {
  const params = useParams();
  const itemId = itemIdOf(params.itemid ?? params.id);
  const { eventcode, refreshUser } = useSession();
  const history = useHistory();
  const toast = useToast();
  const client = useQueryClient();
  const method = usePaymentMethod();
  const data = method.data;
  const [replacing, setReplacing] = useState(false);
  const [removing, setRemoving] = useState(false);
  // Save Card takes the card typed in, in one tap; after a save the entry starts afresh.
  const card = useCardEntry();

  const save = useSaveTypedCard({
    card,
    code: data?.paymentprocessorcode,
    info: data?.paymentprocessorinfo,
    onSaved: (answer) => {
      setReplacing(false);
      if (itemId) history.replace(`/${eventcode}/auction-items/${itemId}`);
      else if (variant === 'login')
        history.replace(pathAfterLogin(eventcode, answer.user ?? { ...user, needscardtoregister: false }));
    },
  });
  const remove = useAction(
    (_: undefined) => api('DELETE /updatecard'),
    (answer) => {
      setRemoving(false);
      setReplacing(false);
      card.reset();
      toast.success(answer.message || 'Your card was removed.');
      void invalidateCardViews(client, eventcode);
      void refreshUser();
    },
    (message) => toast.error(message),
  );

  const title = itemId ? 'Add Card to Bid' : 'Update Payment Method';
  const entry =
    data && data.paymentprocessorisvalid ? (
      <>
        <CardEntry
          info={data.paymentprocessorinfo}
          code={data.paymentprocessorcode}
          eventcode={eventcode}
          link={card.link}
        />
        <div className="gavel-actions">
          <IonButton
            expand="block"
            size="large"
            disabled={!card.ready || card.taking || save.busy}
            data-testid="save-card"
            onClick={() => void save.save()}
          >
            {card.taking ? 'Checking the card…' : 'Save Card'}
          </IonButton>
          {replacing ? (
            <IonButton
              expand="block"
              fill="clear"
              data-testid="cancel-replace"
              onClick={() => {
                setReplacing(false);
                card.reset();
              }}
            >
              Keep my current card
            </IonButton>
          ) : null}
        </div>
      </>
    ) : null;
  return (
    <Page header={itemId ? 'back-item' : 'back-account'} itemId={itemId || undefined} testId="payment-method-page">
      <h1 style={{ marginTop: 0 }}>{title}</h1>
      {method.isPending ? <Loading /> : null}
      {method.isError ? (
        <p className="gavel-error" role="alert" data-testid="payment-method-error">
          {method.error.message}
        </p>
      ) : null}
      {data && !data.paymentprocessorisvalid ? (
        <p className="gavel-card gavel-muted" data-testid="no-processor">
          {checkoutMessages.noProcessor}
        </p>
      ) : null}
      {data ? (
        <CardOnFile
          method={data}
          replacing={replacing}
          onReplace={() => setReplacing(true)}
          onRemove={() => setRemoving(true)}
        >
          {entry}
        </CardOnFile>
      ) : null}
      {data?.card && replacing ? (
        <section className="gavel-card" data-testid="card-entry">
          <h2 className="gavel-pay-heading">Your new card</h2>
          {entry}
        </section>
      ) : null}
      <RemoveCardDialog
        open={removing}
        label={data?.card ? cardLabel(data.card) : 'this card'}
        busy={remove.busy}
        onCancel={() => setRemoving(false)}
        onRemove={() => remove.run(undefined)}
      />
    </Page>
  );
}

/** /account-update-payment-method, /{id} and /auction-items/{itemid?}. */
export const PaymentMethod = signedIn(
  ({ user }) => <PaymentMethodPage user={user} variant="account" />,
  'back-account',
  'payment-method-page',
);
/** /account-update-payment-method/login/credit: a card before the bidder may go on. */
export const LoginPaymentMethod = signedIn(
  ({ user }) => <PaymentMethodPage user={user} variant="login" />,
  'back-account',
  'payment-method-page',
);
