import { IonSpinner } from '@ionic/react';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="gavel-center" style={{ padding: '48px 0' }} role="status" aria-live="polite">
      <IonSpinner name="crescent" color="primary" aria-hidden="true" />
      <p className="gavel-muted">{label}</p>
    </div>
  );
}
