import { useEffect, useState } from 'react';
import {
  amountInput,
  type DeskBalanceResponse,
  type DeskBidder,
  type DeskPaymentFormInput,
  type DeskPaymentMethod,
  type DeskPaymentResponse,
  deskPaymentForm,
  deskWords,
  formatMoney,
  payLabel,
} from '@gavel/domain';
import { useIdempotencyKey } from '../../api/idempotency';
import { CardEntry } from '../../features/payments/CardEntry';
import { useCardEntry } from '../../features/payments/useCardEntry';
import { useApiForm } from '../../ui/form';
import { FormMessage, TextInput } from '../ui/fields';
import { AlsoPayFor } from './AlsoPayFor';
import { payCall } from './calls';

const METHODS: Array<{ method: DeskPaymentMethod; label: string }> = [
  { method: 'card', label: 'Card on file' },
  { method: 'newcard', label: 'New card' },
  { method: 'cash', label: 'Cash' },
  { method: 'check', label: 'Check' },
];

/**
 * Take a payment of the balance: the method (the card on file, a new card typed into the event's
 * card form, cash, a check and its number), the amount (the due, or less for a part payment), and
 * other bidders' balances paid with it (a couple). Enter pays. Every attempt has its own
 * Idempotency-Key, the same on a retry or a double tap, so one tap is one payment.
 */
export function PaymentForm({
  eventcode,
  balance,
  onPaid,
}: {
  eventcode: string;
  balance: DeskBalanceResponse;
  onPaid: (answer: DeskPaymentResponse) => void;
}) {
  const idempotency = useIdempotencyKey();
  const card = useCardEntry();
  const [others, setOthers] = useState<DeskBidder[]>([]);
  const own = Math.max(0, balance.due);
  const total = own + others.reduce((s, o) => s + o.due, 0);
  const first: DeskPaymentMethod = balance.bidder.cardonfile ? 'card' : 'cash';
  const { form, onSubmit, message, busy } = useApiForm({
    schema: deskPaymentForm,
    defaultValues: { method: first, amount: amountInput(own), reference: '' } satisfies DeskPaymentFormInput,
    submit: async (values) => {
      const out: { paid?: DeskPaymentResponse } = {};
      await card.submitWith(values.method === 'newcard', async (token) => {
        if (values.method === 'newcard' && !token) return;
        const body = {
          ...values,
          forbidderids: others.map((o) => o.bidderid),
          ...(token && values.method === 'newcard' ? { processortoken: token } : {}),
        };
        const send = () =>
          idempotency.send(body, (headers) => payCall(eventcode, balance.bidder.bidderid, body, headers));
        out.paid = values.method === 'newcard' ? await card.spend(send) : await send();
      });
      return out.paid;
    },
    onSuccess: (paid) => {
      if (paid) onPaid(paid);
    },
  });
  const method = form.watch('method');
  // A couple added or removed: the amount is the new total due (the volunteer may lower it again).
  useEffect(() => {
    form.setValue('amount', amountInput(total));
  }, [form, total]);
  const typed = deskPaymentForm.shape.amount.safeParse(form.watch('amount'));
  const cards = balance.cards;

  return (
    <form className="console-form desk-pay" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="desk-pay">
      <fieldset className="desk-methods">
        <legend>How is it paid?</legend>
        {METHODS.map((m) => {
          const off =
            (m.method === 'card' && !balance.bidder.cardonfile) || (m.method === 'newcard' && !cards.takescards);
          return (
            <button
              key={m.method}
              type="button"
              className={`desk-method${method === m.method ? ' chosen' : ''}`}
              aria-pressed={method === m.method}
              disabled={off}
              onClick={() => form.setValue('method', m.method)}
              data-testid={`desk-method-${m.method}`}
            >
              {m.label}
              {m.method === 'card' && balance.bidder.card && <small>{balance.bidder.card}</small>}
            </button>
          );
        })}
      </fieldset>
      <div className="desk-pay-fields">
        <TextInput
          form={form}
          name="amount"
          label="Amount (dollars)"
          hint={
            others.length > 0
              ? `Due on ${others.length + 1} balances: ${formatMoney(total)}`
              : 'Lower it for a part payment.'
          }
          testId="desk-amount"
          autoComplete="off"
        />
        {method === 'check' && (
          <TextInput form={form} name="reference" label="Check number" testId="desk-check" autoComplete="off" />
        )}
      </div>
      {method === 'newcard' && (
        <div className="desk-card" data-testid="desk-card">
          <p className="console-hint">Hand the device to the cardholder to type the card, then press the pay button.</p>
          <CardEntry
            info={cards.paymentprocessorinfo}
            code={cards.paymentprocessorcode}
            eventcode={eventcode}
            link={card.link}
          />
        </div>
      )}
      <AlsoPayFor eventcode={eventcode} payer={balance.bidder.bidderid} others={others} onChange={setOthers} />
      {method === 'card' && others.length > 0 && (
        <p className="console-warning" data-testid="desk-whose-card">
          {deskWords.whoseCard(balance.bidder.name, balance.bidder.card, others.length + 1)}
        </p>
      )}
      <FormMessage message={message} testId="desk-pay-error" />
      <div className="console-form-actions">
        <button
          type="submit"
          className="console-button desk-big"
          disabled={busy || card.taking}
          data-testid="desk-pay-button"
        >
          {busy ? 'Sending…' : payLabel(method, typed.success ? typed.data : null)}
        </button>
        <span className="console-hint">Enter pays.</span>
      </div>
    </form>
  );
}
