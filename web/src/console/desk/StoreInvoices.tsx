import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  type DeskInvoice,
  type DeskInvoicePaymentRequest,
  deskInvoicePaymentRequest,
  formatMoney,
  storeOrderNumber,
} from '@gavel/domain';
import { useIdempotencyKey } from '../../api/idempotency';
import { useApiForm } from '../../ui/form';
import { nightKey } from '../live';
import { FormMessage, TextInput } from '../ui/fields';
import { payInvoiceCall, useStoreInvoices } from './calls';

/** Cash or a check for one invoice; Enter records it. One Idempotency-Key per attempt, as every desk payment. */
function InvoicePayment({
  eventcode,
  invoice,
  onDone,
}: {
  eventcode: string;
  invoice: DeskInvoice;
  onDone: (said: string) => void;
}) {
  const idempotency = useIdempotencyKey();
  const { form, onSubmit, message, busy } = useApiForm({
    schema: deskInvoicePaymentRequest,
    defaultValues: { method: 'cash', reference: '' } satisfies DeskInvoicePaymentRequest,
    submit: (body) => idempotency.send(body, (headers) => payInvoiceCall(eventcode, invoice.orderid, body, headers)),
    onSuccess: (answer) => onDone(answer.message),
  });
  const method = form.watch('method');
  return (
    <form
      className="console-form desk-invoice-pay"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      data-testid="invoice-pay"
    >
      <fieldset className="desk-methods">
        <legend>How is it paid?</legend>
        {(['cash', 'check'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={`desk-method${method === m ? ' chosen' : ''}`}
            aria-pressed={method === m}
            onClick={() => form.setValue('method', m)}
            data-testid={`invoice-method-${m}`}
          >
            {m === 'cash' ? 'Cash' : 'Check'}
          </button>
        ))}
      </fieldset>
      {method === 'check' && (
        <TextInput form={form} name="reference" label="Check number" testId="invoice-check" autoComplete="off" />
      )}
      <FormMessage message={message} testId="invoice-error" />
      <div className="console-form-actions">
        <button type="submit" className="console-button" disabled={busy} data-testid="invoice-record">
          {busy ? 'Sending…' : `Record ${formatMoney(invoice.total)} by ${method}`}
        </button>
      </div>
    </form>
  );
}

/**
 * The store's Bill Me orders on nobody's balance: each its purchaser's own invoice, paid at the desk
 * in cash or by check by whoever is there (never from a bidder's card on file). An order a bidder
 * added to their balance by the mailed link is paid with that balance, and is not listed here.
 */
export function StoreInvoices({ eventcode }: { eventcode: string }) {
  const invoices = useStoreInvoices(eventcode);
  const client = useQueryClient();
  const [open, setOpen] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const list = invoices.data?.invoices ?? [];
  if (list.length === 0 && !said) return null;
  return (
    <section className="desk-invoices" aria-labelledby="invoices-heading" data-testid="desk-invoices">
      <h2 id="invoices-heading">Store invoices (Bill Me)</h2>
      <p className="console-hint">
        Store orders on nobody&apos;s balance: take them in cash or by check from whoever pays.
      </p>
      {said && (
        <p className="console-success" role="status" data-testid="invoice-said">
          {said}
        </p>
      )}
      <ul>
        {list.map((invoice) => (
          <li key={invoice.orderid} data-testid="invoice-row">
            <div className="desk-invoice-line">
              <span>
                <strong>{storeOrderNumber(invoice.orderid)}</strong> {invoice.name}
                <small>{invoice.email}</small>
              </span>
              <span className="desk-invoice-total">{formatMoney(invoice.total)}</span>
              {open !== invoice.orderid && (
                <button
                  type="button"
                  className="console-button secondary"
                  onClick={() => {
                    setOpen(invoice.orderid);
                    setSaid('');
                  }}
                  data-testid="invoice-take"
                >
                  Take payment
                </button>
              )}
            </div>
            {open === invoice.orderid && (
              <InvoicePayment
                eventcode={eventcode}
                invoice={invoice}
                onDone={(message) => {
                  setOpen(null);
                  setSaid(message);
                  void client.invalidateQueries({ queryKey: nightKey(eventcode, 'desk') });
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
