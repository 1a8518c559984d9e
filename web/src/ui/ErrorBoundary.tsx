import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
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
  /** The board looks like the board: light on dark, large, and reloads itself since nobody stands at it. */
  variant?: 'page' | 'board';
  /** What the console says, so a report names the screen that fell over. */
  where: string;
}

interface State {
  error: Error | null;
  key: string;
}

/** Seconds before the board reloads on its own after a crash. */
const BOARD_RELOAD_SECONDS = 30;

function BoardReload() {
  useEffect(() => {
    const t = setTimeout(() => window.location.reload(), BOARD_RELOAD_SECONDS * 1_000);
    return () => clearTimeout(t);
  }, []);
  return null;
}

/** What a visitor sees instead of a blank screen: what happened, Reload, and the way home. */
function CrashMessage({ home, variant = 'page' }: { home?: CrashHome; variant?: 'page' | 'board' }) {
  return (
    <section className={`gavel-crash gavel-crash-${variant}`} role="alert" data-testid="crash">
      <div className="gavel-crash-mark" aria-hidden="true">
        !
      </div>
      <h1 className="gavel-crash-title">Something went wrong</h1>
      <p className="gavel-crash-text">
        {variant === 'board'
          ? `This screen ran into a problem. It reloads by itself in ${BOARD_RELOAD_SECONDS} seconds.`
          : 'This page ran into a problem. Reload to try again; bids and orders already placed are safe.'}
      </p>
      <div className="gavel-crash-actions">
        <button type="button" className="gavel-crash-button" onClick={() => window.location.reload()} data-testid="crash-reload">
          Reload
        </button>
        {home ? (
          <a className="gavel-crash-link" href={home.href} data-testid="crash-home">
            {home.label}
          </a>
        ) : null}
      </div>
      {variant === 'board' ? <BoardReload /> : null}
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
    const { frame, home, variant } = this.props;
    const message = <CrashMessage home={home} variant={variant} />;
    return frame ? frame(message) : <main className="gavel-crash-screen">{message}</main>;
  }
}
