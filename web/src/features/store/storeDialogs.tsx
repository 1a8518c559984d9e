import { IonButton } from '@ionic/react';
import {
  formatMoney,
  paymentMethodLabels,
  type StoreAmounts,
  type StoreItem,
  storeConfirmation,
  storeMessages,
  type StorePaymentMethod,
} from '@gavel/domain';
import { Sheet } from '../../ui/Sheet';
import { StoreLines } from './StoreLines';
import type { StoreConfirmation } from './useStoreCheckout';

/** The payment methods as the buyer reads them (spec section 4: "Credit / Debit Card and Bill Me"). */

/** A quantity refused: the max-per-transaction or insufficient-quantity dialog of the spec. */
export interface StoreNotice {
  title: string;
  text?: string;
  name: string;
  line: string;
}

export function NoticeDialog({ notice, onClose }: { notice: StoreNotice | null; onClose: () => void }) {
  return (
    <Sheet open={notice !== null} onClose={onClose} label={notice?.title ?? ''} variant="dialog" testId="store-notice">
      <div role="alert">
        <h2 className="gavel-store-dialog-title" data-testid="store-notice-title">
          {notice?.title}
        </h2>
        {notice?.text ? <p>{notice.text}</p> : null}
        <p className="gavel-store-notice-name" data-testid="store-notice-name">
          {notice?.name}
        </p>
        <p className="gavel-store-notice-line" data-testid="store-notice-line">
          {notice?.line}
        </p>
      </div>
      <div className="gavel-actions">
        <IonButton expand="block" data-testid="store-notice-ok" onClick={onClose}>
          Ok
        </IonButton>
      </div>
    </Sheet>
  );
}

/** The item's logo, tapped: the image, the name and the description. */
export function ItemDialog({ item, onClose }: { item: StoreItem | null; onClose: () => void }) {
  return (
    <Sheet open={item !== null} onClose={onClose} label={item?.name ?? ''} variant="dialog" testId="item-popup">
      {item ? (
        <>
          <img className="gavel-store-popup-image" src={item.logourl} alt={item.name} />
          <h2 className="gavel-store-dialog-title">{item.name}</h2>
          <p className="gavel-store-description">{item.description}</p>
        </>
      ) : null}
      <div className="gavel-actions">
        <IonButton expand="block" fill="outline" data-testid="item-popup-close" onClick={onClose}>
          Close
        </IonButton>
      </div>
    </Sheet>
  );
}

/** Subtotal, discount, additional donation, card fees and total, then how it was (or will be) paid. */
export function AmountsList({
  amounts,
  method,
  card,
  testPrefix,
}: {
  amounts: StoreAmounts;
  method?: StorePaymentMethod;
  card?: string;
  testPrefix: string;
}) {
  const row = (label: string, value: string, id: string) => (
    <div className={id === 'method' ? 'gavel-store-method-row' : undefined}>
      <dt>{label}</dt>
      <dd data-testid={`${testPrefix}-${id}`}>{value}</dd>
    </div>
  );
  return (
    <dl className="gavel-pay-summary">
      {row('Subtotal', formatMoney(amounts.subtotal), 'subtotal')}
      {row('Discount', amounts.discount > 0 ? `−${formatMoney(amounts.discount)}` : formatMoney(0), 'discount')}
      {row('Additional donation', formatMoney(amounts.donation), 'donation')}
      {row('Card fees', formatMoney(amounts.fee), 'fee')}
      <div className="gavel-pay-total">
        <dt>Total</dt>
        <dd data-testid={`${testPrefix}-total`}>{formatMoney(amounts.total)}</dd>
      </div>
      {method
        ? row(
            'Payment method',
            card ? `${paymentMethodLabels[method]} (${card})` : paymentMethodLabels[method],
            'method',
          )
        : null}
    </dl>
  );
}

/**
 * After a checkout: 'Thank you — order S-2 is confirmed', the lines bought, every amount and how it
 * was paid. When guests are to be registered its button goes on to the Registration tab;
 * otherwise Close.
 */
export function SummaryDialog({
  confirmation,
  onClose,
}: {
  confirmation: StoreConfirmation | null;
  onClose: () => void;
}) {
  const answer = confirmation?.answer;
  const s = answer?.summary;
  const title = s && answer ? storeConfirmation(s.orderid, answer.status) : storeMessages.thanksTitle;
  return (
    <Sheet open={confirmation !== null} onClose={onClose} label={title} variant="dialog" testId="store-summary">
      <div role="status" className="gavel-store-confirmation">
        <h2 className="gavel-store-dialog-title" data-testid="store-summary-title">
          {title}
        </h2>
        {answer?.message ? <p data-testid="store-summary-message">{answer.message}</p> : null}
        <StoreLines
          lines={confirmation?.lines ?? []}
          testIdPrefix="summary-line-"
          className="gavel-store-bought"
          label="What you bought"
        />
        {s ? (
          <AmountsList
            amounts={{
              subtotal: s.subtotal,
              discount: s.discountamount,
              donation: s.additionaldonation,
              fee: s.ccfeesamount,
              total: s.totalamount,
            }}
            method={s.paymentmethod}
            card={s.card}
            testPrefix="summary"
          />
        ) : null}
      </div>
      <div className="gavel-actions">
        {confirmation?.registers ? (
          <IonButton expand="block" data-testid="store-summary-continue" onClick={onClose}>
            Continue to guest registration
          </IonButton>
        ) : (
          <IonButton expand="block" data-testid="store-summary-close" onClick={onClose}>
            Close
          </IonButton>
        )}
      </div>
    </Sheet>
  );
}

/** Finish on the Registration tab asks first; only Ok goes on. */
export function CompleteDialog({ open, onOk, onCancel }: { open: boolean; onOk: () => void; onCancel: () => void }) {
  return (
    <Sheet open={open} onClose={onCancel} label={storeMessages.completeTitle} variant="dialog" testId="complete-dialog">
      <h2 className="gavel-store-dialog-title">{storeMessages.completeTitle}</h2>
      <p>{storeMessages.completeText}</p>
      <div className="gavel-actions">
        <IonButton expand="block" data-testid="complete-ok" onClick={onOk}>
          Ok
        </IonButton>
        <IonButton expand="block" fill="outline" data-testid="complete-cancel" onClick={onCancel}>
          Cancel
        </IonButton>
      </div>
    </Sheet>
  );
}
