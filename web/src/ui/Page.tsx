import type { ReactNode } from 'react';
import { cartOutline } from 'ionicons/icons';
import { useSession } from '../session/SessionProvider';
import { useCart } from '../queries/cart';
import { HeaderCountdown } from './HeaderCountdown';
import { NoticesBell } from './NoticesBell';
import { HeaderButton } from './HeaderButton';
import { BackButton, MenuButton } from './HeaderNav';
import { PageFrame } from './PageFrame';

/**
 * The four header groups of the spec: logo only; the main header (menu, bidding countdown, cart
 * badge); a back button to the item; a back button to My Account.
 */
export type HeaderKind = 'logo' | 'main' | 'back-item' | 'back-account';

interface PageProps {
  header: HeaderKind;
  title?: string;
  /** The item id for 'back-item' headers. */
  itemId?: number | string;
  testId: string;
  children: ReactNode;
  footer?: boolean;
}

function CartButton() {
  const { eventcode, user, isGuest } = useSession();
  const cart = useCart();
  if (!user || isGuest) return null;
  const count = cart.data?.auctionswon.length ?? 0;
  return (
    <HeaderButton
      icon={cartOutline}
      routerLink={`/${eventcode}/cart`}
      label={`My Cart, ${count} item${count === 1 ? '' : 's'}`}
      count={count}
      testId="cart-button"
      badgeTestId="cart-badge"
    />
  );
}

export function Page({ header, title, itemId, testId, children, footer = true }: PageProps) {
  const { eventcode } = useSession();
  const main = header === 'main';
  const back = header === 'back-item' ? `/${eventcode}/auction-items/${itemId ?? ''}` : `/${eventcode}/my-account`;
  const start = main ? (
    <MenuButton />
  ) : header === 'back-item' || header === 'back-account' ? (
    <BackButton fallback={back} />
  ) : null;
  const end = main ? (
    <>
      <NoticesBell />
      <CartButton />
    </>
  ) : null;
  return (
    <PageFrame
      title={title}
      testId={testId}
      footer={footer}
      start={start}
      end={end}
      below={main ? <HeaderCountdown /> : null}
    >
      {children}
    </PageFrame>
  );
}
