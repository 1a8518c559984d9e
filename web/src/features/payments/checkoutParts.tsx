import type { ReactNode } from 'react';
import { IonButton, IonItem } from '@ionic/react';
import type { CartItem, CheckoutResponse } from '@gavel/domain';
import { checkoutMessages, formatMoney, orderOutcomeLine } from '@gavel/domain';
import { PurchaseLine } from '../../ui/PurchaseLine';
import { IonCheckbox } from '../../ui/ionicControls';
import { Sheet } from '../../ui/Sheet';
import type { PayWith } from '@gavel/domain';

/** The items being paid for, each with its amount. */
export function CheckoutLines({ lines }: { lines: readonly CartItem[] }) {
  return (
    <ul className="gavel-pay-lines" aria-label="Items">
      {lines.map((l) => (
        <li key={l.historyid} data-testid="checkout-line">
          <PurchaseLine {...l} />
        </li>
      ))}
    </ul>
  );
}

/** The box that lets the buyer cover the card fee: the event's percent and the exact amount. */
export function FeeBox({
  percent,
  fee,
  checked,
  onChange,
}: {
  percent: number;
  fee: number;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <IonItem lines="none" className="gavel-field gavel-fee-box">
      <IonCheckbox
        labelPlacement="end"
        justify="start"
        checked={checked}
        data-testid="fee-checkbox"
        onIonChange={(e) => onChange(e.detail.checked)}
      >
        <span style={{ whiteSpace: 'normal' }}>
          Add <strong data-testid="fee-amount">{formatMoney(fee)}</strong> to cover the {percent}% card processing fee,
          so the organization receives your full payment.
        </span>
      </IonCheckbox>
    </IonItem>
  );
}

function Choice({
  value,
  current,
  onChange,
  testId,
  title,
  detail,
}: {
  value: PayWith;
  current: PayWith;
  onChange: (v: PayWith) => void;
  testId: string;
  title: string;
  detail?: string;
}) {
  return (
    <label className={`gavel-choice${current === value ? ' on' : ''}`}>
      <input
        type="radio"
        name="pay-with"
        value={value}
        checked={current === value}
        onChange={() => onChange(value)}
        data-testid={testId}
      />
      <span>
        <strong>{title}</strong>
        {detail ? <small className="gavel-muted">{detail}</small> : null}
      </span>
    </label>
  );
}

/** How to pay: the card on file, a new card (its entry under the choice), or Bill Me. */
export function PayWithChoice(props: {
  value: PayWith;
  onChange: (v: PayWith) => void;
  savedTitle: string | null;
  cardsAllowed: boolean;
  billMeAllowed: boolean;
  newCard: ReactNode;
}) {
  const { value, onChange, savedTitle, cardsAllowed, billMeAllowed, newCard } = props;
  return (
    <fieldset className="gavel-pay-with">
      <legend>Pay with</legend>
      {cardsAllowed && savedTitle ? (
        <Choice value="saved" current={value} onChange={onChange} testId="use-saved-card" title={savedTitle} />
      ) : null}
      {cardsAllowed ? (
        <Choice value="new" current={value} onChange={onChange} testId="use-new-card" title="A new card" />
      ) : null}
      {cardsAllowed && value === 'new' ? <div className="gavel-new-card">{newCard}</div> : null}
      {billMeAllowed ? (
        <Choice
          value="billme"
          current={value}
          onChange={onChange}
          testId="bill-me"
          title="Bill Me"
          detail="Pay later: the organizer will bill you."
        />
      ) : null}
      {!cardsAllowed ? (
        <p className="gavel-muted" data-testid="no-processor">
          {checkoutMessages.noProcessor}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A checkout that went through: the server's answer, and whether it was a Bill Me order. */
export interface Thanks {
  answer: CheckoutResponse;
  billme: boolean;
}

/**
 * 'Thank you for your purchase!', shown until the page leaves for the order history, with what
 * became of the order: 'Payment received — order 12' (or that a Bill Me order is saved).
 */
export function ThanksDialog({ thanks, onClose }: { thanks: Thanks | null; onClose: () => void }) {
  const answer = thanks?.answer;
  const extra =
    answer && answer.status === 'success' && answer.message !== checkoutMessages.thanksText ? answer.message : '';
  return (
    <Sheet
      open={thanks !== null}
      onClose={onClose}
      label={checkoutMessages.thanksTitle}
      variant="dialog"
      testId="checkout-thanks"
    >
      <div role="status">
        <h2 style={{ marginTop: 8 }}>{checkoutMessages.thanksTitle}</h2>
        {thanks ? (
          <p className="gavel-pay-outcome" data-testid="checkout-thanks-order">
            {orderOutcomeLine(thanks.answer, thanks.billme)}
          </p>
        ) : null}
        <p data-testid="checkout-thanks-message">
          {answer?.status === 'pending' ? answer.message : checkoutMessages.thanksText}
        </p>
        {extra ? <p className="gavel-muted">{extra}</p> : null}
      </div>
      <div className="gavel-actions">
        <IonButton expand="block" data-testid="checkout-thanks-orders" onClick={onClose}>
          View Order History
        </IonButton>
      </div>
    </Sheet>
  );
}

/** 'An error has occurred!' with the server's message, and what to do next; Ok leaves everything as it was. */
export function FailureDialog({ message, hint, onClose }: { message: string; hint: string; onClose: () => void }) {
  return (
    <Sheet
      open={message !== ''}
      onClose={onClose}
      label={checkoutMessages.failedTitle}
      variant="dialog"
      testId="checkout-error"
    >
      <div role="alert">
        <h2 style={{ marginTop: 8 }}>{checkoutMessages.failedTitle}</h2>
        <p data-testid="checkout-error-message">{message}</p>
        {hint ? <p data-testid="checkout-error-hint">{hint}</p> : null}
      </div>
      <div className="gavel-actions">
        <IonButton expand="block" data-testid="checkout-error-ok" onClick={onClose}>
          Ok
        </IonButton>
      </div>
    </Sheet>
  );
}
