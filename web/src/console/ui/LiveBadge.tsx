import type { LiveState } from '../../realtime/hub';
import { liveLabel } from '../live';

/** The discreet badge every night desk shows: whether what it shows follows the room. */
export function LiveBadge({ state }: { state: LiveState }) {
  return (
    <span className={`console-live ${state}`} role="status" data-testid="live-state">
      {liveLabel(state)}
    </span>
  );
}
