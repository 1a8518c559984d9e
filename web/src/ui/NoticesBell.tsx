import { useState } from 'react';
import { notificationsOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { formatClock, type NotificationKind } from '@gavel/domain';
import { markNoticesSeen, noticesSeenAt, useNotices } from '../queries/notices';
import { useSession } from '../session/SessionProvider';
import { Sheet } from './Sheet';
import { HeaderButton } from './HeaderButton';
import './notices-panel.css';

/** Each kind's action beside the notice: bid again on an outbid item, pay for a won one, look at one closing. */
function actionOf(
  eventcode: string,
  kind: NotificationKind,
  itemid: number,
): { to: string; label: string; main: boolean; testId: string } {
  if (kind === 'outbid')
    return { to: `/${eventcode}/place-bid/${itemid}`, label: 'Bid again', main: true, testId: 'notices-bid-again' };
  if (kind === 'won') return { to: `/${eventcode}/cart`, label: 'Go to My Cart', main: true, testId: 'notices-cart' };
  return { to: `/${eventcode}/auction-items/${itemid}`, label: 'View item', main: false, testId: 'notices-view' };
}

/**
 * The bell of the main header: the night's notices (outbid, won, closing soon), each with its
 * time and a link to its item, so one dismissed from the screen can be found again. The badge
 * counts those that came since the panel was last opened; in the panel they are marked New.
 */
export function NoticesBell() {
  const { eventcode, user, isGuest } = useSession();
  const notices = useNotices();
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState(() => noticesSeenAt(eventcode));
  // What had been seen before the panel was opened this time: the newer ones are marked New.
  const [seenBefore, setSeenBefore] = useState(seen);
  if (!user || isGuest) return null;
  const list = notices.data ?? [];
  const unread = list.filter((n) => Date.parse(n.senttime) > seen).length;
  const show = () => {
    const newest = list.reduce((max, n) => Math.max(max, Date.parse(n.senttime)), seen);
    markNoticesSeen(eventcode, newest);
    setSeenBefore(seen);
    setSeen(newest);
    setOpen(true);
  };
  const close = () => setOpen(false);
  return (
    <>
      <HeaderButton
        icon={notificationsOutline}
        label={unread > 0 ? `Notices, ${unread} new` : 'Notices'}
        count={unread}
        testId="notices-bell"
        badgeTestId="notices-badge"
        onClick={show}
      />
      <Sheet
        open={open}
        onClose={close}
        label="Notices"
        height="60%"
        className="gavel-notices-sheet"
        testId="notices-panel"
      >
        <div className="gavel-notices-panel-head">
          <h2 className="gavel-sheet-title">Notices</h2>
          <button
            type="button"
            className="gavel-notices-panel-close"
            onClick={close}
            aria-label="Close notices"
            data-testid="notices-close"
          >
            ×
          </button>
        </div>
        {list.length === 0 ? (
          <div className="gavel-notices-empty" data-testid="notices-empty">
            <p className="gavel-notices-empty-title">No notices yet</p>
            <p>When you are outbid, win an item or an item you bid on is closing soon, it is kept here.</p>
          </div>
        ) : (
          <ul className="gavel-notice-list">
            {list.map((n) => {
              const action = actionOf(eventcode, n.kind, n.itemid);
              const fresh = Date.parse(n.senttime) > seenBefore;
              return (
                <li
                  key={`${n.itemid}-${n.kind}`}
                  className={`gavel-notice-row gavel-notice-row-${n.kind}`}
                  data-testid="notices-entry"
                  data-kind={n.kind}
                  data-new={fresh || undefined}
                >
                  <Link
                    className="gavel-notice-row-body"
                    to={`/${eventcode}/auction-items/${n.itemid}`}
                    onClick={close}
                    data-testid="notices-open"
                  >
                    <span className="gavel-notice-row-head">
                      <strong className="gavel-notice-row-title" data-testid="notices-entry-title">
                        {n.title}
                      </strong>
                      {fresh ? <span className="gavel-notice-row-new">New</span> : null}
                      <time className="gavel-notice-row-time" dateTime={n.senttime}>
                        {formatClock(n.senttime)}
                      </time>
                    </span>
                    <span className="gavel-notice-row-text" data-testid="notices-entry-text">
                      {n.message}
                    </span>
                  </Link>
                  <Link
                    className={`gavel-notice-row-action${action.main ? ' gavel-notice-row-action-main' : ''}`}
                    to={action.to}
                    onClick={close}
                    data-testid={action.testId}
                  >
                    {action.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </Sheet>
    </>
  );
}
