import type { ReactNode } from 'react';
import './staff.css';

/**
 * The frame of the pages a person sees before they are signed in (sign-in, invitation, emailed
 * links): the console's top bar and one centred card, without the menu.
 */
export function AuthFrame({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="console-frame">
      <header className="console-top">
        <a className="console-brand" href="/console">
          Gavel <span>console</span>
        </a>
      </header>
      <main className="auth-main">
        <div className="auth-card">
          <h1 data-testid="auth-title">{title}</h1>
          {lead && <p className="auth-lead">{lead}</p>}
          {children}
        </div>
      </main>
    </div>
  );
}
