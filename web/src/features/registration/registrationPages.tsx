import { useEffect, useRef, useState } from 'react';
import { IonButton } from '@ionic/react';
import { Link, useParams } from 'react-router-dom';
import { registrationMessages } from '@gavel/domain';
import { useGuestGroups, useGuestRegistration, usePurchaserRegistration } from '../../queries/registration';
import { EventVenue } from '../../ui/EventVenue';
import { Loading } from '../../ui/Loading';
import { useHistory } from '../../ui/navigation';
import { useSession } from '../../session/SessionProvider';
import { StoreFrame } from '../store/StoreFrame';
import { GuestForm } from './GuestForm';
import { GuestGroups } from './GuestGroups';
import { RegistrationProgress } from './RegistrationProgress';
import './registration.css';

/** A link that cannot be opened: the server's message and the way back to the store. */
function LinkProblem({ message }: { message: string }) {
  const { eventcode } = useSession();
  return (
    <section className="gavel-card" role="alert" data-testid="registration-link-error">
      <p className="gavel-error">{message}</p>
      <Link to={`/${eventcode}/event`}>Go to the event store</Link>
    </section>
  );
}

/**
 * /{eventcode}/event/purchaserregistration/{id}: the receipt's Update Registration link. The
 * purchaser's groups with their guests, and Finish to the store (spec sections 2 and 7).
 */
export function PurchaserRegistration() {
  const { id = '' } = useParams();
  const link = usePurchaserRegistration(id);
  const token = link.data?.token ?? null;
  const groups = useGuestGroups(token);
  const history = useHistory();
  const data = link.data;
  const shown = groups.data?.groups ?? data?.groups ?? [];
  const bar = data ? (
    <div className="gavel-store-bar-buttons">
      <IonButton data-testid="purchaser-finish" onClick={() => history.push(data.storeurl)}>
        Finish
      </IonButton>
    </div>
  ) : undefined;
  return (
    <StoreFrame testId="purchaser-registration" title={data?.purchasertitle ?? registrationMessages.title} bar={bar}>
      {link.isPending ? <Loading /> : null}
      {link.isError ? <LinkProblem message={link.error.message} /> : null}
      {data ? (
        <>
          <h1 className="gavel-guest-welcome" data-testid="purchaser-welcome">
            {registrationMessages.welcome(data.purchasername)}
          </h1>
          <p className="gavel-guest-lead">{registrationMessages.assign}</p>
          <RegistrationProgress groups={shown} editdeadline={groups.data?.editdeadline ?? data.editdeadline} />
          <h2 className="gavel-store-heading">{registrationMessages.yourGuests}</h2>
          <GuestGroups token={data.token} groups={shown} />
        </>
      ) : null}
    </StoreFrame>
  );
}

/** After a save: the thank-you link to the store, brought into view under the Save button. */
function Thanks({ to }: { to: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  // A block body, never the call's result: Chromium's scrollIntoView answers a Promise, which React
  // would keep as this effect's cleanup and call on unmount (TypeError, and a blank page).
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);
  return (
    <Link ref={ref} className="gavel-guest-thanks" to={to} data-testid="guest-thanks">
      {registrationMessages.thankYou}
    </Link>
  );
}

/**
 * /{eventcode}/event/guestregistration/{id}: a guest's own link. Their fields and Save; after
 * saving, the thank-you link to the store (spec sections 2 and 7).
 */
export function GuestRegistration() {
  const { id = '' } = useParams();
  const link = useGuestRegistration(id);
  const [saved, setSaved] = useState(false);
  const data = link.data;
  return (
    <StoreFrame testId="guest-registration" title={data?.registrationtitle ?? registrationMessages.title}>
      {link.isPending ? <Loading /> : null}
      {link.isError ? <LinkProblem message={link.error.message} /> : null}
      {data ? (
        <section className="gavel-card gavel-guest-page">
          <p className="gavel-guest-lead" data-testid="guest-group-name">
            {data.groupname}
          </p>
          <h1 className="gavel-guest-welcome" data-testid="guest-welcome">
            {registrationMessages.guestWelcome(data.guestname)}
          </h1>
          <EventVenue venue={data.venue} inset />
          <h2 className="gavel-guest-subhead">{registrationMessages.editYours}</h2>
          {data.guestislocked ? (
            <p className="gavel-guest-locked" role="status" data-testid="guest-locked-note">
              {registrationMessages.guestLocked}
            </p>
          ) : null}
          <GuestForm
            token={data.token}
            guestid={data.guestid}
            registrationid={data.selectedregistrationid}
            fields={data.guestfieldslist}
            lookups={data.guestlookuplist}
            locked={data.guestislocked}
            canUnlock={false}
            onSaved={() => setSaved(true)}
          />
          {saved ? <Thanks to={data.storeurl} /> : null}
        </section>
      ) : null}
    </StoreFrame>
  );
}
