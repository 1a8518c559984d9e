import { Component, type ErrorInfo, type ReactNode } from 'react';
import './error-boundary.css';

/** Where a crashed page's way out leads: the event's home, the store's landing. */
export interface CrashHome {
  href: string;
  label: string;
}

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** A new key (the route's path) clears the error, so the next page is drawn afresh. */
  resetKey: string;
  home?: CrashHome;
  /** The page around the message: the bidder app's IonPage; nothing on the board or the last resort. */
  frame?: (message: ReactNode) => ReactNode;
  /** The board looks like the board: light on dark, large. */
  variant?: 'page' | 'board';
  /** The screen's own words instead of the page's, and what it adds below (the board's reload). */
  text?: string;
  after?: ReactNode;
  /** What the console says, so a report names the screen that fell over. */
  where: string;
}

interface State {
  error: Error | null;
  key: string;
}

/** What a visitor sees instead of a blank screen: what happened, Reload, and the way home. */
function CrashMessage({
  home,
  variant = 'page',
  text,
  after,
}: Pick<ErrorBoundaryProps, 'home' | 'variant' | 'text' | 'after'>) {
  return (
    <section className={`gavel-crash gavel-crash-${variant}`} role="alert" data-testid="crash">
      <div className="gavel-crash-mark" aria-hidden="true">
        !
      </div>
      <h1 className="gavel-crash-title">Something went wrong</h1>
      <p className="gavel-crash-text">
        {text ?? 'This page ran into a problem. Reload to try again; bids and orders already placed are safe.'}
      </p>
      <div className="gavel-crash-actions">
        <button
          type="button"
          className="gavel-crash-button"
          onClick={() => window.location.reload()}
          data-testid="crash-reload"
        >
          Reload
        </button>
        {home ? (
          <a className="gavel-crash-link" href={home.href} data-testid="crash-home">
            {home.label}
          </a>
        ) : null}
      </div>
      {after}
    </section>
  );
}

/**
 * Catches a render that throws below it, logs it, and shows CrashMessage instead of an empty
 * page. Routing to another page (a new resetKey) tries again.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Gavel: ${this.props.where} crashed`, error, info.componentStack ?? '');
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { frame, home, variant, text, after } = this.props;
    const message = <CrashMessage home={home} variant={variant} text={text} after={after} />;
    return frame ? frame(message) : <main className="gavel-crash-screen">{message}</main>;
  }
}
