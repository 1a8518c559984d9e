import { useEffect, useState } from 'react';
import { formatMoney, type LiveSaleItem, liveSaleForm } from '@gavel/domain';
import { useIdempotencyKey } from '../../api/idempotency';
import { useAction } from '../../ui/action';
import { useApiForm } from '../../ui/form';
import { FormMessage, TextInput } from '../ui/fields';
import { type Entered, enterSale } from './calls';

type Warning = Extract<Entered, { kind: 'warning' }>;
type Saved = Extract<Entered, { kind: 'saved' }>;

const blank = (itemnum: string) => ({ itemnum, biddernumber: '', amount: '', quantity: '' });

/**
 * The clerk's entry of one sale: the item (the queue's, or typed), the paddle, the price and, for a
 * lot of several, how many. Enter saves; the paddle box has the focus again for the next sale. What
 * staff may overrule comes back as a warning with "Save anyway"; a double tap of Enter sends one
 * Idempotency-Key, so it is one sale.
 */
export function SaleForm({
  eventcode,
  item,
  onSaved,
  onWarned,
}: {
  eventcode: string;
  item: LiveSaleItem | undefined;
  onSaved: (saved: Saved) => void;
  /** A warning is showing: the page's notice of the last sale would read as this one's. */
  onWarned: () => void;
}) {
  const idempotency = useIdempotencyKey();
  const [warning, setWarning] = useState<Warning | null>(null);
  const { form, onSubmit, message, busy } = useApiForm({
    schema: liveSaleForm,
    defaultValues: blank(item?.itemnum ?? ''),
    submit: (values) => {
      setWarning(null);
      const body = { ...values, override: false };
      return idempotency.send(body, (headers) => enterSale(eventcode, body, headers));
    },
    onSuccess: (entered) => settle(entered),
  });
  const focusPaddle = () => form.setFocus('biddernumber');
  const settle = (entered: Entered) => {
    if (entered.kind === 'warning') {
      onWarned();
      return setWarning(entered);
    }
    setWarning(null);
    form.reset(blank(item?.itemnum ?? ''));
    onSaved(entered);
    focusPaddle();
  };
  const anyway = useAction(
    (body: Warning['body']) => idempotency.send(body, (headers) => enterSale(eventcode, body, headers)),
    settle,
  );
  useEffect(() => {
    form.setFocus('biddernumber');
  }, [form]);

  const several = item !== undefined && item.quantity > 1;
  return (
    <form className="console-form live-entry" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="live-entry">
      <div className="live-entry-fields">
        <TextInput form={form} name="itemnum" label="Item number" testId="live-itemnum" autoComplete="off" />
        <TextInput form={form} name="biddernumber" label="Bidder number" testId="live-bidder" autoComplete="off" />
        <TextInput
          form={form}
          name="amount"
          label={several ? 'Amount each (dollars)' : 'Amount (dollars)'}
          testId="live-amount"
          autoComplete="off"
          placeholder={item && item.startingbid > 0 ? `from ${formatMoney(item.startingbid)}` : ''}
        />
        {several && (
          <TextInput
            form={form}
            name="quantity"
            label="Quantity"
            testId="live-quantity"
            autoComplete="off"
            placeholder="1"
          />
        )}
      </div>
      <div className="console-form-actions">
        <button type="submit" className="console-button live-big" disabled={busy} data-testid="live-save">
          {busy ? 'Saving…' : 'Save sale'}
        </button>
        <span className="console-hint">Enter saves.</span>
      </div>
      {warning && (
        <div className="console-warning live-warning" role="alert" data-testid="live-warning">
          <ul>
            {warning.problems.map((p) => (
              <li key={p.path}>{p.message}</li>
            ))}
          </ul>
          <div className="console-form-actions">
            <button
              type="button"
              className="console-button live-big"
              disabled={anyway.busy}
              onClick={() => anyway.run({ ...warning.body, override: true })}
              data-testid="live-save-anyway"
            >
              Save anyway
            </button>
            <button
              type="button"
              className="console-button secondary live-big"
              onClick={() => {
                setWarning(null);
                focusPaddle();
              }}
            >
              Change the entry
            </button>
          </div>
        </div>
      )}
      <FormMessage message={anyway.error || message} testId="live-message" />
    </form>
  );
}
