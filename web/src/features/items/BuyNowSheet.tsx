import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { Sheet } from '../../ui/Sheet';
import type { AuctionItem } from '@gavel/domain';
import { buyNowLimit, buyNowSubtotal, formatMoney } from '@gavel/domain';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { keys } from '../../queries/keys';
import { useSession } from '../../session/SessionProvider';
import { useHistory } from '../../ui/navigation';
import { usePatchItem } from '../../queries/items';
import { useAction } from '../../ui/action';

/**
 * Buy It Now, as a bottom sheet opening at 45%: choose a quantity (step 0), confirm (step 1),
 * then thanks with 'Continue Bidding' or 'Go to Cart'. A retried confirm reuses its key.
 */
export function BuyNowSheet({ item, open, onClose }: { item: AuctionItem; open: boolean; onClose: () => void }) {
  const { eventcode } = useSession();
  const history = useHistory();
  const patch = usePatchItem();
  const client = useQueryClient();
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [quantity, setQuantity] = useState(1);
  const [key, setKey] = useState('');
  const buy = useAction(
    () => api('POST /submitbid', { eventcode, itemid: item.itemid, buyitnow: true, quantity }, { headers: { 'idempotency-key': key } }),
    (res) => {
      patch(res.item);
      void client.invalidateQueries({ queryKey: keys.cart(eventcode) });
      setStep(2);
    },
  );
  const limit = Math.max(1, buyNowLimit(item));
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
        {step === 0 ? (
          <section data-testid="buynow-step-quantity">
            <h2 style={{ marginTop: 8 }}>Buy It Now</h2>
            <p>
              {item.name} · <strong>{formatMoney(item.buyitnowprice)}</strong> each
            </p>
            <div className="gavel-qty" role="group" aria-label="Quantity">
              <button type="button" className="gavel-icon-button" aria-label="One fewer" disabled={quantity <= 1} onClick={() => setQuantity(quantity - 1)}>
                −
              </button>
              <span data-testid="buynow-quantity" aria-live="polite">{quantity}</span>
              <button type="button" className="gavel-icon-button" aria-label="One more" data-testid="buynow-more" disabled={quantity >= limit} onClick={() => setQuantity(quantity + 1)}>
                +
              </button>
              <span className="gavel-muted">of {limit}</span>
            </div>
            <p>
              Subtotal <strong data-testid="buynow-subtotal">{formatMoney(subtotal)}</strong>
            </p>
            <IonButton expand="block" data-testid="buynow-next" onClick={() => { setKey(crypto.randomUUID()); setStep(1); }}>
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
            {buy.error ? (
              <p className="gavel-error" role="alert" data-testid="buynow-error">
                {buy.error}
              </p>
            ) : null}
            <IonButton expand="block" disabled={buy.busy} data-testid="buynow-confirm" onClick={() => buy.run(undefined)}>
              Confirm Purchase
            </IonButton>
            <IonButton expand="block" fill="clear" onClick={() => setStep(0)}>
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
            <IonButton expand="block" fill="outline" data-testid="go-to-cart-after-buy" onClick={() => { close(); history.push(`/${eventcode}/cart`); }}>
              Go to Cart
            </IonButton>
          </section>
        ) : null}
      </div>
    </Sheet>
  );
}
