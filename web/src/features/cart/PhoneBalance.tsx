import type { PhoneBalance, PhonePayment } from '@gavel/domain';
import { formatClosingTime, formatMoney, phoneBalanceWords } from '@gavel/domain';

/**
 * What the bidder owes beyond the cart's items (a fund-a-need pledge, a Bill Me order), and the
 * balance's figures as the checkout desk reads them from the same ledger: shown whenever the
 * balance says more than the cart's items do, so the phone never says less than the desk will take.
 */
export function BalanceCard({ balance, cartTotal }: { balance: PhoneBalance; cartTotal: number }) {
  const more = balance.lines.length > 0 || balance.credit > 0 || balance.due !== cartTotal;
  if (!more) return null;
  return (
    <section className="gavel-card" data-testid="cart-balance" aria-labelledby="cart-balance-title">
      <h2 id="cart-balance-title" style={{ marginTop: 0, fontSize: '1.1rem' }}>
        {balance.lines.length > 0 ? phoneBalanceWords.title : 'Your balance'}
      </h2>
      {balance.lines.length > 0 ? (
        <>
          <ul className="gavel-order-lines" aria-label="Also owed">
            {balance.lines.map((l, i) => (
              <li key={`${l.kind}-${i}`} className="gavel-order-sum" data-testid="cart-balance-line">
                {l.label} <span>{formatMoney(l.amount)}</span>
              </li>
            ))}
          </ul>
          <p className="gavel-muted">{phoneBalanceWords.payAtDesk}</p>
        </>
      ) : null}
      <p className="gavel-order-sum">
        Charged in all <span data-testid="cart-balance-charged">{formatMoney(balance.charged)}</span>
      </p>
      <p className="gavel-order-sum">
        Paid <span data-testid="cart-balance-paid">{formatMoney(balance.paid)}</span>
      </p>
      <p className="gavel-order-sum">
        Balance due <strong data-testid="cart-balance-due">{formatMoney(balance.due)}</strong>
      </p>
      {balance.lines.length === 0 && balance.due > 0 ? (
        <p className="gavel-muted" data-testid="cart-balance-pay-rest">
          {phoneBalanceWords.payRest}
        </p>
      ) : null}
      {balance.credit > 0 ? (
        <p className="gavel-muted" data-testid="cart-credit">
          {phoneBalanceWords.credit(formatMoney(balance.credit))}
        </p>
      ) : null}
    </section>
  );
}

/** Every payment on the balance: on this phone, at the desk or by charge all, and money given back. */
export function PaymentsCard({ payments }: { payments: PhonePayment[] }) {
  if (payments.length === 0) return null;
  return (
    <section className="gavel-card" data-testid="order-payments" aria-labelledby="order-payments-title">
      <h2 id="order-payments-title" style={{ marginTop: 0, fontSize: '1.1rem' }}>
        {phoneBalanceWords.payments}
      </h2>
      <ul className="gavel-order-lines" aria-label={phoneBalanceWords.payments}>
        {payments.map((p, i) => (
          <li key={`${p.source}-${i}`} className="gavel-order-sum" data-testid="order-payment">
            <span>
              {p.label}
              {p.pending ? ' (being processed)' : ''}
              <br />
              <small className="gavel-muted">{formatClosingTime(p.at)}</small>
            </span>
            <span>{p.amount < 0 ? `+${formatMoney(-p.amount)}` : formatMoney(p.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
