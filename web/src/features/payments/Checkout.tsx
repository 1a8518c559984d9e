import { useCallback, useEffect, useRef, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useParams } from 'react-router-dom';
import { useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import type { CartResponse, CheckoutResponse, SessionUser } from '@gavel/domain';
import { checkoutMessages, formatMoney, MAX_DONATION } from '@gavel/domain';
import { useCart } from '../../queries/cart';
import { itemIdOf } from '../../queries/items';
import { keys } from '../../queries/keys';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { useAction } from '../../ui/action';
import { FormError } from '../../ui/Field';
import { FormField, useApiForm } from '../../ui/form';
import { Loading } from '../../ui/Loading';
import { useHistory } from '../../ui/navigation';
import { Page } from '../../ui/Page';
import { useToast } from '../../ui/toast';
import { CardEntry } from './CardEntry';
import { amountsOf, type CheckoutContext, checkoutSchema, type PayWith, readDonation } from '@gavel/domain';
import { CheckoutLines, CheckoutSummary, FailureDialog, FeeBox, PayWithChoice, ThanksDialog } from './checkoutParts';
import { usePay, useSaveCard } from './paymentCalls';
import { clearCheckoutSelection, readCheckoutSelection } from './selection';

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
  const toast = useToast();
  const client = useQueryClient();
  const cart = useCart();
  const data = cart.data;
  const lines = linesOf(data, single, eventcode);
  const ctx: CheckoutContext = { eventcode, lines, showFees: data?.showccfees ?? false, percent: data?.ccfeespercentage ?? 0 };
  const [thanks, setThanks] = useState<CheckoutResponse | null>(null);
  const [failure, setFailure] = useState('');
  // A new key gives a fresh card entry (after a card is saved or an order placed).
  const [entryKey, setEntryKey] = useState(0);

  const pay = usePay(data?.paymentprocessorcode, data?.paymentprocessorinfo);
  const checkout = useApiForm({
    schema: checkoutSchema(ctx),
    defaultValues: { donation: '', coverFee: false, payWith: 'new', token: '' },
    submit: pay,
    onSuccess: (answer) => {
      setThanks(answer);
      clearCheckoutSelection(eventcode);
      void client.invalidateQueries({ queryKey: keys.cart(eventcode) });
      void client.invalidateQueries({ queryKey: keys.orders(eventcode) });
    },
    onError: (message) => setFailure(message || checkoutMessages.failedTitle),
  });
  const { form } = checkout;
  const [donation, coverFee, payWith, token] = useWatch({ control: form.control, name: ['donation', 'coverFee', 'payWith', 'token'] });
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
    if (best && wanted && wanted !== payWith) form.setValue('payWith', wanted === 'saved' || wanted === 'billme' ? wanted : 'new');
  }, [choiceKey, payWith, form]);

  const setToken = (next: string | null) => form.setValue('token', next ?? '', { shouldValidate: form.formState.isSubmitted });
  const saveCard = useSaveCard(data?.paymentprocessorcode, data?.paymentprocessorinfo);
  const saving = useAction(
    saveCard,
    (answer) => {
      if (!answer) return;
      toast.success(answer.message || 'Your card was saved.');
      setToken(null);
      setEntryKey((k) => k + 1);
      form.setValue('payWith', 'saved');
    },
    (message) => toast.error(message),
  );

  const leave = useCallback(() => {
    setThanks(null);
    form.reset();
    setEntryKey((k) => k + 1);
    history.replace(`/${eventcode}/my-orders`);
  }, [form, history, eventcode]);
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
          <IonButton expand="block" routerLink={`/${eventcode}/cart`} routerDirection="back" data-testid="checkout-back-to-cart">
            Back to My Cart
          </IonButton>
        </section>
      );
    const capped = readDonation(donation).capped;
    return (
      <form className="gavel-card" noValidate aria-busy={checkout.busy} onSubmit={(e) => void checkout.onSubmit(e)}>
        <CheckoutLines lines={lines} />
        <FormField form={form} name="donation" label="Additional donation ($)" type="number" inputmode="decimal" min="0" placeholder="0.00" testId="donation-input" />
        {capped ? <p className="gavel-muted" data-testid="donation-capped">The most you can add here is {formatMoney(MAX_DONATION)}.</p> : null}
        {ctx.showFees && payWith !== 'billme' ? <FeeBox percent={ctx.percent} fee={amounts.feeOffered} checked={coverFee} onChange={(on) => form.setValue('coverFee', on)} /> : null}
        <CheckoutSummary amounts={amounts} />
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
                <CardEntry key={entryKey} info={data.paymentprocessorinfo} code={data.paymentprocessorcode} eventcode={eventcode} onToken={setToken} />
                <IonButton expand="block" fill="outline" disabled={!token || saving.busy} data-testid="save-card" onClick={() => saving.run(token)}>
                  Save Card
                </IonButton>
                <p className="gavel-muted gavel-small">Save it to keep it on file for this event, or just pay with it below.</p>
              </>
            ) : null
          }
        />
        <FormError message={problem} testId="checkout-message" />
        <div className="gavel-actions">
          <IonButton type="submit" expand="block" size="large" disabled={checkout.busy || saving.busy || choices.length === 0} data-testid="pay-button">
            {checkout.busy ? 'Paying…' : payWith === 'billme' ? 'Place Order' : `Pay ${formatMoney(amounts.total)}`}
          </IonButton>
        </div>
      </form>
    );
  })();

  return (
    <Page header="main" testId="checkout-page">
      <h1 style={{ marginTop: 0 }}>Checkout</h1>
      {body}
      <ThanksDialog answer={thanks} onClose={leave} />
      <FailureDialog message={failure} onClose={() => setFailure('')} />
    </Page>
  );
}

export const Checkout = signedIn(CheckoutPage, 'main', 'checkout-page');
