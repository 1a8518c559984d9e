/** Organizer HTML, already sanitized by the server before it was stored. */
export function Html({ html, testId, className }: { html: string; testId?: string; className?: string }) {
  if (!html) return null;
  return (
    <div className={`gavel-html ${className ?? ''}`} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
