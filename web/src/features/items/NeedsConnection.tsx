import { needsConnection, type Placement } from './offline';

/**
 * Said on a bid page (and in Buy It Now) while there is no network, above its disabled buttons: a
 * bid is placed only online, never queued for later.
 */
export function NeedsConnection({ what }: { what: Placement }) {
  return (
    <p className="gavel-notice-line" role="status" style={{ margin: '0 0 12px' }} data-testid="needs-connection">
      {needsConnection[what]}
    </p>
  );
}
