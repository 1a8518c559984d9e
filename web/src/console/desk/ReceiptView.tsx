import { formatDateTime } from '@gavel/domain';
import { BalanceView } from './BalanceView';
import { useReceipt } from './calls';

/**
 * The receipt to print at the desk: the organization and event, the balance with who paid what,
 * and the pickup code. Printing shows this alone (desk.css hides the rest of the console).
 */
export function ReceiptView({
  eventcode,
  bidderid,
  onClose,
}: {
  eventcode: string;
  bidderid: number;
  onClose: () => void;
}) {
  const receipt = useReceipt(eventcode, bidderid);
  if (receipt.isPending) return <p className="console-loading">Loading the receipt…</p>;
  if (receipt.isError)
    return (
      <p className="console-error" role="alert">
        {receipt.error.message}
      </p>
    );
  const r = receipt.data;
  return (
    <section className="desk-receipt" aria-label="Receipt" data-testid="desk-receipt">
      <header className="desk-receipt-head">
        <p className="desk-receipt-org">{r.organizationname}</p>
        <p className="desk-receipt-event">{r.eventname}: receipt</p>
        <p className="desk-muted">Printed {formatDateTime(r.printedat, r.timezone)}</p>
      </header>
      <BalanceView balance={r} />
      {r.pickupcode && (
        <p className="desk-pickup" data-testid="desk-pickup">
          Pickup code: <strong>{r.pickupcode}</strong>
        </p>
      )}
      <p className="desk-muted">Thank you for supporting our cause.</p>
      <div className="console-form-actions desk-noprint">
        <button
          type="button"
          className="console-button desk-big"
          onClick={() => window.print()}
          data-testid="desk-print-now"
        >
          Print
        </button>
        <button type="button" className="console-button secondary desk-big" onClick={onClose}>
          Back
        </button>
      </div>
    </section>
  );
}
