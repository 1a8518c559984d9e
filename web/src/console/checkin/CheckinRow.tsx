import { useState } from 'react';
import { bidderWords, cardLabel, type CheckinBidder, formatClock } from '@gavel/domain';

/** An email that may break before its @ when the row is narrow, never inside a word. */
function Email({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <span>{email}</span>;
  return (
    <span>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}

/** What a row's buttons ask the page to do. */
export interface RowActions {
  checkIn: (bidder: CheckinBidder) => void;
  undo: (bidder: CheckinBidder) => void;
  addCard: (bidder: CheckinBidder) => void;
  sendCardLink: (bidder: CheckinBidder) => void;
  /** A call about this bidder is on its way: their buttons wait. */
  busy: boolean;
  takescards: boolean;
  timezone: string;
}

/**
 * One bidder at the desk: number, name, how to reach them, whether and when they were checked in,
 * their card. One big button does what the desk does next: Check in, or (checked in) Undo, asked
 * first. Without a card: Add card (the card form, here) or Send card link (to their own phone).
 */
export function CheckinRow({ bidder, actions }: { bidder: CheckinBidder; actions: RowActions }) {
  const [confirming, setConfirming] = useState(false);
  const name = bidderWords.nameOf(bidder);
  const { checkedin, card } = bidder;
  return (
    <li className={`checkin-row${checkedin ? ' in' : ''}`} data-testid="checkin-row">
      <span className="checkin-number" aria-label={`Bidder ${bidder.biddernumber}`} data-testid="checkin-number">
        {bidder.biddernumber}
      </span>
      <div className="checkin-who">
        <strong data-testid="checkin-name">{name}</strong>
        <span className="checkin-contact">
          <Email email={bidder.email} />
          {bidder.phone && <span className="checkin-phone">{bidder.phone}</span>}
        </span>
        <span className={`checkin-state${checkedin ? ' in' : ''}`} data-testid="checkin-state">
          {checkedin
            ? `Checked in at ${formatClock(checkedin.at, actions.timezone)} by ${checkedin.by}`
            : 'Not checked in'}
        </span>
        <span className={`checkin-card${card ? ' on' : ''}`} data-testid="checkin-card">
          {card ? cardLabel(card) : 'No card on file'}
        </span>
      </div>
      <div className="checkin-actions">
        {!card && actions.takescards && (
          <>
            <button
              type="button"
              className="console-button secondary"
              disabled={actions.busy}
              onClick={() => actions.addCard(bidder)}
              data-testid="checkin-add-card"
            >
              Add card
            </button>
            <button
              type="button"
              className="console-button secondary"
              disabled={actions.busy}
              onClick={() => actions.sendCardLink(bidder)}
              data-testid="checkin-card-link"
            >
              Send card link
            </button>
          </>
        )}
        {!checkedin && (
          <button
            type="button"
            className="console-button checkin-go"
            disabled={actions.busy}
            onClick={() => actions.checkIn(bidder)}
            data-testid="checkin-button"
          >
            Check in
          </button>
        )}
        {checkedin && !confirming && (
          <button
            type="button"
            className="console-button danger"
            disabled={actions.busy}
            onClick={() => setConfirming(true)}
            data-testid="checkin-undo"
          >
            Undo
          </button>
        )}
      </div>
      {checkedin && confirming && (
        <div className="console-warning checkin-confirm" role="alertdialog" aria-label={`Undo ${name}'s check-in`}>
          <p>Undo {name}'s check-in? They will show as not checked in.</p>
          <div className="console-form-actions">
            <button
              type="button"
              className="console-button danger"
              disabled={actions.busy}
              onClick={() => {
                setConfirming(false);
                actions.undo(bidder);
              }}
              data-testid="checkin-undo-confirm"
            >
              Undo check-in
            </button>
            <button type="button" className="console-button secondary" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
