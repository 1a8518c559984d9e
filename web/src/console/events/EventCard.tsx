import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { type ConsoleEventSummary, eventStateLabels, timeSpanParts } from '@gavel/domain';
import { useAction } from '../../ui/action';
import { eventPath } from '../nav';
import { consoleApi, useCan } from '../session';
import { eventsKey } from './queries';

/** When an event runs, on its own clock: its day, then the event's and the bidding's hours. */
export function EventWhen({
  event,
}: {
  event: Pick<ConsoleEventSummary, 'eventopens' | 'eventcloses' | 'biddingopens' | 'biddingcloses' | 'timezone'>;
}) {
  const doors = timeSpanParts(event.eventopens, event.eventcloses, event.timezone);
  const bidding = timeSpanParts(event.biddingopens, event.biddingcloses, event.timezone);
  return (
    <dl className="events-when">
      <div>
        <dt>Event</dt>
        <dd>
          {doors.date}, {doors.time}
        </dd>
      </div>
      <div>
        <dt>Bidding</dt>
        <dd>
          {bidding.date === doors.date ? '' : `${bidding.date}, `}
          {bidding.time}
        </dd>
      </div>
    </dl>
  );
}

export function StateBadge({ flag }: { flag: ConsoleEventSummary['eventflag'] }) {
  return (
    <span className={`events-state events-state-${flag}`} data-testid="event-state">
      {eventStateLabels[flag]}
    </span>
  );
}

/** One event of the organization's list: what it is, when, how far along, and (for staff) copy and archive. */
export function EventCard({ event, onCopy }: { event: ConsoleEventSummary; onCopy: (e: ConsoleEventSummary) => void }) {
  const client = useQueryClient();
  const staff = useCan('staff');
  const archive = useAction(
    (archived: boolean) =>
      consoleApi('PUT /console/events/:eventcode/archive', { archived }, { params: { eventcode: event.eventcode } }),
    () => void client.invalidateQueries({ queryKey: eventsKey }),
  );
  return (
    <li
      className={`events-card${event.archived ? ' archived' : ''}`}
      data-testid="event-card"
      data-key={event.eventcode}
    >
      <div className="events-card-head">
        <h2>
          <Link to={eventPath(event.eventcode)} data-testid="event-open">
            {event.eventname}
          </Link>
        </h2>
        <StateBadge flag={event.eventflag} />
        {event.archived && <span className="events-state events-archived">Archived</span>}
      </div>
      <p className="events-code">
        /{event.eventcode} · {event.timezone}
      </p>
      <EventWhen event={event} />
      <p className="events-counts">
        <span data-testid="event-items">{event.items} items</span>
        <span data-testid="event-bidders">{event.bidders} bidders</span>
      </p>
      {staff && (
        <div className="events-card-actions">
          <button
            type="button"
            className="console-button secondary"
            onClick={() => onCopy(event)}
            data-testid="event-copy"
          >
            Copy
          </button>
          <button
            type="button"
            className="console-button secondary"
            disabled={archive.busy}
            onClick={() => archive.run(!event.archived)}
            data-testid="event-archive"
          >
            {event.archived ? 'Unarchive' : 'Archive'}
          </button>
        </div>
      )}
      {archive.error && (
        <p className="console-error" role="alert">
          {archive.error}
        </p>
      )}
    </li>
  );
}
