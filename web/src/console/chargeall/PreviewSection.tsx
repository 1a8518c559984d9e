import { useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { chargeAllForm, type ChargeAllPreview, chargeButton, chargeQuestion, formatMoney } from '@gavel/domain';
import { useIdempotencyKey } from '../../api/idempotency';
import { useAction } from '../../ui/action';
import { useApiForm } from '../../ui/form';
import { consoleApi } from '../session';
import { type ColumnDef, DataTable } from '../ui/DataTable';
import { TextInput } from '../ui/fields';
import { usePreview } from './calls';

type ToCharge = ChargeAllPreview['bidders'][number];
type Skipped = ChargeAllPreview['skipped'][number];

const toCharge = createColumnHelper<ToCharge>();
const chargeColumns: Array<ColumnDef<ToCharge, never>> = [
  toCharge.accessor('number', { header: 'No.', meta: { numeric: true } }),
  toCharge.accessor('name', { header: 'Name' }),
  toCharge.accessor('email', {
    header: 'Email',
    cell: ({ getValue }) => <span className="chargeall-email">{getValue()}</span>,
  }),
  toCharge.accessor('due', {
    header: 'Owes',
    meta: { numeric: true },
    cell: ({ getValue }) => formatMoney(getValue()),
  }),
];

const skip = createColumnHelper<Skipped>();
const skipColumns: Array<ColumnDef<Skipped, never>> = [
  skip.accessor('number', { header: 'No.', meta: { numeric: true } }),
  skip.accessor('name', { header: 'Name' }),
  skip.accessor('due', { header: 'Owes', meta: { numeric: true }, cell: ({ getValue }) => formatMoney(getValue()) }),
  skip.accessor('reason', {
    header: 'Why not',
    cell: ({ row }) => (
      <span className={`chargeall-why ${row.original.why}`} data-testid="skip-why">
        {row.original.reason}
      </span>
    ),
  }),
];

/** "Charge N cards", asked once more with the count and the total; one Idempotency-Key per attempt. */
function ChargeButton({
  eventcode,
  minimum,
  preview,
  onStarted,
}: {
  eventcode: string;
  minimum: number;
  preview: ChargeAllPreview;
  onStarted: (runid: number) => void;
}) {
  const [asking, setAsking] = useState(false);
  const idempotency = useIdempotencyKey();
  const start = useAction(
    () =>
      idempotency.send({ minimum }, (headers) =>
        consoleApi(
          'POST /console/events/:eventcode/charge-all',
          { preview: false, minimum },
          { params: { eventcode }, headers },
        ),
      ),
    (answer) => {
      setAsking(false);
      if ('runid' in answer) onStarted(answer.runid);
    },
  );
  const count = preview.bidders.length;
  if (count === 0) return null;
  return (
    <div className="chargeall-charge">
      {asking ? (
        <div className="chargeall-confirm" role="group" aria-label="Confirm charging">
          <p data-testid="charge-question">{chargeQuestion(count, preview.total)}</p>
          <div className="chargeall-buttons">
            <button
              type="button"
              className="console-button"
              onClick={() => start.run(undefined)}
              disabled={start.busy}
              data-testid="charge-confirm"
            >
              {start.busy ? 'Starting…' : 'Charge now'}
            </button>
            <button type="button" className="console-button secondary" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="console-button" onClick={() => setAsking(true)} data-testid="charge-start">
          {chargeButton(count, preview.total)}
        </button>
      )}
      {start.error && (
        <p className="console-error" role="alert" data-testid="charge-error">
          {start.error}
        </p>
      )}
    </div>
  );
}

/**
 * The preview: a minimum, then who a run charges (the count and the total) and who it skips and
 * why, kept live (a payment at the desk changes it); then the run, asked once more. While a run is
 * running, no other starts (the server refuses it too).
 */
export function PreviewSection({
  eventcode,
  running,
  onStarted,
}: {
  eventcode: string;
  running: number | null;
  onStarted: (runid: number) => void;
}) {
  const [minimum, setMinimum] = useState<number | null>(null);
  const preview = usePreview(eventcode, minimum);
  // The field shows its own problem; the form only reads the minimum and asks for the preview.
  const { form, onSubmit } = useApiForm({
    schema: chargeAllForm,
    defaultValues: { minimum: '' },
    submit: async (values) => values,
    onSuccess: (values) => setMinimum(values.minimum),
  });
  const data = preview.data;
  return (
    <section className="chargeall-section" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      <form className="console-form chargeall-form" onSubmit={onSubmit} noValidate>
        <div className="console-row">
          <TextInput
            form={form}
            name="minimum"
            label="Minimum balance (dollars)"
            hint="Bidders who owe less are skipped. Leave empty to charge every balance."
            testId="charge-minimum"
            placeholder="0"
          />
        </div>
        <div className="console-form-actions">
          <button type="submit" className="console-button secondary" data-testid="charge-preview">
            Preview
          </button>
        </div>
      </form>
      {preview.isError && (
        <p className="console-error" role="alert" data-testid="preview-error">
          {preview.error.message}
        </p>
      )}
      {minimum !== null && preview.isPending && (
        <p className="console-loading" role="status">
          Loading…
        </p>
      )}
      {data && minimum !== null && (
        <div className="chargeall-preview" data-testid="preview">
          <p className="chargeall-summary" data-testid="preview-summary">
            <strong>{data.bidders.length === 1 ? '1 bidder' : `${data.bidders.length} bidders`}</strong> to charge,{' '}
            <strong>{formatMoney(data.total)}</strong> in all.
            {data.skipped.length > 0 && ` ${data.skipped.length} skipped.`}
          </p>
          {data.message && <p className="console-notice">{data.message}</p>}
          {running !== null ? (
            <p className="console-warning" data-testid="charge-running">
              Run {running} is charging cards now. Wait for it to finish before starting another.
            </p>
          ) : (
            <ChargeButton
              eventcode={eventcode}
              minimum={minimum}
              preview={data}
              onStarted={(runid) => {
                // The run takes over: a new preview is asked for before another run.
                setMinimum(null);
                onStarted(runid);
              }}
            />
          )}
          <h3>To charge</h3>
          <DataTable
            data={data.bidders}
            columns={chargeColumns}
            testId="preview-charge"
            rowKey={(b) => String(b.bidderid)}
            empty="Nobody to charge."
            caption="Bidders to charge"
            initialSort={[{ id: 'number', desc: false }]}
          />
          <h3>Skipped</h3>
          <DataTable
            data={data.skipped}
            columns={skipColumns}
            testId="preview-skipped"
            rowKey={(b) => String(b.bidderid)}
            empty="Nobody skipped."
            caption="Bidders skipped, and why"
            initialSort={[{ id: 'number', desc: false }]}
          />
        </div>
      )}
    </section>
  );
}
