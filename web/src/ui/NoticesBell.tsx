import { useState } from 'react';
import { notificationsOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { formatClock } from '@gavel/domain';
import { markNoticesSeen, noticesSeenAt, useNotices } from '../queries/notices';
import { useSession } from '../session/SessionProvider';
import { Sheet } from './Sheet';
import { HeaderButton } from './HeaderButton';

/**
 * The bell of the main header: the night's notices (outbid, won, closing soon), each with its
 * time and a link to its item, so one dismissed from the screen can be found again. The badge
 * counts those that came since the panel was last opened.
 */
export function NoticesBell() {
  const { eventcode, user, isGuest } = useSession();
  const notices = useNotices();
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState(() => noticesSeenAt(eventcode));
  if (!user || isGuest) return null;
  const list = notices.data ?? [];
  const unread = list.filter((n) => Date.parse(n.senttime) > seen).length;
  const show = () => {
    const newest = list.reduce((max, n) => Math.max(max, Date.parse(n.senttime)), seen);
    markNoticesSeen(eventcode, newest);
    setSeen(newest);
    setOpen(true);
  };
  return (
    <>
      <HeaderButton icon={notificationsOutline} label={unread > 0 ? `Notices, ${unread} new` : 'Notices'} count={unread} testId="notices-bell" badgeTestId="notices-badge" onClick={show} />
      <Sheet open={open} onClose={() => setOpen(false)} label="Notices" height="60%" testId="notices-panel">
        <h2 className="gavel-sheet-title">Notices</h2>
        {list.length === 0 ? <p className="gavel-muted">No notices yet. Outbid, won and closing-soon notices will be kept here.</p> : null}
        <ul className="gavel-notice-list">
          {list.map((n) => (
            <li key={`${n.itemid}-${n.kind}`} data-testid="notices-entry" data-kind={n.kind}>
              <Link to={`/${eventcode}/auction-items/${n.itemid}`} onClick={() => setOpen(false)}>
                <strong>{n.title}</strong>
                <span>{n.message}</span>
              </Link>
              <div className="gavel-notice-list-meta">
                <time dateTime={n.senttime}>{formatClock(n.senttime)}</time>
                {n.kind === 'outbid' ? (
                  <Link to={`/${eventcode}/place-bid/${n.itemid}`} onClick={() => setOpen(false)} data-testid="notices-bid-again">
                    Bid again
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </Sheet>
    </>
  );
}
