import { boardClosingWords, type BoardClosing } from '@gavel/domain';
import './board-closing.css';

/** The 'Closing soon' mark of an item in its last minutes. */
export function ClosingSoon({ closing, testid }: { closing: BoardClosing | null; testid: 'card' | 'item' }) {
  if (!closing?.soon) return null;
  return (
    <span className="board-soon" data-testid={`${testid}-soon`}>
      {boardClosingWords.closingSoon}
    </span>
  );
}

/**
 * An item's close on the board: 'Closes in 12m' (in red in the last minutes, with the 'Closing
 * soon' mark unless the card shows it elsewhere) and 'Closed' after. Always rendered (empty when
 * there is nothing to say), so a card keeps its row of the grid and its padding.
 */
export function ClosingLine({
  closing,
  className,
  testid,
  mark = true,
}: {
  closing: BoardClosing | null;
  className: string;
  testid: 'card' | 'item';
  mark?: boolean;
}) {
  const state = !closing ? '' : closing.closed ? ' board-closes-closed' : closing.soon ? ' board-closes-soon' : '';
  return (
    <p className={`board-closes ${className}${state}`}>
      {mark ? <ClosingSoon closing={closing} testid={testid} /> : null}
      {closing ? <span data-testid={`${testid}-closes`}>{closing.text}</span> : null}
    </p>
  );
}
