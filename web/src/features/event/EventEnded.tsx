import type { EventFlag } from '@gavel/domain';

/**
 * The home of an event whose bidding is over: it says so and thanks the bidders, and tells a
 * past bidder what is still theirs to do, through the sign-in form under it.
 */
export function EventEnded({ flag, organization }: { flag: EventFlag; organization: string }) {
  return (
    <section className="gavel-card gavel-ended" role="status" data-testid="event-ended" data-flag={flag}>
      <h2 data-testid="event-ended-title">{flag === 'eventclosed' ? 'This event has ended' : 'Bidding has ended'}</h2>
      <p className="gavel-ended-thanks" data-testid="event-ended-thanks">
        Thank you for supporting {organization}.
      </p>
      <p className="gavel-ended-next">Bid at this auction? Sign in with the email you bid with to:</p>
      <ul className="gavel-ended-list">
        <li>see what you won and pay for it</li>
        <li>find your receipts in Order History</li>
      </ul>
    </section>
  );
}
