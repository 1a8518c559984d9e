import { closeCountdown, formatClock, locationLabel, zoneAbbreviation } from '@gavel/domain';
import type { Ask } from './CloseDialog';
import type { CloseLocation } from './queries';

/** '9:00 PM CST' on the event's clock. */
export function clockOf(iso: string, timezone: string): string {
  return `${formatClock(iso, timezone)} ${zoneAbbreviation(iso, timezone)}`;
}

/**
 * One card a location: when its open items close (the first, and the last when they differ), a
 * countdown ticking on the server's clock, how many are open, and its Close now and Extend.
 */
function LocationCard({
  card,
  timezone,
  now,
  onAsk,
}: {
  card: CloseLocation;
  timezone: string;
  now: number;
  onAsk: (ask: Ask) => void;
}) {
  const name = locationLabel(card.location);
  const target = { scope: 'location', location: card.location } as const;
  const headingId = `close-card-${card.location.replace(/\W+/g, '-') || 'none'}`;
  const later = card.lastclosing && card.lastclosing !== card.closing ? card.lastclosing : null;
  return (
    <article
      className="close-card"
      aria-labelledby={headingId}
      data-testid="close-location"
      data-location={card.location}
    >
      <h3 id={headingId}>{name}</h3>
      {card.closing ? (
        <>
          <p className="close-when" data-testid="close-location-time">
            Closes {clockOf(card.closing, timezone)}
            {later && <span className="close-later"> (last item {clockOf(later, timezone)})</span>}
          </p>
          <p className="close-countdown" role="timer" aria-label={`Time left at ${name}`} data-testid="close-countdown">
            {closeCountdown(Date.parse(card.closing) - now)}
          </p>
        </>
      ) : (
        <p className="close-when close-done" data-testid="close-location-time">
          Closed
        </p>
      )}
      <p className="close-counts" data-testid="close-location-counts">
        {card.open} open · {card.closed} closed
      </p>
      <div className="close-card-actions">
        <button
          type="button"
          className="console-button close-danger"
          disabled={card.open === 0}
          onClick={() => onAsk({ kind: 'close', target })}
          aria-label={`Close now: ${name}`}
          data-testid="close-location-close"
        >
          Close now
        </button>
        <button
          type="button"
          className="console-button secondary"
          disabled={card.open === 0}
          onClick={() => onAsk({ kind: 'extend', target, open: card.open })}
          aria-label={`Extend: ${name}`}
          data-testid="close-location-extend"
        >
          Extend
        </button>
      </div>
    </article>
  );
}

export function LocationCards({
  locations,
  timezone,
  now,
  onAsk,
}: {
  locations: CloseLocation[];
  timezone: string;
  now: number;
  onAsk: (ask: Ask) => void;
}) {
  return (
    <section className="close-section" aria-labelledby="close-locations-title">
      <h2 id="close-locations-title">Locations</h2>
      {locations.length === 0 ? (
        <p className="console-notice">This event has no silent auction items.</p>
      ) : (
        <div className="close-cards">
          {locations.map((card) => (
            <LocationCard key={card.location} card={card} timezone={timezone} now={now} onAsk={onAsk} />
          ))}
        </div>
      )}
    </section>
  );
}
