import { useContext, type MouseEvent } from 'react';
import { NavContext } from '@ionic/react';
import { HeaderIcon } from './HeaderIcon';

/** A press the browser should handle itself: a new tab or window, or not the main button. */
function opensElsewhere(e: MouseEvent): boolean {
  return e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;
}

/**
 * An icon button of the header with its count beside the icon, never over it (cart, notices); no
 * count at zero. A plain button (or link, with Ionic's forward page transition), as all of the
 * header is (ui/PageFrame.tsx).
 */
export function HeaderButton({
  icon,
  label,
  count,
  testId,
  badgeTestId,
  routerLink,
  onClick,
}: {
  icon: string;
  label: string;
  count: number;
  testId: string;
  badgeTestId: string;
  routerLink?: string;
  onClick?: () => void;
}) {
  const nav = useContext(NavContext);
  const inside = (
    <>
      <HeaderIcon icon={icon} />
      {count > 0 ? (
        <span className="gavel-header-badge" data-testid={badgeTestId}>
          {count}
        </span>
      ) : null}
    </>
  );
  if (routerLink !== undefined)
    return (
      <a
        className="gavel-header-button"
        href={routerLink}
        aria-label={label}
        data-testid={testId}
        onClick={(e) => {
          if (opensElsewhere(e)) return;
          e.preventDefault();
          onClick?.();
          nav.navigate(routerLink, 'forward');
        }}
      >
        {inside}
      </a>
    );
  return (
    <button type="button" className="gavel-header-button" aria-label={label} data-testid={testId} onClick={onClick}>
      {inside}
    </button>
  );
}
