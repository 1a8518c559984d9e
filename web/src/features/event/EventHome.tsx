import { Navigate } from 'react-router-dom';
import { formatTimeWithZone } from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { PageFrame } from '../../ui/PageFrame';
import { Html } from '../../ui/Html';
import { Loading } from '../../ui/Loading';
import { isEventNotFound, useEvent } from '../../queries/event';
import { JoinForm } from './JoinForm';
import './event.css';

/** The event's front door: its name and message, the join form, and guest browsing when allowed. */
export function EventHome() {
  const { eventcode, claims, isGuest, user } = useSession();
  const event = useEvent();
  if (isEventNotFound(event.error)) return <Navigate to={`/${eventcode}/not-found/`} replace />;
  if (claims && !isGuest && user?.setupcomplete && user.accountstatus === 'verified') return <Navigate to={`/${eventcode}/welcome/`} replace />;

  const data = event.data;
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
            {data.eventflag === 'eventnotopen' || data.eventflag === 'biddingnotopen' ? (
              <p className="gavel-opens" data-testid="bidding-opens">
                <span className="gavel-opens-label">Bidding opens</span> <time dateTime={data.eventbiddingopen}>{formatTimeWithZone(data.eventbiddingopen)}</time>
              </p>
            ) : null}
          </section>
          {(data.eventflag === 'eventnotopen' ? data.preeventtext : data.homemessage) ? (
            <section className="gavel-card">
              <Html html={data.eventflag === 'eventnotopen' ? data.preeventtext : data.homemessage} testId="event-message" />
            </section>
          ) : null}
          <JoinForm allowGuests={data.eventallowguestentry} />
        </>
      )}
    </PageFrame>
  );
}
