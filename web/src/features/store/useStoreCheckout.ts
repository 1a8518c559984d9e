import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import {
  checkoutMessages,
  methodFor,
  type RequestOf,
  STORE_CHECKOUT_ORDER,
  type StoreAmounts,
  type StoreCartLine,
  type StoreCartResponse,
  type StoreCheckoutResponse,
  storeCheckoutSchema,
  storeFormAmounts,
  storeFormContext,
  storeFormDefaults,
} from '@gavel/domain';
import { api } from '../../api/client';
import '../../api/storeCalls';
import { useIdempotencyKey } from '../../api/idempotency';
import { keys } from '../../queries/keys';
import { storeCartToken, useCartToken } from '../../session/cartToken';
import { useSession } from '../../session/SessionProvider';
import { errorMessage } from '../../ui/action';
import { useApiForm } from '../../ui/form';
import { useToast } from '../../ui/toast';
import { useCardAction } from '../payments/CardEntry';
import { payConfirmed } from '../payments/paymentCalls';
import { useCardEntry } from '../payments/useCardEntry';
import { cartIdOf, clearBillingDraft, focusCheckoutField, keepBillingDraft, readBillingDraft } from './checkoutFields';
import { useCartCall } from './storeCalls';

/** What the confirmation shows after a checkout: the server's answer and the lines bought. */
export interface StoreConfirmation {
  answer: StoreCheckoutResponse;
  lines: StoreCartLine[];
  /** Guest registration follows: the confirmation's button goes on to the Registration tab. */
  registers: boolean;
}

/**
 * The Cart tab's checkout: the billing form, the live amounts, the card entry, and what a checkout
 * answer does. Checkout takes the card typed in (one tap), then checks every field at once: each
 * problem shows beside its field and the first, in the spec's order, is scrolled to and focused.
 * A success shows the confirmation (the order's number, its lines, the total); with a token the
 * cart then goes on to guest registration (the token replaces the cart's; the store is fetched
 * again). A refusal is a toast (spec section 8); a declined card is cleared from the entry.
 */
