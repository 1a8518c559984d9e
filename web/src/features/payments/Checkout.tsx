import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useParams } from 'react-router-dom';
import { useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import type { CartResponse, SessionUser } from '@gavel/domain';
import { checkoutMessages, formatMoney, MAX_DONATION } from '@gavel/domain';
import { useCart } from '../../queries/cart';
import { itemIdOf } from '../../queries/items';
import { keys } from '../../queries/keys';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { FormError } from '../../ui/Field';
import { FormField, useApiForm } from '../../ui/form';
import { Loading } from '../../ui/Loading';
import { useHistory } from '../../ui/navigation';
import { Page } from '../../ui/Page';
import { CardEntry } from './CardEntry';
import { amountsOf, type CheckoutContext, checkoutSchema, type PayWith, readDonation } from '@gavel/domain';
import { CheckoutLines, FailureDialog, FeeBox, PayWithChoice, type Thanks, ThanksDialog } from './checkoutParts';
import { usePay, useSaveTypedCard } from './paymentCalls';
import { PaymentAmounts } from './PaymentAmounts';
import { clearCheckoutSelection, readCheckoutSelection } from './selection';
import { useCardEntry } from './useCardEntry';

/** The thank-you dialog leaves for the order history after 3 seconds, as the spec says. */
const THANKS_MS = 3000;

/** The ways this cart can be paid, best first: the card on file, a new card, Bill Me. */
function payChoices(cart: CartResponse | undefined): PayWith[] {
  if (!cart) return [];
  const cards: PayWith[] = cart.paymentprocessorisvalid ? (cart.usecard ? ['saved', 'new'] : ['new']) : [];
  return cart.allowbillme ? [...cards, 'billme'] : cards;
}

/** The won items being paid for: one item (checkout-item), or those left checked on the Cart page (all by default). */
function linesOf(cart: CartResponse | undefined, historyid: number, eventcode: string) {
  const won = cart?.auctionswon ?? [];
  if (historyid) return won.filter((w) => w.historyid === historyid);
  const selected = readCheckoutSelection(eventcode);
  return selected ? won.filter((w) => selected.has(w.historyid)) : won;
}

/** /checkout, /checkout/{step} and /checkout-item/{historyid}. */
function CheckoutPage(_: { user: SessionUser }) {
  const single = itemIdOf(useParams().historyid);
  const { eventcode } = useSession();
  const history = useHistory();
  const client = useQueryClient();
  const cart = useCart();
  const data = cart.data;
  const lines = linesOf(data, single, eventcode);
  const ctx: CheckoutContext = {
    eventcode,
    lines,
    showFees: data?.showccfees ?? false,
    percent: data?.ccfeespercentage ?? 0,
  };
  const [thanks, setThanks] = useState<Thanks | null>(null);
  const [failure, setFailure] = useState({ message: '', hint: '' });

  const pay = usePay(data?.paymentprocessorcode, data?.paymentprocessorinfo);
  const checkout = useApiForm({
    schema: checkoutSchema(ctx),
    defaultValues: { donation: '', coverFee: false, payWith: 'new', token: '' },
    // A declined new card is spent: the entry is cleared, so it is no longer the chosen card.
    submit: (body) =>
      body.processortoken
        ? card.spend(
            () => pay(body),
            () => setFailure((f) => ({ ...f, hint: checkoutMessages.cardCleared })),
          )
        : pay(body),
    onSuccess: (answer, body) => {
      setThanks({ answer, billme: body.billme });
      clearCheckoutSelection(eventcode);
      void client.invalidateQueries({ queryKey: keys.cart(eventcode) });
      void client.invalidateQueries({ queryKey: keys.orders(eventcode) });
    },
    onError: (message) => setFailure((f) => ({ ...f, message: message || checkoutMessages.failedTitle })),
  });
  const { form } = checkout;
  const [donation, coverFee, payWith] = useWatch({ control: form.control, name: ['donation', 'coverFee', 'payWith'] });
  const amounts = amountsOf(ctx, { donation, coverFee, payWith });
  const choices = payChoices(data);
  const errors = form.formState.errors;
  const problem = errors.payWith?.message ?? errors.token?.message ?? errors.donation?.message ?? '';

  // The choice follows what this cart allows: the card on file comes first until the bidder picks
  // another way (none while loading).
  const choiceKey = choices.join(',');
  const picked = useRef(false);
  useEffect(() => {
    const allowed = choiceKey.split(',');
    const best = allowed[0];
    const wanted = !picked.current && best === 'saved' ? 'saved' : allowed.includes(payWith) ? payWith : best;
    if (best && wanted && wanted !== payWith)
      form.setValue('payWith', wanted === 'saved' || wanted === 'billme' ? wanted : 'new');
  }, [choiceKey, payWith, form]);

  // The new card's entry: Pay and Save Card take the card typed in, in one tap.
  const card = useCardEntry((next) =>
    form.setValue('token', next ?? '', { shouldValidate: form.formState.isSubmitted }),
  );
  const { reset: resetCard } = card;
  const saving = useSaveTypedCard({
    card,
    code: data?.paymentprocessorcode,
    info: data?.paymentprocessorinfo,
    onSaved: () => form.setValue('payWith', 'saved'),
  });

  // Pay takes the new card typed in first (its own checks shown in its fields), then submits.
  const payNow = (e: FormEvent) => {
    e.preventDefault();
    setFailure({ message: '', hint: '' });
    void card.submitWith(form.getValues('payWith') === 'new' && !form.getValues('token'), (taken) => {
      if (taken) form.setValue('token', taken);
      return checkout.onSubmit();
    });
  };

  const leave = useCallback(() => {
    setThanks(null);
    form.reset();
    resetCard();
    history.replace(`/${eventcode}/my-orders`);
  }, [form, history, eventcode, resetCard]);
  useEffect(() => {
    if (!thanks) return;
    const t = setTimeout(leave, THANKS_MS);
    return () => clearTimeout(t);
  }, [thanks, leave]);

  const body = (() => {
    if (thanks) return null;
    if (cart.isPending) return <Loading />;
    if (cart.isError)
      return (
        <p className="gavel-error" role="alert" data-testid="checkout-load-error">
          {cart.error.message}
        </p>
      );
    if (lines.length === 0)
      return (
        <section className="gavel-card gavel-center" data-testid="checkout-empty">
          <p style={{ fontWeight: 700 }}>{single ? 'This item is not in your cart.' : checkoutMessages.noItems}</p>
          <IonButton
            expand="block"
            routerLink={`/${eventcode}/cart`}
            routerDirection="back"
            data-testid="checkout-back-to-cart"
          >
            Back to My Cart
          </IonButton>
        </section>
      );
    const capped = readDonation(donation).capped;
    return (
      <form className="gavel-card" noValidate aria-busy={checkout.busy || card.taking} onSubmit={payNow}>
        <CheckoutLines lines={lines} />
        <FormField
          form={form}
          name="donation"
          label="Additional donation ($)"
          type="number"
          inputMode="decimal"
          min="0"
          placeholder="0.00"
          testId="donation-input"
        />
        {capped ? (
          <p className="gavel-muted" data-testid="donation-capped">
            The most you can add here is {formatMoney(MAX_DONATION)}.
          </p>
        ) : null}
        {ctx.showFees && payWith !== 'billme' ? (
          <FeeBox
            percent={ctx.percent}
            fee={amounts.feeOffered}
            checked={coverFee}
            onChange={(on) => form.setValue('coverFee', on)}
          />
        ) : null}
        <PaymentAmounts amounts={amounts} testIdPrefix="checkout" />
        <PayWithChoice
          value={payWith}
          onChange={(v) => {
            picked.current = true;
            form.setValue('payWith', v, { shouldValidate: form.formState.isSubmitted });
          }}
          savedTitle={data?.usecard ? data.usecardtitle : null}
          cardsAllowed={data?.paymentprocessorisvalid ?? false}
          billMeAllowed={data?.allowbillme ?? false}
          newCard={
            data ? (
              <>
                <CardEntry
                  info={data.paymentprocessorinfo}
                  code={data.paymentprocessorcode}
                  eventcode={eventcode}
                  link={card.link}
                />
                <IonButton
                  expand="block"
                  fill="outline"
                  disabled={!card.ready || saving.busy || card.taking || checkout.busy}
                  data-testid="save-card"
                  onClick={() => void saving.save()}
                >
                  Save Card
                </IonButton>
                <p className="gavel-muted gavel-small">
                  Type the card, then pay with it below, or save it to keep it on file for this event.
                </p>
              </>
            ) : null
          }
        />
        <FormError message={problem} testId="checkout-message" />
        <div className="gavel-actions">
          <IonButton
            type="submit"
            expand="block"
            size="large"
            disabled={checkout.busy || card.taking || saving.busy || choices.length === 0}
            data-testid="pay-button"
          >
            {card.taking
              ? 'Checking the card…'
              : checkout.busy
                ? 'Paying…'
                : payWith === 'billme'
                  ? 'Place Order'
                  : `Pay ${formatMoney(amounts.total)}`}
          </IonButton>
        </div>
      </form>
    );
  })();

  return (
    <Page header="main" testId="checkout-page">
      <h1 style={{ marginTop: 0 }}>Checkout</h1>
      {body}
      <ThanksDialog thanks={thanks} onClose={leave} />
      <FailureDialog
        message={failure.message}
        hint={failure.hint}
        onClose={() => setFailure({ message: '', hint: '' })}
      />
    </Page>
  );
}

export const Checkout = signedIn(CheckoutPage, 'main', 'checkout-page');
