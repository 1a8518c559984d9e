/**
 * A screen's loading state: the spinner of the loading shell in index.html (theme.css), so the
 * first screen looks the same from the shell to the app and carries no spinner component.
 */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="gavel-center" style={{ padding: '48px 0' }} role="status" aria-live="polite">
      <span className="gavel-shell-spinner" style={{ display: 'inline-block' }} aria-hidden="true" />
      <p className="gavel-muted">{label}</p>
    </div>
  );
}
