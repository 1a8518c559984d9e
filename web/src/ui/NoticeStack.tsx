import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import './notices.css';
import { dismissNotice, type Notice, useNoticeQueue, VISIBLE } from './notices';

function NoticeView({ notice }: { notice: Notice }) {
  const { id, duration, tone, title, message, item, action } = notice;
  // A timed notice's clock starts when it is shown, not when it was queued.
  useEffect(() => {
    if (duration <= 0) return;
    const t = setTimeout(() => dismissNotice(id), duration);
    return () => clearTimeout(t);
  }, [id, duration]);
  const dismiss = () => dismissNotice(id);
  const text = (
    <>
      {title ? <strong className="gavel-notice-title">{title}</strong> : null}
      <span className="gavel-notice-message">{message}</span>
    </>
  );
  return (
    <div
      className={`gavel-notice gavel-notice-${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid="notice"
      data-kind={item?.kind ?? tone}
    >
      {item ? (
        <Link
          className="gavel-notice-text"
          to={`/${item.eventcode}/auction-items/${item.itemid}`}
          onClick={dismiss}
          data-testid="notice-open"
        >
          {text}
        </Link>
      ) : (
        <div className="gavel-notice-text">{text}</div>
      )}
      <div className="gavel-notice-actions">
        {item?.kind === 'outbid' ? (
          <Link
            className="gavel-notice-action"
            to={`/${item.eventcode}/place-bid/${item.itemid}`}
            onClick={dismiss}
            data-testid="notice-bid-again"
          >
            Bid again
          </Link>
        ) : null}
        {action ? (
          <button type="button" className="gavel-notice-action" data-testid={action.testId} onClick={action.run}>
            {action.label}
          </button>
        ) : null}
        {duration <= 0 ? (
          <button
            type="button"
            className="gavel-notice-dismiss"
            aria-label="Dismiss"
            data-testid="notice-dismiss"
            onClick={dismiss}
          >
            ×
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The notices on screen, stacked at the foot of the page above the phone's safe area. The page's
 * content is padded by the stack's height (the `--gavel-notices-height` variable), so a notice
 * never hides the header, and nothing below it is out of reach.
 */
export function NoticeStack() {
  const queue = useNoticeQueue();
  const stack = useRef<HTMLDivElement>(null);
  const shown = queue.slice(0, VISIBLE);
  const waiting = queue.length - shown.length;
  const showing = shown.length > 0;

  useLayoutEffect(() => {
    const root = document.documentElement;
    const el = stack.current;
    if (!el) {
      root.style.setProperty('--gavel-notices-height', '0px');
      return;
    }
    const measure = () => root.style.setProperty('--gavel-notices-height', `${el.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.setProperty('--gavel-notices-height', '0px');
    };
  }, [showing]);

  if (!showing) return null;
  return (
    <div className="gavel-notices" ref={stack} aria-live="polite" data-testid="notices">
      {waiting > 0 ? (
        <div className="gavel-notices-more" data-testid="notices-waiting">
          {waiting} more notice{waiting === 1 ? '' : 's'} after these
        </div>
      ) : null}
      {shown.map((n) => (
        <NoticeView key={n.id} notice={n} />
      ))}
    </div>
  );
}
