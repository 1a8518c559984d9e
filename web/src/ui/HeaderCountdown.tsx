import { useEffect, useMemo } from 'react';
import { keys } from '../queries/keys';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { headerCountdown, headerItemsCountdown, NOT_AUTHORIZED } from '@gavel/domain';
import { useSession } from '../session/SessionProvider';
import { serverSkew, useEvent } from '../queries/event';
import { useCart } from '../queries/cart';
import { useItems } from '../queries/items';
import { useClock } from './clock';

/**
 * Ticks each second; the phone's clock is corrected by the server time the event answer carried.
 * The same Date until the second moves, so a screen drawn again for another reason (the live
 * connection's state, a query's) does not draw every card of its list again with it.
 */
export function useServerNow(): Date {
  const skew = serverSkew(useEvent().data);
  const at = useClock().getTime() + skew;
  return useMemo(() => new Date(at), [at]);
}

/**
 * The main header's line: under an hour to close 'Bidding Closes in mm:ss'; after close the
 * checkout prompt; 'Not authorized to bid…' for a bidder the organizer has not authorized. Items
 * that close before the event come first: under an hour to the soonest, 'First items close in mm:ss'.
 */
export function HeaderCountdown() {
  const { user, isGuest, eventcode } = useSession();
  const event = useEvent().data;
  const cart = useCart();
  // The catalog as it is cached (the list, the item pages and live updates keep it): the header never fetches it itself.
  const items = useItems({ cachedOnly: true }).data;
  const client = useQueryClient();
  const now = useServerNow();
  const closes = event ? new Date(event.eventbiddingclosed) : null;
  const state = closes ? headerCountdown(closes, now, cart.data?.auctionswon.length ?? 0) : { kind: 'none' as const };
  const closed = state.kind === 'closed';
  const itemsFirst =
    closes && !closed && event?.eventflag === 'biddingopen' ? headerItemsCountdown(items ?? [], closes, now) : null;

  // At zero: fetch the event, the items and the cart again.
  useEffect(() => {
    if (!closed) return;
    for (const key of [keys.event(eventcode), keys.items(eventcode), keys.cart(eventcode)])
      void client.invalidateQueries({ queryKey: key });
  }, [closed, client, eventcode]);

  if (user && !isGuest && !user.authorizebidder)
    return (
      <div
        className="gavel-banner"
        data-testid="not-authorized"
        role="status"
        style={{ borderRadius: 0, margin: 0, background: 'var(--ion-color-danger)' }}
      >
        {NOT_AUTHORIZED}
      </div>
    );
  const style = { borderRadius: 0, margin: 0 };
  if (itemsFirst)
    return (
      <div className="gavel-banner" data-testid="header-countdown" data-kind="items" role="timer" style={style}>
        {itemsFirst}
      </div>
    );
  if (state.kind === 'none') return null;
  if (state.kind === 'closed' && state.toCheckout)
    return (
      <Link
        to={`/${eventcode}/cart`}
        className="gavel-banner"
        data-testid="header-countdown"
        style={{ ...style, display: 'block', textDecoration: 'none' }}
      >
        {state.text}
      </Link>
    );
  return (
    <div className="gavel-banner" data-testid="header-countdown" role="timer" style={style}>
      {state.text}
    </div>
  );
}
