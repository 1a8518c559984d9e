import { deadlineLine, type GuestGroup, progressMessages, seatsNamed } from '@gavel/domain';

/**
 * The purchaser's progress above their guests (issue 26, item 13): how many seats are named, how
 * many named guests still owe a required answer, and by when guests must be registered (only the
 * event's own deadline; without one nothing is said).
 */
export function RegistrationProgress({
  groups,
  editdeadline,
}: {
  groups: readonly GuestGroup[];
  editdeadline: string;
}) {
  const { named, total } = seatsNamed(groups);
  const needing = groups.flatMap((g) => g.guests).filter((s) => s.guestneedsanswers).length;
  const deadline = deadlineLine(editdeadline, new Date());
  if (total === 0) return null;
  const percent = Math.round((named / total) * 100);
  return (
    <section
      className="gavel-card gavel-reg-progress"
      aria-label="Registration progress"
      data-testid="registration-progress"
    >
      <div className="gavel-reg-progress-row">
        <strong data-testid="seats-named">{progressMessages.seatsNamed(named, total)}</strong>
        {needing > 0 ? (
          <span className="gavel-reg-needing" data-testid="guests-need-answers">
            {progressMessages.guestsNeedAnswers(needing)}
          </span>
        ) : null}
      </div>
      <div className="gavel-reg-meter" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </div>
      {deadline ? (
        <p className={`gavel-reg-deadline${deadline.passed ? ' passed' : ''}`} data-testid="registration-deadline">
          {deadline.text}
        </p>
      ) : null}
    </section>
  );
}
