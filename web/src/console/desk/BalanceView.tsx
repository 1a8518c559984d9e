import type { ReactNode } from 'react';
import { type DeskBalance, type DeskLine, type DeskPayment, formatMoney, refundHow } from '@gavel/domain';

/** A balance's charges in the groups a volunteer reads them by. */
const GROUPS: Array<{ title: string; testId: string; has: (l: DeskLine) => boolean }> = [
  { title: 'Items won', testId: 'group-items', has: (l) => l.kind === 'item' && !l.billme },
  { title: 'Fund-a-need', testId: 'group-pledges', has: (l) => l.kind === 'pledge' },
  { title: 'Bill Me', testId: 'group-billme', has: (l) => (l.kind === 'item' && l.billme) || l.kind === 'storebillme' },
  { title: 'Donations', testId: 'group-donations', has: (l) => l.kind === 'donation' },
  { title: 'Card fee', testId: 'group-fee', has: (l) => l.kind === 'fee' },
];

const WON: Record<string, string> = { bid: 'won', buynow: 'Buy It Now', live: 'live auction' };

function LineRow({ line, hold }: { line: DeskLine; hold: ((line: DeskLine) => ReactNode) | undefined }) {
  const how = line.won ? WON[line.won] : '';
  return (
    <li className="desk-line" data-testid={line.hold ? 'desk-line-held' : 'desk-line'}>
      <span className="desk-line-what">
        {line.itemnum && <span className="desk-itemnum">#{line.itemnum}</span>} {line.label}
        {line.quantity > 1 && <span className="desk-muted"> × {line.quantity}</span>}
        {how && <span className="desk-muted"> ({how})</span>}
        {line.settled && <span className="desk-tag">paid</span>}
        {line.hold && <span className="desk-tag held">on hold: {line.hold.reason}</span>}
        {hold?.(line)}
      </span>
      <span className="desk-amount">{formatMoney(line.amount)}</span>
    </li>
  );
}

function paymentWords(p: DeskPayment, bidderid: number): string {
  if (p.source === 'refund')
    return `Given back ${refundHow(p.method)}: ${p.reference}${p.state === 'pending' ? ' (being processed)' : ''}`;
  const how =
    p.method === 'cash'
      ? 'Cash'
      : p.method === 'check'
        ? `Check ${p.reference}`.trim()
        : `${p.source === 'phone' ? 'Card on the phone' : 'Card'}${p.card ? `: ${p.card}` : ''}`;
  const by = p.paidby.bidderid === bidderid ? '' : `, paid by ${p.paidby.name} (bidder ${p.paidby.biddernumber})`;
  return `${how}${by}${p.state === 'pending' ? ' (being processed)' : ''}`;
}

/**
 * The balance from the ledger: the charges by group, the payments made (and money given back), and
 * the amount due, large, or the credit to give back. `onGiveBack` (the owner's) offers each payment
 * with something left to give back.
 */
export function BalanceView({
  balance,
  onGiveBack,
  hold,
}: {
  balance: DeskBalance;
  onGiveBack?: ((payment: DeskPayment) => void) | undefined;
  /** The staff's hold controls of a line (HoldLine), when they may hold. */
  hold?: ((line: DeskLine) => ReactNode) | undefined;
}) {
  const { bidder } = balance;
  return (
    <section className="desk-balance" aria-labelledby="desk-balance-title" data-testid="desk-balance">
      <h2 id="desk-balance-title" className="desk-who">
        <span className="desk-number">Bidder {bidder.biddernumber}</span> {bidder.name}
      </h2>
      <p className="desk-muted">
        {bidder.email} · {bidder.cardonfile ? `Card on file: ${bidder.card}` : 'No card on file'}
      </p>
      {balance.lines.length === 0 && <p className="console-empty">Nothing charged to this bidder.</p>}
      {GROUPS.map((g) => {
        const lines = balance.lines.filter(g.has);
        if (lines.length === 0) return null;
        return (
          <div key={g.title} className="desk-group" data-testid={g.testId}>
            <h3>{g.title}</h3>
            <ul className="desk-lines">
              {lines.map((l, i) => (
                <LineRow key={`${l.kind}-${i}`} line={l} hold={hold} />
              ))}
            </ul>
          </div>
        );
      })}
      {balance.payments.length > 0 && (
        <div className="desk-group" data-testid="group-payments">
          <h3>Payments made</h3>
          <ul className="desk-lines">
            {balance.payments.map((p) => (
              <li key={`${p.source}-${p.id}`} className="desk-line" data-testid={`desk-payment-${p.source}`}>
                <span className="desk-line-what">
                  {paymentWords(p, bidder.bidderid)}
                  {onGiveBack && p.refundable > 0 && (
                    <button
                      type="button"
                      className="console-link-button desk-give-back"
                      onClick={() => onGiveBack(p)}
                      data-testid="desk-give-back"
                    >
                      Give back…
                    </button>
                  )}
                </span>
                <span className="desk-amount">
                  {p.amount < 0 ? `+${formatMoney(-p.amount)}` : `−${formatMoney(p.amount)}`}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className={`desk-due${balance.due > 0 ? '' : ' paid'}`} data-testid="desk-due">
        <span>Amount due</span> <strong>{formatMoney(Math.max(0, balance.due))}</strong>
      </p>
      {balance.held > 0 && (
        <p className="desk-muted" data-testid="desk-held">
          On hold, charged to nobody until resolved: {formatMoney(balance.held)}
        </p>
      )}
      {balance.credit > 0 && (
        <p className="desk-due credit" data-testid="desk-credit">
          <span>Credit to give back</span> <strong>{formatMoney(balance.credit)}</strong>
        </p>
      )}
      {balance.inprogress && (
        <p className="console-warning" role="status" data-testid="desk-inprogress">
          A payment is being processed. Wait for it before taking another.
        </p>
      )}
    </section>
  );
}
