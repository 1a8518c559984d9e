import { useState, type ReactNode } from 'react';
import { NavLink as RouterLink, useParams } from 'react-router-dom';
import { roleAllows, roleNames } from '@gavel/domain';
import { endSession, useSession } from './session';
import { EVENT_LINKS, eventPath, ORGANIZATION_LINKS, type NavLink } from './nav';
import { useEventTitle } from './events/title';
import { useStaffRefresh } from './staff/useStaffRefresh';

function Links({ links, base, onPick }: { links: NavLink[]; base: string | null; onPick: () => void }) {
  const session = useSession();
  const shown = links.filter((l) => session && roleAllows(session.staff.role, l.role));
  return (
    <ul className="console-nav-list">
      {shown.map((l) => (
        <li key={l.testId}>
          <RouterLink
            to={base === null ? l.to : eventPath(base, l.to)}
            end={l.to === '' || l.to === 'items' || l.to === '/console'}
            data-testid={l.testId}
            onClick={onPick}
          >
            {l.label}
          </RouterLink>
        </li>
      ))}
    </ul>
  );
}

/** The console's frame: the menu (a side bar on a laptop or tablet, a drop-down on a phone), who is signed in, and the page. */
export function Layout({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const session = useSession();
  // Every page keeps the role as the server has it now, and a removed person is signed out at once.
  useStaffRefresh();
  const { eventcode } = useParams();
  const eventTitle = useEventTitle(eventcode);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <div className="console-frame">
      <header className="console-top">
        <button
          type="button"
          className="console-menu-button"
          aria-expanded={open}
          aria-controls="console-nav"
          onClick={() => setOpen(!open)}
          data-testid="console-menu"
        >
          Menu
        </button>
        <a className="console-brand" href="/console">
          Gavel <span>console</span>
        </a>
        {session && (
          <div className="console-who" data-testid="console-who">
            <span className="console-who-name">{session.staff.name || session.staff.email}</span>
            <span className="console-role">{roleNames[session.staff.role]}</span>
            <button type="button" className="console-link-button" onClick={endSession} data-testid="console-signout">
              Sign out
            </button>
          </div>
        )}
      </header>
      <div className="console-body-row">
        <nav id="console-nav" className={`console-nav${open ? ' open' : ''}`} aria-label="Console">
          {eventcode && (
            <>
              <p className="console-nav-heading" data-testid="console-event-title">
                {eventTitle}
              </p>
              <Links links={EVENT_LINKS} base={eventcode} onPick={close} />
            </>
          )}
          <p className="console-nav-heading">Organization</p>
          <Links links={ORGANIZATION_LINKS} base={null} onPick={close} />
        </nav>
        <main className="console-main">
          <div className="console-page-head">
            <h1>{title}</h1>
            {actions && <div className="console-page-actions">{actions}</div>}
          </div>
          {children}
        </main>
      </div>
    </div>
  );
}
