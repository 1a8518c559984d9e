import { useContext } from 'react';
import { NavContext } from '@ionic/react';
import { chevronBack, menuOutline } from 'ionicons/icons';
import { HeaderIcon } from './HeaderIcon';
import { openSideMenu } from './sideMenuOffer';

/** The main header's menu button; its first press draws the side menu (ui/sideMenuOffer.ts). */
export function MenuButton() {
  return (
    <button
      type="button"
      className="gavel-header-button gavel-menu-button"
      aria-label="Open menu"
      data-testid="menu-button"
      onClick={openSideMenu}
    >
      <HeaderIcon icon={menuOutline} />
    </button>
  );
}

/** Back through the Ionic router's history, with its page transition; to `fallback` when there is none. */
export function BackButton({ fallback }: { fallback: string }) {
  const nav = useContext(NavContext);
  return (
    <button
      type="button"
      className="gavel-header-button gavel-back-button"
      data-testid="back-button"
      onClick={() => nav.goBack(fallback)}
    >
      <HeaderIcon icon={chevronBack} />
      <span>Back</span>
    </button>
  );
}
