import { createColumnHelper } from '@tanstack/react-table';
import { type ChargeRunResult, formatClock, formatMoney } from '@gavel/domain';
import { type ColumnDef, DataTable } from '../ui/DataTable';
import { useRun } from './calls';

const result = createColumnHelper<ChargeRunResult>();
const columns: Array<ColumnDef<ChargeRunResult, never>> = [
  result.accessor('number', { header: 'No.', meta: { numeric: true } }),
  result.accessor('name', { header: 'Name' }),
  result.accessor('due', { header: 'Owed', meta: { numeric: true }, cell: ({ getValue }) => formatMoney(getValue()) }),
  result.accessor('message', {
    header: 'Result',
    cell: ({ row }) => (
      <span className={`chargeall-result ${row.original.state}`} data-testid="result" data-state={row.original.state}>
        {row.original.message}
      </span>
    ),
  }),
];

function Count({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: string }) {
  return (
    <div className={`chargeall-count ${tone ?? ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** A run as it goes: a progress bar, the counts, and each bidder's result, live (the job tells after each batch). */
export function RunSection({ eventcode, runid }: { eventcode: string; runid: number }) {
  const run = useRun(eventcode, runid);
  const data = run.data;
  if (run.isError)
    return (
      <p className="console-error" role="alert">
        {run.error.message}
      </p>
    );
  if (!data)
    return (
      <p className="console-loading" role="status">
        Loading…
      </p>
    );
  const done = data.count - data.left;
  const review = data.results.filter((r) => r.state === 'review');
  return (
    <section className="chargeall-section" aria-labelledby="run-heading" data-testid="run" data-state={data.state}>
      <h2 id="run-heading">
        Run {data.runid}: {data.state === 'running' ? 'charging…' : 'done'}
      </h2>
      <p className="chargeall-meta">
        Started by {data.startedby} at {formatClock(data.createdat)}
        {data.finishedat ? `, finished at ${formatClock(data.finishedat)}` : ''}.
      </p>
      <div className="chargeall-progress">
        <progress max={data.count} value={done} aria-label="Bidders done" data-testid="run-progress" />
        <span data-testid="run-done">
          {done} of {data.count} done
        </span>
      </div>
      <dl className="chargeall-counts">
        <Count
          label="Paid"
          value={`${data.charged} (${formatMoney(data.chargedamount)})`}
          testId="run-paid"
          tone="ok"
        />
        <Count label="Declined" value={String(data.declined)} testId="run-declined" tone="bad" />
        <Count label="Needs confirmation" value={String(data.confirm)} testId="run-confirm" />
        <Count label="Skipped" value={String(data.skipped)} testId="run-skipped" />
        {data.review > 0 && <Count label="Needs review" value={String(data.review)} testId="run-review" tone="bad" />}
      </dl>
      {review.length > 0 && (
        <div className="chargeall-review" role="alert" data-testid="run-review-list">
          <h3>Needs review</h3>
          <p>
            The card processor holds a charge under these payments&apos; keys that is not theirs (another Gavel server
            or a copy of this one on the same account?). Nothing was recorded as paid for them: look the charge up at
            the processor before charging them again.
          </p>
          <ul>
            {review.map((r) => (
              <li key={r.bidderid}>
                <strong>
                  {r.number} {r.name}
                </strong>
                : {r.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <DataTable
        data={data.results}
        columns={columns}
        testId="run-results"
        rowKey={(r) => String(r.bidderid)}
        empty="Nobody in this run."
        caption={`Results of run ${data.runid}`}
        initialSort={[{ id: 'number', desc: false }]}
      />
    </section>
  );
}
