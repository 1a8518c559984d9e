import { IonIcon } from '../../ui/ionicLazy';
import { cloudOfflineOutline, refreshOutline } from 'ionicons/icons';

/**
 * What a part of a page says when its answer could not be had (offline, or the server out of
 * reach): that it failed, never the words for an empty answer, with a way to try again. Offline
 * the queries also try again by themselves once the connection is back.
 */
export function LoadFailed({
  what,
  busy,
  onRetry,
  testId,
}: {
  what: string;
  busy: boolean;
  onRetry: () => void;
  testId: string;
}) {
  return (
    <div className="gavel-load-failed" role="alert" data-testid={testId}>
      <IonIcon icon={cloudOfflineOutline} className="gavel-load-failed-icon" aria-hidden="true" />
      <p>Couldn’t load {what} — check your connection.</p>
      <button type="button" className="gavel-retry" disabled={busy} data-testid={`${testId}-retry`} onClick={onRetry}>
        <IonIcon icon={refreshOutline} aria-hidden="true" />
        {busy ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
