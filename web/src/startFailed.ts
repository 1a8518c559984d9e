/**
 * What the page says when the app's scripts could not be fetched (the connection dropped as it
 * loaded, or a new version replaced them): plain text and a way to try again, drawn without the
 * app, in place of the loading screen or the server's first screen.
 */
export function startFailed(error: unknown): void {
  console.error('the app could not start', error);
  const root = document.getElementById('root');
  if (!root) return;
  // The loading screen's own look (inline in index.html), so it shows without the app's styles.
  const bar = document.createElement('div');
  bar.className = 'gavel-shell-bar';
  bar.textContent = 'Gavel';
  const box = document.createElement('div');
  box.className = 'gavel-shell-loading gavel-shell-failed';
  box.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = 'The app could not load. Check your connection and try again.';
  const again = document.createElement('button');
  again.type = 'button';
  again.className = 'gavel-shell-retry';
  again.textContent = 'Try again';
  again.addEventListener('click', () => window.location.reload());
  box.append(text, again);
  root.replaceChildren(bar, box);
}
