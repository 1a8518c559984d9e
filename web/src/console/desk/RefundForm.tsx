import {
  amountInput,
  type DeskPayment,
  formatMoney,
  refundForm,
  type RefundFormInput,
  refundLabel,
  type RefundResponse,
  refundWords,
} from '@gavel/domain';
import { useIdempotencyKey } from '../../api/idempotency';
import { useApiForm } from '../../ui/form';
import { FormMessage, TextInput } from '../ui/fields';
import { refundCall } from './calls';

/**
 * Give money back from one payment (owner): all that is left of it or less, and why; for a payment
 * taken at the desk by mistake, a void (all of it back, and what it paid for owed again, said
 * before the tap). A card goes back through the processor; cash and checks are handed back and
 * recorded. One Idempotency-Key per attempt, the same on a retry or a double tap.
 */
export function RefundForm({
  eventcode,
  bidderid,
  payment,
  onDone,
  onCancel,
}: {
  eventcode: string;
  bidderid: number;
  payment: DeskPayment;
  onDone: (answer: RefundResponse) => void;
  onCancel: () => void;
}) {
  const idempotency = useIdempotencyKey();
  const source: 'phone' | 'desk' = payment.source === 'phone' ? 'phone' : 'desk';
  const { form, onSubmit, message, busy } = useApiForm({
    schema: refundForm,
    defaultValues: { amount: amountInput(payment.refundable), reason: '', void: false } satisfies RefundFormInput,
    submit: (values) => {
      const body = { source, paymentid: payment.id, ...values };
      return idempotency.send(body, (headers) => refundCall(eventcode, bidderid, body, headers));
    },
    onSuccess: onDone,
  });
  const isVoid = form.watch('void');
  const typed = refundForm.shape.amount.safeParse(form.watch('amount'));
  return (
    <form className="console-form desk-pay" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="desk-refund">
      <h3 className="desk-refund-title">Give money back</h3>
      <p className="console-hint">
        {payment.method === 'card' ? `To the card${payment.card ? ` (${payment.card})` : ''}` : `In ${payment.method}`}:
        up to {formatMoney(payment.refundable)} of this payment.
      </p>
      {source === 'desk' && (
        <label className="desk-check-row">
          <input
            type="checkbox"
            {...form.register('void', {
              onChange: (e: { target: { checked: boolean } }) => {
                if (e.target.checked) form.setValue('amount', amountInput(payment.refundable));
              },
            })}
            data-testid="desk-refund-void"
          />
          Void: taken by mistake
        </label>
      )}
      {isVoid && (
        <p className="console-warning" data-testid="desk-refund-void-warning">
          {refundWords.voidWarning}
        </p>
      )}
      <div className="desk-pay-fields">
        <TextInput
          form={form}
          name="amount"
          label="Amount (dollars)"
          hint={isVoid ? 'A void gives all of it back.' : 'Lower it to give back part.'}
          testId="desk-refund-amount"
          autoComplete="off"
        />
        <TextInput form={form} name="reason" label="Why" testId="desk-refund-reason" autoComplete="off" />
      </div>
      <FormMessage message={message} testId="desk-refund-error" />
      <div className="console-form-actions">
        <button
          type="submit"
          className="console-button desk-big danger"
          disabled={busy}
          data-testid="desk-refund-button"
        >
          {busy ? 'Sending…' : refundLabel(payment.method, typed.success ? typed.data : null, isVoid)}
        </button>
        <button type="button" className="console-button secondary" onClick={onCancel} data-testid="desk-refund-cancel">
          Cancel
        </button>
      </div>
    </form>
  );
}
