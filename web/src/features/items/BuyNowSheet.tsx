import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { Sheet } from '../../ui/Sheet';
import type { AuctionItem } from '@gavel/domain';
import { buyNowLimit, buyNowLimitNote, buyNowSubtotal, formatMoney } from '@gavel/domain';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { keys } from '../../queries/keys';
import { useIdempotencyKey } from '../../api/idempotency';
import { useSession } from '../../session/SessionProvider';
import { useHistory } from '../../ui/navigation';
import { usePatchItem } from '../../queries/items';
import { useAction } from '../../ui/action';
import { placing, usePlacementError } from './offline';
import { NeedsConnection } from './NeedsConnection';
import { useOnline } from '../../ui/useOnline';

/**
 * Buy It Now, as a bottom sheet opening at 45%: choose a quantity (step 0, saying why it stops
 * where it does), confirm (step 1), then thanks with 'Continue Bidding' or 'Go to Cart'. A
 * retried confirm reuses its key; a confirm that could not reach the server says whether it bought.
 */
export function BuyNowSheet({ item, open, onClose }: { item: AuctionItem; open: boolean; onClose: () => void }) {
  const { eventcode } = useSession();
  const history = useHistory();
  const patch = usePatchItem();
  const client = useQueryClient();
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [quantity, setQuantity] = useState(1);
  // One key per purchase: a confirm sent again after a lost answer (even after Back and Next) is the
  // same purchase and is made once; once one went through, the next is new (useIdempotencyKey.send).
  const idempotency = useIdempotencyKey();
  const buy = useAction(
    () => {
      const body = { eventcode, itemid: item.itemid, buyitnow: true, quantity };
      return placing('purchase', () => idempotency.send(body, (headers) => api('POST /submitbid', body, { headers })));
    },
    (res) => {
      patch(res.item);
      void client.invalidateQueries({ queryKey: keys.cart(eventcode) });
      setStep(2);
    },
  );
  const limit = Math.max(1, buyNowLimit(item));
  const shown = usePlacementError(buy.error, 'purchase');
  const online = useOnline();
  const subtotal = buyNowSubtotal(item.buyitnowprice, quantity);

  const reset = () => {
    setStep(0);
    setQuantity(1);
    buy.clearError();
  };
  const close = () => {
    reset();
    onClose();
  };
  return (
    <Sheet open={open} onClose={close} label={`Buy It Now: ${item.name}`} testId="buynow-sheet">
      <div>
        {online || step === 2 ? null : <NeedsConnection what="purchase" />}
        {step === 0 ? (
          <section data-testid="buynow-step-quantity">
            <h2 style={{ marginTop: 8 }}>Buy It Now</h2>
            <p>
              {item.name} · <strong>{formatMoney(item.buyitnowprice)}</strong> each
            </p>
            <div className="gavel-qty" role="group" aria-label="Quantity">
              <button
                type="button"
                className="gavel-icon-button"
                aria-label="One fewer"
                disabled={quantity <= 1}
                onClick={() => setQuantity(quantity - 1)}
              >
                −
              </button>
              <span data-testid="buynow-quantity" aria-live="polite">
                {quantity}
              </span>
              <button
                type="button"
                className="gavel-icon-button"
                aria-label="One more"
                aria-describedby="buynow-limit"
                data-testid="buynow-more"
                disabled={quantity >= limit}
                onClick={() => setQuantity(quantity + 1)}
              >
                +
              </button>
            </div>
            <p
              className="gavel-muted gavel-buynow-limit"
              id="buynow-limit"
              data-testid="buynow-limit"
              data-at-limit={quantity >= limit}
            >
              {buyNowLimitNote(item)}
            </p>
            <p>
              Subtotal <strong data-testid="buynow-subtotal">{formatMoney(subtotal)}</strong>
            </p>
            <IonButton expand="block" disabled={!online} data-testid="buynow-next" onClick={() => setStep(1)}>
              Next
            </IonButton>
          </section>
        ) : null}
        {step === 1 ? (
          <section data-testid="buynow-step-confirm">
            <h2 style={{ marginTop: 8 }}>Confirm your purchase</h2>
            <p>
              {quantity} × {item.name}
              <br />
              Total <strong>{formatMoney(subtotal)}</strong>
            </p>
            {shown.error ? (
              <p className="gavel-error gavel-sheet-message" role="alert" data-testid="buynow-error">
                {shown.error}
              </p>
            ) : null}
            {shown.notice ? (
              <p className="gavel-notice-line gavel-sheet-message" role="status" data-testid="buynow-notice">
                {shown.notice}
              </p>
            ) : null}
            <IonButton
              expand="block"
              disabled={buy.busy || !online}
              data-testid="buynow-confirm"
              onClick={() => buy.run(undefined)}
            >
              Confirm Purchase
            </IonButton>
            <IonButton
              expand="block"
              fill="clear"
              onClick={() => {
                buy.clearError();
                setStep(0);
              }}
            >
              Back
            </IonButton>
          </section>
        ) : null}
        {step === 2 ? (
          <section className="gavel-center" data-testid="buynow-thanks">
            <h2 style={{ marginTop: 8 }}>Thank you!</h2>
            <p>{item.name} is in your cart.</p>
            <IonButton expand="block" data-testid="continue-bidding" onClick={close}>
              Continue Bidding
            </IonButton>
            <IonButton
              expand="block"
              fill="outline"
              data-testid="go-to-cart-after-buy"
              onClick={() => {
                close();
                history.push(`/${eventcode}/cart`);
              }}
            >
              Go to Cart
            </IonButton>
          </section>
        ) : null}
      </div>
    </Sheet>
  );
}
