import { IonButton } from '@ionic/react';
import { useStoreLanding } from '../../queries/store';
import { useSession } from '../../session/SessionProvider';
import { EventVenue } from '../../ui/EventVenue';
import { Html } from '../../ui/Html';
import { Loading } from '../../ui/Loading';
import { StoreFrame } from './StoreFrame';

/** Where the auction button goes: the organizer's link (a page of ours or another site), else the event home. */
function auctionLink(link: string, eventcode: string): { routerLink: string } | { href: string } {
  if (/^https?:\/\//i.test(link)) return { href: link };
  return { routerLink: link || `/${eventcode}` };
}

/** Sales have closed: the server's message (with the logo above it, or in it on the store). */
export function StoreClosed({ message, logo }: { message: string; logo?: string }) {
  return (
    <section className="gavel-card gavel-center" data-testid="store-closed">
      {logo ? <img className="gavel-store-closed-logo" src={logo} alt="" /> : null}
      <p className="gavel-store-closed">{message}</p>
    </section>
  );
}

/**
 * The store's landing page (/{eventcode}/event): the event's time and place (when the organizer
 * gave a venue), the organizer's page, its footer, and the buttons to register, go to the auction
 * and donate, each shown by its flag. Once sales have closed it shows the closing message with the
 * logo, and no buttons.
 */
export function StoreLanding() {
  const { eventcode } = useSession();
  const landing = useStoreLanding();
  const data = landing.data;
  const open = data?.status === 'success';
  const logo = data ? data.storewelcomeeventlogourl || data.logourl : '';
  const bar =
    data &&
    open &&
    (data.storewelcomebuttoneventshow || data.storewelcomebuttonauctionshow || data.storewelcomebuttondonateshow) ? (
      <div className="gavel-store-landing-buttons">
        {data.storewelcomebuttoneventshow ? (
          <IonButton expand="block" routerLink={`/${eventcode}/event/register/`} data-testid="store-register">
            {data.storewelcomebuttonevent}
          </IonButton>
        ) : null}
        <div className="gavel-store-landing-row">
          {data.storewelcomebuttonauctionshow ? (
            <IonButton
              expand="block"
              fill="outline"
              {...auctionLink(data.storewelcomeauctionlink, eventcode)}
              data-testid="store-auction"
            >
              {data.storewelcomebuttonauction}
            </IonButton>
          ) : null}
          {data.storewelcomebuttondonateshow ? (
            <IonButton
              expand="block"
              color="secondary"
              routerLink={`/${eventcode}/event/register/cart`}
              data-testid="store-donate"
            >
              {data.storewelcomebuttondonate}
            </IonButton>
          ) : null}
        </div>
      </div>
    ) : null;

  return (
    <StoreFrame testId="store-landing" title={data?.storewelcomeeventname ?? ''} bar={bar}>
      {landing.isPending ? <Loading /> : null}
      {landing.isError ? (
        <p className="gavel-error" role="alert" data-testid="store-load-error">
          {landing.error.message}
        </p>
      ) : null}
      {data ? (
        <>
          <section className="gavel-hero">
            {logo ? (
              <img className="logo" src={logo} alt={`${data.storewelcomeeventname} logo`} data-testid="store-logo" />
            ) : null}
            {open ? <h1 data-testid="store-header">{data.storewelcomeheader || data.storewelcomeeventname}</h1> : null}
          </section>
          {open ? (
            <>
              <EventVenue venue={data.venue} />
              {data.storelandinghtml ? (
                <section className="gavel-card">
                  <Html html={data.storelandinghtml} testId="store-landing-html" />
                </section>
              ) : null}
              <Html
                html={data.storewelcomefooter}
                testId="store-landing-footer"
                className="gavel-store-landing-footer"
              />
            </>
          ) : (
            <StoreClosed message={data.message} />
          )}
        </>
      ) : null}
    </StoreFrame>
  );
}
