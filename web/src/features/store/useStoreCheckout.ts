import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { type RequestOf, type StoreAmounts, type StoreCartResponse, type StoreCheckoutResponse, storeCheckoutSchema, storeFormAmounts, storeFormContext, storeFormDefaults } from '@gavel/domain';
import { api } from '../../api/client';
import { useIdempotencyKey } from '../../api/idempotency';
import { keys } from '../../queries/keys';
import { storeCartToken } from '../../session/cartToken';
import { useSession } from '../../session/SessionProvider';
import { useApiForm } from '../../ui/form';
import { useToast } from '../../ui/toast';
import { useCartCall } from './storeCalls';
import { useCardAction } from '../payments/CardEntry';
import { payConfirmed } from '../payments/paymentCalls';

/**
 * The Cart tab's checkout: the billing form, the live amounts, and what a checkout answer does.
 * With a token the cart goes on to guest registration (the token replaces the cart's; the store
 * is fetched again); without one the summary dialog opens. A refusal is a toast (spec section 8).
 */
export function useStoreCheckout(cart: StoreCartResponse | undefined, onRegistration: () => void) {
  const { eventcode } = useSession();
  const client = useQueryClient();
  const toast = useToast();
  const cartCall = useCartCall();
  const idempotency = useIdempotencyKey();
  const { confirm } = useCardAction(cart?.paymentprocessorcode, cart?.paymentprocessorinfo);
  const [summary, setSummary] = useState<StoreCheckoutResponse | null>(null);
  const ctx = storeFormContext(cart);
  const send = (body: RequestOf<'PUT /storecheckout'>) => idempotency.send(body, (headers) => cartCall((token) => api('PUT /storecheckout', body, { token, headers })));

  const checkout = useApiForm({
    schema: storeCheckoutSchema(ctx),
    defaultValues: storeFormDefaults(cart),
    // One key per submission: a retried checkout is answered once, never charged twice. A payment
    // the bank wants confirmed is confirmed in the browser (Stripe) and sent again with its id.
    submit: (body) => payConfirmed(send, confirm, body),
    onSuccess: (answer) => {
      if (answer.token) {
        storeCartToken(eventcode, answer.token);
        onRegistration();
      } else setSummary(answer);
      void client.invalidateQueries({ queryKey: keys.storeSetup(eventcode) });
      void client.invalidateQueries({ queryKey: keys.storeCart(eventcode) });
    },
    onError: (message) => toast.error(message),
  });
  const { form } = checkout;

  // The cart's own details once it has come, and its final values once it is checked out; not on
  // every refetch, which would wipe what the buyer is typing.
  const latest = useRef(cart);
  useEffect(() => {
    latest.current = cart;
  });
  const stage = cart ? (cart.hascheckedout ? 'done' : 'open') : '';
  useEffect(() => {
    if (stage) form.reset(storeFormDefaults(latest.current));
  }, [stage, form]);

  const [donation = '', coverFee = false, method = 'CREDIT', state = '', cardtoken = ''] = useWatch({ control: form.control, name: ['donation', 'coverFee', 'method', 'state', 'cardtoken'] });
  const done = cart?.hascheckedout === true;
  const amounts: StoreAmounts =
    done && cart
      ? { subtotal: cart.subtotal, discount: cart.discountamount, donation: cart.additionaldonation, fee: cart.ccfeesamount, total: cart.totalamount + cart.ccfeesamount }
      : storeFormAmounts(ctx, { donation, coverFee, method });
  // The fee the box offers, whether or not it is ticked.
  const feeOffered = storeFormAmounts(ctx, { donation, coverFee: true, method }).fee;

  const errors = form.formState.errors;
  const problem = [errors.cardtoken, errors.first, errors.last, errors.address, errors.city, errors.state, errors.zip, errors.email, errors.donation].find((e) => e?.message)?.message ?? '';

  return {
    form,
    onSubmit: checkout.onSubmit,
    busy: checkout.busy,
    problem,
    amounts,
    feeOffered,
    values: { donation, coverFee, method, state, cardtoken },
    setCardToken: (token: string | null) => form.setValue('cardtoken', token ?? '', { shouldValidate: form.formState.isSubmitted }),
    summary,
    closeSummary: () => setSummary(null),
  };
}

export type StoreCheckout = ReturnType<typeof useStoreCheckout>;
