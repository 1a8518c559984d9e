import type { LiveState } from '../../realtime/hub';
import { liveLabel } from '../live';

/** The discreet badge of the live desks: whether the page follows the room. */
export function LiveBadge({ state }: { state: LiveState }) {
  return (
    <span className={`live-badge ${state}`} role="status" data-testid="live-state">
      {liveLabel(state)}
    </span>
  );
}