export function useStoreCheckout(cart: StoreCartResponse | undefined, onRegistration: () => void) {
  const { eventcode } = useSession();
  const client = useQueryClient();
  const toast = useToast();
  const cartCall = useCartCall();
  const idempotency = useIdempotencyKey();
  const cartid = cartIdOf(useCartToken(eventcode));
  const { confirm } = useCardAction(cart?.paymentprocessorcode, cart?.paymentprocessorinfo);
  const [summary, setSummary] = useState<StoreConfirmation | null>(null);
  const ctx = storeFormContext(cart);
  const send = (body: RequestOf<'PUT /storecheckout'>) =>
    idempotency.send(body, (headers) => cartCall((token) => api('PUT /storecheckout', body, { token, headers })));
  // The cart as it was when Checkout was tapped: its lines are what the order bought (the server
  // refuses a checkout whose total no longer matches them).
  const latest = useRef(cart);
  const bought = useRef<StoreCartLine[]>([]);

  const checkout = useApiForm({
    schema: storeCheckoutSchema(ctx),
    defaultValues: storeFormDefaults(cart),
    // One key per submission: a retried checkout is answered once, never charged twice. A payment
    // the bank wants confirmed is confirmed in the browser (Stripe) and sent again with its id.
    // A declined card is spent: cleared from the entry, and the buyer told what to do next.
    submit: (body) => {
      bought.current = latest.current?.cartitems ?? [];
      const pay = () => payConfirmed(send, confirm, body);
      if (!body.processortoken) return pay();
      return card.spend(
        pay,
        (err) => new Error(`${errorMessage(err)} ${checkoutMessages.cardCleared}`, { cause: err }),
      );
    },
    onSuccess: (answer) => {
      clearBillingDraft(eventcode);
      if (answer.token) storeCartToken(eventcode, answer.token);
      setSummary({ answer, lines: bought.current, registers: answer.token !== '' });
      void client.invalidateQueries({ queryKey: keys.storeSetup(eventcode) });
      void client.invalidateQueries({ queryKey: keys.storeCart(eventcode) });
    },
    onError: (message) => toast.error(message),
  });
  const { form } = checkout;
  const card = useCardEntry((token) =>
    form.setValue('cardtoken', token ?? '', { shouldValidate: form.formState.isSubmitted }),
  );

  // The cart's own details once it has come, with what was typed for it before a reload, and its
  // final values once it is checked out; not on every refetch, which would wipe what is typed.
  useEffect(() => {
    latest.current = cart;
  });
  const stage = cart ? (cart.hascheckedout ? 'done' : 'open') : '';
  const restored = useRef(false);
  useEffect(() => {
    if (!stage) return;
    const draft = stage === 'open' && cartid !== null ? readBillingDraft(eventcode, cartid) : {};
    // Nothing is kept while the form is being reset (a checked-out cart's final values are not a draft).
    restored.current = false;
    form.reset({ ...storeFormDefaults(latest.current), ...draft });
    restored.current = stage === 'open';
  }, [stage, form, eventcode, cartid]);

  const [donation = '', coverFee = false, method = 'CREDIT', state = '', cardtoken = ''] = useWatch({
    control: form.control,
    name: ['donation', 'coverFee', 'method', 'state', 'cardtoken'],
  });
  // What is typed is kept for this cart as it is typed, once the kept details were put back; another
  // cart's are let go once, when this cart becomes the one (a subscription: no render per keystroke).
  useEffect(() => {
    if (cartid === null) return;
    clearBillingDraft(eventcode, cartid);
    const typing = form.watch((values) => {
      if (restored.current) keepBillingDraft(eventcode, cartid, values);
    });
    return () => typing.unsubscribe();
  }, [form, eventcode, cartid]);

  const done = cart?.hascheckedout === true;
  const amounts: StoreAmounts =
    done && cart
      ? {
          subtotal: cart.subtotal,
          discount: cart.discountamount,
          donation: cart.additionaldonation,
          fee: cart.ccfeesamount,
          total: cart.totalamount + cart.ccfeesamount,
        }
      : storeFormAmounts(ctx, { donation, coverFee, method });
  // The fee the box offers, whether or not it is ticked.
  const feeOffered = storeFormAmounts(ctx, { donation, coverFee: true, method }).fee;

  // The first problem is scrolled to and focused once the page shows every problem (they move it).
  const [focusAsk, setFocusAsk] = useState<{ field: (typeof STORE_CHECKOUT_ORDER)[number]; tap: number } | null>(null);
  useEffect(() => {
    if (focusAsk) focusCheckoutField(focusAsk.field);
  }, [focusAsk]);

  // Checkout takes the card typed in first, then submits.
  const onSubmit = (e?: FormEvent) => {
    e?.preventDefault();
    const v = form.getValues();
    const paysByCard =
      cart?.paymentprocessorisvalid === true && methodFor(storeFormAmounts(ctx, v).total, v.method) === 'CREDIT';
    return card.submitWith(paysByCard && !v.cardtoken, async (taken) => {
      if (taken) form.setValue('cardtoken', taken);
      await checkout.onSubmit();
      const first = STORE_CHECKOUT_ORDER.find((name) => form.getFieldState(name).error);
      if (first) setFocusAsk((asked) => ({ field: first, tap: (asked?.tap ?? 0) + 1 }));
    });
  };

  return {
    form,
    onSubmit,
    busy: checkout.busy || card.taking,
    amounts,
    feeOffered,
    values: { donation, coverFee, method, state, cardtoken },
    card,
    summary,
    closeSummary: () => {
      const registers = summary?.registers === true;
      setSummary(null);
      if (registers) onRegistration();
    },
  };
}

export type StoreCheckout = ReturnType<typeof useStoreCheckout>;
