import { useEffect, useState } from 'react';
import { IonButton } from '@ionic/react';
import type { SessionUser } from '@gavel/domain';
import { type CountdownLine, welcomeCountdown } from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { Page } from '../../ui/Page';
import { Html } from '../../ui/Html';
import { Loading } from '../../ui/Loading';
import { EventBanners } from '../../ui/EventBanners';
import { useServerNow } from '../../ui/HeaderCountdown';
import { useEvent } from '../../queries/event';
import { useItems } from '../../queries/items';

const SPONSOR_ROTATION_MS = 5000;

/** Sponsor images, one at a time, changing every 5 seconds. */
function SponsorBanner({ urls }: { urls: string[] }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (urls.length < 2) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % urls.length), SPONSOR_ROTATION_MS);
    return () => clearInterval(t);
  }, [urls.length]);
  const url = urls[index % Math.max(1, urls.length)];
  if (!url) return null;
  return (
    <section className="gavel-card gavel-center" aria-label="Our sponsors" data-testid="sponsor-banner">
      <p className="gavel-muted" style={{ margin: '0 0 8px', fontSize: '0.8rem', letterSpacing: '0.08em' }}>
        THANK YOU TO OUR SPONSORS
      </p>
      <img
        src={url}
        alt={`Sponsor ${index + 1} of ${urls.length}`}
        data-testid="sponsor-image"
        style={{ maxWidth: '100%', maxHeight: 120, objectFit: 'contain' }}
      />
    </section>
  );
}

function Countdown({ line, testId }: { line: CountdownLine; testId: string }) {
  return (
    <p style={{ margin: '4px 0' }} data-testid={testId}>
      {line.label} <strong>{line.left}</strong>
    </p>
  );
}

function WelcomePage({ user }: { user: SessionUser }) {
  const { eventcode } = useSession();
  const event = useEvent().data;
  // The items' own closes, patched live, tell when the first of them ends before the event does.
  const items = useItems().data;
  const now = useServerNow();
  if (!event)
    return (
      <Page header="main" testId="welcome-page">
        <Loading />
      </Page>
    );
  const countdown = welcomeCountdown(items ?? [], new Date(event.eventbiddingclosed), now);
  return (
    <Page header="main" testId="welcome-page">
      <EventBanners flag={event.eventflag} />
      <section className="gavel-hero">
        <h1 data-testid="welcome-event-name">{event.eventname}</h1>
        <p style={{ fontSize: '1.15rem', margin: '4px 0' }} data-testid="welcome-name">
          Welcome, {user.firstname} {user.lastname}
        </p>
        <p className="gavel-muted" data-testid="bidder-number">
          Bidder #{user.bidderdisplaynumber}
        </p>
        {event.eventflag === 'biddingopen' ? (
          <div role="timer" aria-live="off">
            {countdown.items ? <Countdown line={countdown.items} testId="welcome-items-countdown" /> : null}
            <Countdown line={countdown.bidding} testId="welcome-countdown" />
          </div>
        ) : null}
      </section>
      {event.welcomemessage ? (
        <section className="gavel-card">
          <Html html={event.welcomemessage} testId="welcome-message" />
        </section>
      ) : null}
      <div className="gavel-actions" style={{ marginBottom: 16 }}>
        <IonButton expand="block" size="large" routerLink={`/${eventcode}/auction-items`} data-testid="view-items">
          View Auction Items
        </IonButton>
        <IonButton expand="block" fill="outline" routerLink={`/${eventcode}/cart`} data-testid="go-to-cart">
          Go to My Cart
        </IonButton>
      </div>
      <SponsorBanner urls={event.sponsorurl} />
    </Page>
  );
}

export const Welcome = signedIn(WelcomePage, 'main', 'welcome-page');
