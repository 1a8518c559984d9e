import { Navigate, useMatch } from 'react-router-dom';
import { LocalTime } from '../../ui/LocalTime';
import { useSession } from '../../session/SessionProvider';
import { PageFrame } from '../../ui/PageFrame';
import { Html } from '../../ui/Html';
import { Loading } from '../../ui/Loading';
import { isEventNotFound, useEvent } from '../../queries/event';
import { JoinForm } from './JoinForm';
import { EventEnded } from './EventEnded';
import { hasEnded, useEventFlag } from './eventFlag';
import './event.css';

/**
 * The event's front door: its name and message, the join form, and guest browsing when allowed.
 * Once bidding is over it says so, and the form signs past bidders in to pay and see their orders.
 */
export function EventHome() {
  const { eventcode, claims, isGuest, user } = useSession();
  const event = useEvent();
  const flag = useEventFlag(event.data);
  // Ionic keeps this page mounted under the ones opened from it, and Navigate navigates on every
  // render: only the home on screen sends the visitor on, or a refetch of the event would pull a
  // signed-in bidder back to welcome from their cart.
  const onScreen = useMatch('/:eventcode') !== null;
  if (onScreen && isEventNotFound(event.error)) return <Navigate to={`/${eventcode}/not-found/`} replace />;
  if (onScreen && claims && !isGuest && user?.setupcomplete && user.accountstatus === 'verified')
    return <Navigate to={`/${eventcode}/welcome/`} replace />;

  const data = event.data;
  const ended = hasEnded(flag);
  // No footer until the event comes, so its arrival does not push it down the screen (a layout shift).
  return (
    <PageFrame testId="event-home" footer={Boolean(data)}>
      {!data ? (
        <Loading label="Loading the event…" />
      ) : (
        <>
          <section className="gavel-hero">
            {data.logourl ? <img className="logo" src={data.logourl} alt={`${data.eventname} logo`} /> : null}
            <h1 data-testid="event-name">{data.eventname}</h1>
            <p className="gavel-muted">{data.organizationname}</p>
            {flag === 'eventnotopen' || flag === 'biddingnotopen' ? (
              <p className="gavel-opens" data-testid="bidding-opens">
                <span className="gavel-opens-label">Bidding opens</span> <LocalTime at={data.eventbiddingopen} />
              </p>
            ) : null}
          </section>
          {flag && ended ? <EventEnded flag={flag} organization={data.organizationname} /> : null}
          {(flag === 'eventnotopen' ? data.preeventtext : data.homemessage) ? (
            <section className="gavel-card">
              <Html html={flag === 'eventnotopen' ? data.preeventtext : data.homemessage} testId="event-message" />
            </section>
          ) : null}
          <JoinForm allowGuests={data.eventallowguestentry} ended={ended} />
        </>
      )}
    </PageFrame>
  );
}
