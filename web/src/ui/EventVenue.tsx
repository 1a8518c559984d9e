import type { EventVenue as Venue } from '@gavel/domain';
import { calendarOutline, locationOutline } from 'ionicons/icons';
import { IonIcon } from './ionicLazy';
import './event-venue.css';

/**
 * Where and when the event happens (the organizer's venue), as the store's landing page and a
 * guest's registration page show it: the date, and the times under it, in the event's own zone as
 * the server formatted them, and the place with its address. Nothing when the organizer gave no venue.
 */
export function EventVenue({ venue, inset = false }: { venue: Venue | null; inset?: boolean }) {
  if (!venue) return null;
  const address = venue.address.split('\n').filter(Boolean);
  return (
    <section
      className={`gavel-venue ${inset ? 'inset' : 'gavel-card'}`}
      aria-label="When and where"
      data-testid="event-venue"
    >
      <div className="gavel-venue-row">
        <IonIcon icon={calendarOutline} aria-hidden="true" />
        <div>
          <h2 className="gavel-venue-label">When</h2>
          <time className="gavel-venue-when" dateTime={venue.starts} data-testid="venue-when">
            <span>{venue.date}</span> <span>{venue.time}</span>
          </time>
        </div>
      </div>
      <div className="gavel-venue-row">
        <IonIcon icon={locationOutline} aria-hidden="true" />
        <div>
          <h2 className="gavel-venue-label">Where</h2>
          <address className="gavel-venue-where" data-testid="venue-where">
            <strong>{venue.name}</strong>
            {address.map((line, i) => (
              <span key={i}>{line}</span>
            ))}
          </address>
        </div>
      </div>
    </section>
  );
}
