import { useState } from 'react';
import { type DeskBidder, formatMoney } from '@gavel/domain';
import { useAction } from '../../ui/action';
import { lookUp } from './calls';

/**
 * "Also pay for": another bidder's balance paid with this payment (a couple), found by their
 * number or name. Both receipts then show who paid.
 */
export function AlsoPayFor({
  eventcode,
  payer,
  others,
  onChange,
}: {
  eventcode: string;
  payer: number;
  others: DeskBidder[];
  onChange: (others: DeskBidder[]) => void;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const find = useAction(
    (q: string) => lookUp(eventcode, q),
    (found) => {
      const fresh = found.bidders.filter((b) => b.bidderid !== payer && !others.some((o) => o.bidderid === b.bidderid));
      if (fresh.length !== 1) {
        setProblem(
          fresh.length === 0
            ? `No other bidder found for “${text}”.`
            : 'Several bidders match: type the bidder number.',
        );
        return;
      }
      setProblem('');
      setText('');
      onChange([...others, fresh[0]!]);
    },
  );
  const add = () => {
    if (text.trim() !== '') find.run(text.trim());
  };
  return (
    <div className="desk-also" data-testid="desk-also">
      <div className="console-field">
        <label htmlFor="desk-also-input">Also pay for (a partner’s bidder number or name)</label>
        <div className="desk-also-row">
          <input
            id="desk-also-input"
            type="text"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              // Enter here adds the partner; it must not pay.
              if (e.key !== 'Enter') return;
              e.preventDefault();
              add();
            }}
            data-testid="desk-also-input"
          />
          <button
            type="button"
            className="console-button secondary"
            disabled={find.busy}
            onClick={add}
            data-testid="desk-also-add"
          >
            Add
          </button>
        </div>
        {(problem || find.error) && (
          <span className="console-field-error" role="alert">
            {problem || find.error}
          </span>
        )}
      </div>
      {others.length > 0 && (
        <ul className="desk-others">
          {others.map((o) => (
            <li key={o.bidderid} data-testid="desk-other">
              Bidder {o.biddernumber} {o.firstname} {o.lastname}: {formatMoney(o.due)} due
              <button
                type="button"
                className="console-link-button"
                onClick={() => onChange(others.filter((x) => x.bidderid !== o.bidderid))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
