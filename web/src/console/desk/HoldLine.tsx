import { useState } from 'react';
import { type DeskLine, holdWords } from '@gavel/domain';
import { useAction } from '../../ui/action';
import { holdCall, resolveHoldCall } from './calls';

type Step = { kind: 'hold' } | { kind: 'release' } | { kind: 'remove' } | null;

const BUTTON: Record<NonNullable<Step>['kind'], string> = {
  hold: 'Hold it',
  release: 'Release it',
  remove: 'Remove it from the bidder',
};

/**
 * A disputed line at the desk (staff): Hold… asks why, then keeps every payer from taking money for
 * it; a held line says so, with Release (owed again) and Remove (off the bidder for good), each with
 * a reason. The balance is fetched again by the caller (`onDone`).
 */
export function HoldLine({
  eventcode,
  bidderid,
  line,
  onDone,
}: {
  eventcode: string;
  bidderid: number;
  line: DeskLine;
  onDone: (message: string) => void;
}) {
  const [step, setStep] = useState<Step>(null);
  const [reason, setReason] = useState('');
  const act = useAction(
    (s: NonNullable<Step>) =>
      s.kind === 'hold'
        ? holdCall(eventcode, bidderid, { kind: line.kind === 'pledge' ? 'pledge' : 'item', lineid: line.id, reason })
        : resolveHoldCall(eventcode, line.hold?.id ?? 0, { action: s.kind, reason }),
    (answer) => {
      setStep(null);
      setReason('');
      onDone(answer.message);
    },
  );
  const holdable = (line.kind === 'item' || line.kind === 'pledge') && !line.settled;
  if (!line.hold && !holdable) return null;
  if (step === null)
    return line.hold ? (
      <span className="desk-hold-actions">
        <button
          type="button"
          className="console-link-button"
          onClick={() => setStep({ kind: 'release' })}
          data-testid="desk-release"
        >
          Release…
        </button>
        <button
          type="button"
          className="console-link-button"
          onClick={() => setStep({ kind: 'remove' })}
          data-testid="desk-remove"
        >
          Remove…
        </button>
      </span>
    ) : (
      <button
        type="button"
        className="console-link-button desk-hold-link"
        onClick={() => setStep({ kind: 'hold' })}
        data-testid="desk-hold"
      >
        Hold…
      </button>
    );
  return (
    <form
      className="desk-hold-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim() === '') return act.clearError();
        act.run(step);
      }}
      data-testid="desk-hold-form"
    >
      <label htmlFor={`desk-hold-${line.kind}-${line.id}`}>Why?</label>
      <input
        id={`desk-hold-${line.kind}-${line.id}`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        autoComplete="off"
        data-testid="desk-hold-reason"
      />
      <button
        type="submit"
        className="console-button secondary"
        disabled={act.busy || reason.trim() === ''}
        data-testid="desk-hold-submit"
      >
        {BUTTON[step.kind]}
      </button>
      <button type="button" className="console-link-button" onClick={() => setStep(null)}>
        Cancel
      </button>
      {act.error && (
        <p className="console-error" role="alert" data-testid="desk-hold-error">
          {act.error}
        </p>
      )}
      {reason.trim() === '' && <p className="console-hint">{holdWords.reason}</p>}
    </form>
  );
}
