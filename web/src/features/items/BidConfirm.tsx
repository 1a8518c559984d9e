import { useEffect, useState } from 'react';
import { IonButton } from '@ionic/react';
import { IonIcon } from '../../ui/ionicLazy';
import { alertCircle, checkmarkCircle } from 'ionicons/icons';
import { type Cents, type Checked, formatMoney, type SubmitBidResponse } from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { useAction } from '../../ui/action';
import { useHistory } from '../../ui/navigation';
import { type Placement, usePlacementError } from './offline';

/** The thank-you panel returns to the item after 3 seconds, as the spec says. */
const THANKS_MS = 3000;

/** What the confirmation step needs from its form: the checked amounts and the Confirm and Change actions. */
export interface ConfirmStep {
  corrections: string[];
  busy: boolean;
  error: string;
  /** Back online after an offline try: the bid still waits for Confirm. */
  notice: string;
  onConfirm: () => void;
  onChange: () => void;
}

/**
 * A bid form's two steps: `ask` a checked request to show the confirmation; Confirm sends it,
 * Change goes back to the form (its typing kept). `step` is null while the form shows.
 */
export function useConfirmStep<T>(
  what: Placement,
  send: (request: T) => Promise<SubmitBidResponse>,
  onAnswer: (res: SubmitBidResponse) => void,
) {
  const [pending, setPending] = useState<Checked<T> | null>(null);
  const confirm = useAction(send, onAnswer);
  const shown = usePlacementError(confirm.error, what);
  const step: (ConfirmStep & { request: T }) | null = pending
    ? {
        request: pending.request,
        corrections: pending.corrections,
        busy: confirm.busy,
        error: shown.error,
        notice: shown.notice,
        onConfirm: () => confirm.run(pending.request),
        onChange: () => {
          confirm.clearError();
          setPending(null);
        },
      }
    : null;
  return { ask: setPending, step };
}

/**
 * The step before a bid is sent: the amount in large type in a question the bidder answers
 * ("Bid $2,500.00 on Weekend in Napa Valley?"), what reading their typing changed, and the
 * server's refusal if the confirm was refused (the item may have moved on meanwhile).
 */
export function ConfirmBid(
  props: ConfirmStep & {
    verb: string;
    amount: Cents;
    itemName: string;
    details?: string[];
    confirmText: string;
    /** No network: Confirm waits for it (the page says so); Change still works. */
    offline?: boolean;
  },
) {
  const {
    offline = false,
    verb,
    amount,
    itemName,
    details = [],
    corrections,
    confirmText,
    busy,
    error,
    notice,
    onConfirm,
    onChange,
  } = props;
  return (
    <section className="gavel-card gavel-confirm" data-testid="bid-confirm" aria-labelledby="bid-confirm-question">
      <p className="gavel-label">Please confirm</p>
      <h1 id="bid-confirm-question" className="gavel-confirm-question" data-testid="confirm-question">
        {verb}{' '}
        <span className="gavel-confirm-amount" data-testid="confirm-amount">
          {formatMoney(amount)}
        </span>{' '}
        on {itemName}?
      </h1>
      {details.map((d) => (
        <p key={d} className="gavel-muted" style={{ margin: '4px 0' }}>
          {d}
        </p>
      ))}
      {corrections.length > 0 ? (
        <div className="gavel-corrections" role="alert" data-testid="bid-corrections">
          {corrections.map((c) => (
            <p key={c}>{c}</p>
          ))}
        </div>
      ) : null}
      {error ? (
        <p className="gavel-error" role="alert" data-testid="bid-error">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="gavel-notice-line" role="status" data-testid="bid-notice">
          {notice}
        </p>
      ) : null}
      <div className="gavel-actions">
        <IonButton expand="block" size="large" disabled={busy || offline} data-testid="confirm-bid" onClick={onConfirm}>
          {confirmText}
        </IonButton>
        <IonButton expand="block" fill="outline" disabled={busy} data-testid="change-bid" onClick={onChange}>
          Change
        </IonButton>
      </div>
    </section>
  );
}

/**
 * After a bid: thanks (back to the item after 3 seconds), or the news that another bidder's
 * maximum is higher, with 'Bid again'.
 */
export function BidResult({
  outbid,
  title,
  detail,
  itemId,
  onBidAgain,
}: {
  outbid: boolean;
  title: string;
  detail: string;
  itemId: number;
  onBidAgain: () => void;
}) {
  const { eventcode } = useSession();
  const history = useHistory();
  const itemPath = `/${eventcode}/auction-items/${itemId}`;
  useEffect(() => {
    if (outbid) return;
    const t = setTimeout(() => history.replace(itemPath), THANKS_MS);
    return () => clearTimeout(t);
  }, [outbid, itemPath, history]);
  return (
    <section
      className={`gavel-card gavel-result ${outbid ? 'gavel-result-outbid' : 'gavel-result-thanks'}`}
      data-testid="bid-thanks"
      role="status"
    >
      <IonIcon icon={outbid ? alertCircle : checkmarkCircle} className="gavel-result-icon" aria-hidden="true" />
      <h1 className="gavel-result-title" data-testid="bid-result-title">
        {title}
      </h1>
      <p className="gavel-result-detail" data-testid="bid-result-detail">
        {detail}
      </p>
      <div className="gavel-actions">
        {outbid ? (
          <IonButton expand="block" size="large" data-testid="result-bid-again" onClick={onBidAgain}>
            Bid again
          </IonButton>
        ) : null}
        <IonButton
          expand="block"
          fill={outbid ? 'outline' : 'solid'}
          routerLink={itemPath}
          routerDirection="back"
          data-testid="result-back-to-item"
        >
          Back to Item
        </IonButton>
        <IonButton expand="block" fill="clear" routerLink={`/${eventcode}/auction-items`} data-testid="result-browse">
          Browse Items
        </IonButton>
      </div>
    </section>
  );
}
