import type { EventFlag } from '@gavel/domain';

/** The event-state banners of the spec. */
export function EventBanners({ flag }: { flag: EventFlag }) {
  if (flag === 'eventclosed')
    return (
      <div className="gavel-banner" role="status" data-testid="banner-eventclosed">
        THE EVENT IS NOW CLOSED.
      </div>
    );
  if (flag === 'biddingclosed')
    return (
      <div className="gavel-banner" role="status" data-testid="banner-biddingclosed">
        BIDDING IS NOW CLOSED.
        <br />
        PLEASE PROCEED TO CHECKOUT.
      </div>
    );
  if (flag === 'biddingnotopen' || flag === 'eventnotopen')
    return (
      <div
        className="gavel-banner"
        role="status"
        data-testid="banner-notopen"
        style={{ background: 'var(--ion-color-secondary)', color: '#1f1300' }}
      >
        BIDDING HAS NOT OPENED YET.
      </div>
    );
  return null;
}
